// `a in b`: a equals (loosely) an element of the list b, or a's text occurs in the string b.
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool in(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  return a && b && holds(*b, *a);
}

}  // namespace

OperatorInfo inOperator() {
  return {.name = "in",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "a is an element of the list b, or a substring of the string b",
          .apply = &in};
}

}  // namespace c2a::rules
