#pragma once
// The grammar's error sentences: one per rule that can fail under `must<>`. `control` refuses to
// compile a `must<>` whose rule has no sentence here, so every syntax error reads like one.
#include "rules/grammar.h"

namespace c2a::rules::grammar {

template <typename Rule>
inline constexpr const char* error_message = nullptr;

// Strings
template <>
inline constexpr auto error_message<dq_close> = "unterminated string";
template <>
inline constexpr auto error_message<sq_close> = "unterminated string";
template <>
inline constexpr auto error_message<escape_code> =
    "unknown escape in a string (use \\\\, \\\", \\', \\n, \\r or \\t)";

// Literals and paths
template <>
inline constexpr auto error_message<list_close> = "expected `,` or `]` in the list";
template <>
inline constexpr auto error_message<path_segment> =
    "expected a name, an index, `*`, `**` or a quoted key after `.`";

// Conditions
template <>
inline constexpr auto error_message<condition_tail> =
    "expected an operator (`==`, `appliesTo`, ...) or `exists` after the operand";
template <>
inline constexpr auto error_message<rhs> = "expected a value or a path after the operator";
template <>
inline constexpr auto error_message<universal_path> = "expected a path after `all`";
template <>
inline constexpr auto error_message<group_body> = "expected a condition after `(`";
template <>
inline constexpr auto error_message<group_close> = "expected `)`";
template <>
inline constexpr auto error_message<negation_body> = "expected a condition after `not`";
template <>
inline constexpr auto error_message<and_operand> = "expected a condition after `and`";
template <>
inline constexpr auto error_message<or_operand> = "expected a condition after `or`";
template <>
inline constexpr auto error_message<condition_text> = "expected a condition";
template <>
inline constexpr auto error_message<condition_end> =
    "expected `and`, `or` or the end of the condition";

// Queries
template <>
inline constexpr auto error_message<field_colon> = "expected `:` after the field name";
template <>
inline constexpr auto error_message<field_value> = "expected a string after `:`";
template <>
inline constexpr auto error_message<fields_close> = "expected a field (`type: \"...\"`) or `}`";
template <>
inline constexpr auto error_message<query> =
    "expected a query after `=`: resource, component, change, parameter, output, condition, "
    "mapping, construct or stack";

// Rule items
template <>
inline constexpr auto error_message<binding_name> = "expected a binding name after `let`";
template <>
inline constexpr auto error_message<binding_equals> = "expected `=` after the binding name";
template <>
inline constexpr auto error_message<binding_condition> = "expected a condition after `where`";
template <>
inline constexpr auto error_message<rule_condition_body> = "expected a condition after `where`";
template <>
inline constexpr auto error_message<effect_item> =
    "expected `risk = ...`, `action = ...` or `target = ...` after `effect`";
template <>
inline constexpr auto error_message<next_effect_item> =
    "expected `risk = ...`, `action = ...` or `target = ...` after `,`";
template <>
inline constexpr auto error_message<risk_equals> = "expected `=` after `risk`";
template <>
inline constexpr auto error_message<action_equals> = "expected `=` after `action`";
template <>
inline constexpr auto error_message<target_equals> = "expected `=` after `target`";
template <>
inline constexpr auto error_message<risk_value> =
    "expected a risk after `risk =`: high, low or unknown";
template <>
inline constexpr auto error_message<action_value> =
    "expected an action after `action =`: approve, reject or none";
template <>
inline constexpr auto error_message<target_value> = "expected a binding name after `target =`";

// Rules and the file
template <>
inline constexpr auto error_message<rule_description> = "expected a string after `rule`";
template <>
inline constexpr auto error_message<rule_id_value> =
    "expected the rule's id after `id` (lowercase letters, digits and `-`: `id store-replace`)";
template <>
inline constexpr auto error_message<rule_open> = "expected `{` after the rule's description";
template <>
inline constexpr auto error_message<rule_end> =
    "expected `let`, `where`, `effect`, `rule` or `}` in the rule";
template <>
inline constexpr auto error_message<unclosed_rule> = "missing `}`: the file ends inside a rule";
template <>
inline constexpr auto error_message<include_path> = "expected a string after `include`";
template <>
inline constexpr auto error_message<file_end> = "expected `rule` or `include`";

// Only `must<>` raises: a rule with a sentence may still fail quietly where it is optional.
struct errors {
  template <typename Rule>
  static constexpr auto message = error_message<Rule>;
  template <typename Rule>
  static constexpr bool raise_on_failure = false;
};

template <typename Rule>
using control = must_if<errors>::control<Rule>;

}  // namespace c2a::rules::grammar
