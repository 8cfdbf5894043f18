// `a in b`: a equals (loosely) an element of the list b, or a's text occurs in the string b.
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool apply(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  if (!a || !b) return false;
  if (b->is_array()) {
    for (const auto& element : *b) {
      if (looseEquals(*a, element)) return true;
    }
    return false;
  }
  if (!b->is_string()) return false;
  std::string buffer;
  auto text = textOf(*a, buffer);
  return text && b->get_ref<const std::string&>().find(*text) != std::string::npos;
}

}  // namespace

OperatorInfo inOperator() {
  return {.name = "in",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "a is an element of the list b, or a substring of the string b",
          .apply = &apply};
}

}  // namespace c2a::rules
