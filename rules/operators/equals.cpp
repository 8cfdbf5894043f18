// `a == b`: JSON equality with CloudFormation's loose scalars.
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool equals(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  return a && b && looseEquals(*a, *b);
}

}  // namespace

OperatorInfo equalsOperator() {
  return {.name = "==",
          .aliases = {"==="},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "equal JSON values; 5 equals \"5\" and true equals \"true\"",
          .apply = &equals};
}

}  // namespace c2a::rules
