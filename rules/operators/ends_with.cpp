// `a endsWith b`: a's text ends with b's text (numbers and booleans as JSON writes them).
#include <string_view>

#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool endsWith(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  return textsSatisfy(
      lhs, rhs, [](std::string_view text, std::string_view part) { return text.ends_with(part); });
}

}  // namespace

OperatorInfo endsWithOperator() {
  return {.name = "endsWith",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "the string a ends with b",
          .apply = &endsWith,
          .literal = LiteralKind::Text};
}

}  // namespace c2a::rules
