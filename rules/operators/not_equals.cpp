// `a != b`: exactly `not (a == b)`, so it holds when a reaches nothing. Checked pair by pair
// (everyPair): no value of a may equal a value of b.
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool notEquals(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  return !(a && b && looseEquals(*a, *b));
}

}  // namespace

OperatorInfo notEqualsOperator() {
  return {.name = "!=",
          .aliases = {"!=="},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "not (a == b): no value of a equals a value of b",
          .apply = &notEquals,
          .everyPair = true};
}

}  // namespace c2a::rules
