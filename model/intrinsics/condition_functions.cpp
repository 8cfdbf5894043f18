// The functions of conditions: Fn::If (a value chosen by a condition), the condition expressions
// (Condition, Fn::Equals, Fn::And, Fn::Or, Fn::Not) and the rule functions of a template's
// `Rules` section (Fn::Contains, Fn::EachMemberEquals...), which c2a reads but does not evaluate.
#include "model/intrinsics/function_evaluation.h"
#include "model/intrinsics/function_table.h"
#include "model/intrinsics/reference_walk.h"
#include "model/same_value.h"

namespace c2a {
namespace {

Evaluated knownTruth(bool value, bool fromDefaults) {
  return {value ? Truth::True : Truth::False, fromDefaults};
}

void namesConditionFirst(ReferenceWalk& walk, const Json& argument) {
  referToNamedFirst(walk, ReferenceKind::Condition, argument);
}

void ifReferences(ReferenceWalk& walk, const Json& argument) {
  referToNamedFirstInList(walk, ReferenceKind::Condition, argument);
}

// A condition that rests on Defaults chooses only when Defaults may be used.
EvaluatedValue ifEvaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                          int depth) {
  if (!argument.is_array() || argument.size() != 3 || !argument[0].is_string()) {
    return keptCall(functionName(Fn::If), evaluation.value(argument, depth + 1));
  }
  auto holds = evaluation.condition(argument[0].get<std::string>());
  if (holds.truth == Truth::Unknown || (holds.fromDefaults && !evaluation.useDefaults())) {
    return keptCall(functionName(Fn::If), evaluation.value(argument, depth + 1));
  }
  auto chosen = evaluation.value(argument[holds.truth == Truth::True ? 1 : 2], depth + 1);
  chosen.assumed = chosen.assumed || holds.fromDefaults;
  return chosen;
}

Evaluated conditionDecide(FunctionEvaluation& evaluation, const Json& argument, int) {
  return argument.is_string() ? evaluation.condition(argument.get<std::string>()) : Evaluated{};
}

// Conditions are evaluated with the Defaults too: the answer then says it rests on them.
Evaluated equalsDecide(FunctionEvaluation& evaluation, const Json& argument, int depth) {
  if (!argument.is_array() || argument.size() != 2) return {};
  auto left = evaluation.valueWithDefaults(argument[0], depth + 1);
  auto right = evaluation.valueWithDefaults(argument[1], depth + 1);
  if (!left.complete || !right.complete || !isScalarValue(left.value) ||
      !isScalarValue(right.value)) {
    return {};
  }
  return knownTruth(scalarText(left.value) == scalarText(right.value),
                    left.assumed || right.assumed);
}

Evaluated notDecide(FunctionEvaluation& evaluation, const Json& argument, int depth) {
  if (!argument.is_array() || argument.size() != 1) return {};
  auto inner = evaluation.truth(argument[0], depth + 1);
  if (inner.truth == Truth::Unknown) return inner;
  return knownTruth(inner.truth == Truth::False, inner.fromDefaults);
}

// The deciding value (false for And, true for Or) decides even beside unknowns.
Evaluated connective(FunctionEvaluation& evaluation, const Json& argument, int depth,
                     Truth deciding) {
  if (!argument.is_array() || argument.empty()) return {};
  bool unknown = false, fromDefaults = false, decided = false, decidedFromDefaults = true;
  for (const auto& part : argument) {
    auto each = evaluation.truth(part, depth + 1);
    if (each.truth == Truth::Unknown) {
      unknown = true;
    } else if (each.truth == deciding) {
      decided = true;
      decidedFromDefaults = decidedFromDefaults && each.fromDefaults;
    }
    fromDefaults = fromDefaults || each.fromDefaults;
  }
  if (decided) return {deciding, decidedFromDefaults};
  if (unknown) return {};
  return {deciding == Truth::False ? Truth::True : Truth::False, fromDefaults};
}

Evaluated andDecide(FunctionEvaluation& evaluation, const Json& argument, int depth) {
  return connective(evaluation, argument, depth, Truth::False);
}

Evaluated orDecide(FunctionEvaluation& evaluation, const Json& argument, int depth) {
  return connective(evaluation, argument, depth, Truth::True);
}

}  // namespace

IntrinsicFunction ifFunction() {
  return {.id = Fn::If, .name = "Fn::If", .references = ifReferences, .evaluate = ifEvaluate};
}

IntrinsicFunction conditionFunction() {
  return {.id = Fn::Condition,
          .name = "Condition",
          .references = namesConditionFirst,
          .decide = conditionDecide};
}

IntrinsicFunction equalsFunction() {
  return {.id = Fn::Equals, .name = "Fn::Equals", .decide = equalsDecide};
}

IntrinsicFunction andFunction() {
  return {.id = Fn::And, .name = "Fn::And", .decide = andDecide};
}

IntrinsicFunction orFunction() {
  return {.id = Fn::Or, .name = "Fn::Or", .decide = orDecide};
}

IntrinsicFunction notFunction() {
  return {.id = Fn::Not, .name = "Fn::Not", .decide = notDecide};
}

IntrinsicFunction ruleFunction(Fn id, std::string_view name) {
  return {.id = id, .name = name};
}

}  // namespace c2a
