// `a <= b`: numbers, or strings that hold numbers; anything else never compares.
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool lessOrEqual(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  auto numbers = numberPair(lhs, rhs);
  return numbers && numbers->first <= numbers->second;
}

}  // namespace

OperatorInfo lessOrEqualOperator() {
  return {.name = "<=",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "less than or equal to, as numbers (\"8080\" counts as 8080)",
          .apply = &lessOrEqual,
          .literal = LiteralKind::Number};
}

}  // namespace c2a::rules
