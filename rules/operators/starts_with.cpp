// `a startsWith b`: a's text begins with b's text (numbers and booleans as JSON writes them).
#include <string_view>

#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool startsWith(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  return textsSatisfy(lhs, rhs, [](std::string_view text, std::string_view part) {
    return text.starts_with(part);
  });
}

}  // namespace

OperatorInfo startsWithOperator() {
  return {.name = "startsWith",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "the string a begins with b",
          .apply = &startsWith,
          .literal = LiteralKind::Text};
}

}  // namespace c2a::rules
