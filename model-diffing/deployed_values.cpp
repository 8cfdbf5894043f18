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
  // Shown beside the written value only where evaluating says more than the text.
  if (old.value && !old.value->absent && old.value->value != *change.oldValue) {
    change.oldEvaluated = old.value->value;
  }
  if (now.value && !now.value->absent && now.value->value != *change.newValue) {
    change.newEvaluated = now.value->value;
  }
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
    if (oldAssumed.value && !oldAssumed.value->absent &&
        oldAssumed.value->value != *change.oldValue) {
      change.oldEvaluated = oldAssumed.value->value;
    }
    if (nowAssumed.value && !nowAssumed.value->absent &&
        nowAssumed.value->value != *change.newValue) {
      change.newEvaluated = nowAssumed.value->value;
    }
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
