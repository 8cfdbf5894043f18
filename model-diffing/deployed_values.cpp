#include "model-diffing/deployed_values.h"

#include "model/same_value.h"

namespace c2a::diffing {
namespace {

// One side's value evaluated; `absent` when it is not set (or AWS::NoValue).
struct Side {
  std::optional<EvaluatedValue> value;
  [[nodiscard]] bool absent() const { return !value || value->absent; }
  [[nodiscard]] bool complete() const { return absent() || value->complete; }
  [[nodiscard]] bool assumed() const { return value && value->assumed; }
};

Side evaluate(TemplateEvaluator& evaluator, const std::string& stack,
              const std::optional<Json>& written, bool useDefaults) {
  Side out;
  if (written) out.value = evaluator.value(stack, *written, useDefaults);
  return out;
}

// The evaluated value to show beside the written one: only where evaluating says more than the
// text.
std::optional<Json> shown(const Side& side, const std::optional<Json>& written) {
  if (side.absent() || side.value->value == *written) return std::nullopt;
  return side.value->value;
}

bool same(const Side& a, const Side& b) {
  if (a.absent() || b.absent()) return a.absent() && b.absent();
  return equivalent(a.value->value, b.value->value);
}

}  // namespace

DeployedChange judgeDeployed(Evaluators& evaluators, const std::string& beforeStack,
                             const std::string& afterStack, PropertyChange& change,
                             FoundBy foundBy) {
  auto old = evaluate(evaluators.before, beforeStack, change.oldValue, false);
  auto now = evaluate(evaluators.after, afterStack, change.newValue, false);
  if (auto value = shown(old, change.oldValue)) change.oldEvaluated = std::move(value);
  if (auto value = shown(now, change.newValue)) change.newEvaluated = std::move(value);
  // Equal once evaluated, even with parts known only at deploy time: the same references
  // resolve alike (a replaced target is propagation's business, not this comparison's).
  const bool known = old.complete() && now.complete();
  if (same(old, now) && (known || foundBy == FoundBy::DifferentText)) return DeployedChange::None;
  if (known) return DeployedChange::Definite;
  auto oldAssumed = evaluate(evaluators.before, beforeStack, change.oldValue, true);
  auto nowAssumed = evaluate(evaluators.after, afterStack, change.newValue, true);
  const bool assumedKnown = oldAssumed.complete() && nowAssumed.complete();
  // Known only from the parameters' defaults (a deployment may pass others: the change stays
  // possible): still the values to show and for rules to judge, where the text says less.
  if (assumedKnown && !change.oldEvaluated && !change.newEvaluated &&
      !same(oldAssumed, nowAssumed)) {
    change.oldEvaluated = shown(oldAssumed, change.oldValue);  // both unset so far
    change.newEvaluated = shown(nowAssumed, change.newValue);
  }
  if (same(oldAssumed, nowAssumed) && (assumedKnown || foundBy == FoundBy::DifferentText)) {
    return DeployedChange::Possible;
  }
  return DeployedChange::Unknown;
}

bool sameDeployed(Evaluators& evaluators, const std::string& beforeStack,
                  const std::string& afterStack, const Json& old, const Json& now) {
  auto a = evaluators.before.value(beforeStack, old, false);
  auto b = evaluators.after.value(afterStack, now, false);
  return a.absent == b.absent && equivalent(a.value, b.value);
}

}  // namespace c2a::diffing
