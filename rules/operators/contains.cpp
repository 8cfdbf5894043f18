// `a contains b`: the list a has an element equal (loosely) to b, or the string a holds b's text.
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool contains(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  return a && b && holds(*a, *b);
}

}  // namespace

OperatorInfo containsOperator() {
  return {.name = "contains",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "the list a has an element equal to b, or the string a contains b",
          .apply = &contains};
}

}  // namespace c2a::rules
