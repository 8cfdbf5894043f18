// One condition on its own (C2A rule files keep their conditions as strings), with the same
// grammar and actions as the conditions in native rule files.
#include "rules/expression_parser.h"

#include "rules/grammar.h"
#include "rules/grammar_errors.h"
#include "rules/parse_actions.h"

namespace c2a::rules {

Expression parseExpression(std::string_view text, const SourceLocation& start) {
  // Columns count from `start` on its line; after a newline they are the text's own.
  const auto line = static_cast<std::size_t>(start.line > 0 ? start.line : 1);
  const auto column = static_cast<std::size_t>(start.column > 0 ? start.column : 1);
  tao::pegtl::memory_input in(text.data(), text.data() + text.size(), start.file, 0, line, column);
  parsing::ExpressionBuilder builder;
  try {
    tao::pegtl::parse<grammar::standalone_condition, parsing::action, grammar::control>(in,
                                                                                        builder);
  } catch (const tao::pegtl::parse_error& error) {
    throw parsing::toC2aError(error);
  }
  return builder.pop();
}

}  // namespace c2a::rules
