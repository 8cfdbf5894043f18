#include "model-diffing/deployed_values.h"

#include "model/intrinsics.h"
#include "model/pseudo_parameter.h"
#include "model/same_value.h"
#include "model/value_patterns.h"

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

// A reference to P, an SSM parameter type whose value is not given, against the other side's value
// written as P's Parameter Store key: the value read from the store is never its own key.
bool keyAgainstValue(const TemplateEvaluator& evaluator, const std::string& stack,
                     const std::optional<Json>& written, const Side& other) {
  if (!written || !calls(*written, Fn::Ref) || !written->begin().value().is_string() ||
      !other.complete() || other.absent() || !other.value->value.is_string()) {
    return false;
  }
  auto key = evaluator.ssmKey(stack, written->begin().value().get<std::string>());
  return key && *key == other.value->value.get<std::string>();
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
  if (keyAgainstValue(evaluators.before, beforeStack, change.oldValue, now) ||
      keyAgainstValue(evaluators.after, afterStack, change.newValue, old)) {
    return DeployedChange::Definite;
  }
  // Not known in full because it reads the deployment's inputs (a pseudo parameter or a parameter
  // not given): a difference is possible where some inputs make the values equal, else definite.
  // (A change found through a cause is propagation's to judge.)
  if (foundBy == FoundBy::DifferentText && !old.absent() && !now.absent()) {
    auto isInput = [&](std::string_view name) {
      return isPseudoParameter(name) ||
             evaluators.before.model().find(beforeStack, ComponentType::Parameter, name) ||
             evaluators.after.model().find(afterStack, ComponentType::Parameter, name);
    };
    if (auto coincide = mayCoincide(old.value->value, now.value->value, isInput)) {
      return *coincide ? DeployedChange::Possible : DeployedChange::Definite;
    }
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
