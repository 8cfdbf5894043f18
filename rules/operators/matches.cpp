// `a matches "prod-*"`: a glob over a's text (`*` any run, `?` one character), in linear time.
#include "rules/operators/glob.h"
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool matches(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  if (!a || !b || !b->is_string()) return false;
  std::string buffer;
  auto text = textOf(*a, buffer);
  return text && globMatches(*text, b->get_ref<const std::string&>());
}

std::string validateGlob(const Json& rhs) {
  return rhs.is_string() ? "" : "`matches` needs a string pattern, such as \"prod-*\"";
}

}  // namespace

OperatorInfo matchesOperator() {
  return {.name = "matches",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "a matches the glob b: * any run of characters, ? any one",
          .apply = &matches,
          .validate = &validateGlob,
          .literal = LiteralKind::Text};
}

}  // namespace c2a::rules
