// `a > b`: numbers, or strings that hold numbers; anything else never compares.
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool greaterThan(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  auto numbers = numberPair(lhs, rhs);
  return numbers && numbers->first > numbers->second;
}

}  // namespace

OperatorInfo greaterThanOperator() {
  return {.name = ">",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "greater than, as numbers (\"8080\" counts as 8080)",
          .apply = &greaterThan,
          .literal = LiteralKind::Number};
}

}  // namespace c2a::rules
