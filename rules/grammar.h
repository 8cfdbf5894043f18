#pragma once
// The native rules language as a PEGTL grammar, rule for rule the EBNF of docs/rules.md (Grammar).
// Private to rules/ (native_parser.cpp, expression_parser.cpp and the grammar tests).
//
// Conventions:
// - Every token swallows the blanks and comments after it (`token<>`), so when a `must<>` fails
//   the input sits on the offending token and the error names its column.
// - After the first token of a construct the rest is `must<>`: once `let` is read, a binding must
//   follow. Each rule under `must<>` has its sentence in grammar_errors.h.
// - Recursion (rules in rules, parentheses, `not`, lists) is bounded by counters in the actions
//   (parse_actions.h), not by the grammar.
#include <tao/pegtl.hpp>

namespace c2a::rules::grammar {

using namespace tao::pegtl;

// ---------------------------------------------------------------------------------------------
// Blanks and comments: `#` to the end of the line. Free between any two tokens.
struct comment : seq<one<'#'>, until<eolf>> {};
struct skip : sor<space, comment> {};
struct sep : star<skip> {};
template <typename Rule>
struct token : seq<Rule, sep> {};

// ---------------------------------------------------------------------------------------------
// Reserved words: never the root of a path nor a binding name (fine after a dot: `x.type`).
struct kw_and : TAO_PEGTL_KEYWORD("and") {};
struct kw_or : TAO_PEGTL_KEYWORD("or") {};
struct kw_not : TAO_PEGTL_KEYWORD("not") {};
struct kw_all : TAO_PEGTL_KEYWORD("all") {};
struct kw_exists : TAO_PEGTL_KEYWORD("exists") {};
struct kw_true : TAO_PEGTL_KEYWORD("true") {};
struct kw_false : TAO_PEGTL_KEYWORD("false") {};
struct kw_null : TAO_PEGTL_KEYWORD("null") {};
struct kw_let : TAO_PEGTL_KEYWORD("let") {};
struct kw_rule : TAO_PEGTL_KEYWORD("rule") {};
struct kw_where : TAO_PEGTL_KEYWORD("where") {};
struct kw_effect : TAO_PEGTL_KEYWORD("effect") {};
struct kw_include : TAO_PEGTL_KEYWORD("include") {};
// Word operators are reserved too, so `x in y` never reads `in` as a path.
struct kw_in : TAO_PEGTL_KEYWORD("in") {};
struct kw_contains : TAO_PEGTL_KEYWORD("contains") {};
struct kw_starts_with : TAO_PEGTL_KEYWORD("startsWith") {};
struct kw_ends_with : TAO_PEGTL_KEYWORD("endsWith") {};
struct kw_matches : TAO_PEGTL_KEYWORD("matches") {};
struct kw_matches_regex : TAO_PEGTL_KEYWORD("matchesRegex") {};
struct kw_applies_to : TAO_PEGTL_KEYWORD("appliesTo") {};

// Words that can never be an operator: they end or join conditions, or start rule items.
struct structural_word : sor<kw_and, kw_or, kw_not, kw_all, kw_exists, kw_true, kw_false, kw_null,
                             kw_let, kw_rule, kw_where, kw_effect, kw_include> {};
struct reserved_word : sor<structural_word, kw_in, kw_contains, kw_starts_with, kw_ends_with,
                           kw_matches, kw_matches_regex, kw_applies_to> {};

// A binding name or path root: an identifier that is not reserved.
struct name : seq<not_at<reserved_word>, identifier> {};

// ---------------------------------------------------------------------------------------------
// Strings: "double" or 'single' quotes, one line, escapes \\ \" \' \n \r \t.
struct escape_code : one<'\\', '"', '\'', 'n', 'r', 't'> {};
struct escape : if_must<one<'\\'>, escape_code> {};
struct dq_open : one<'"'> {};
struct dq_chars : plus<not_one<'"', '\\', '\n', '\r'>> {};
struct dq_close : one<'"'> {};
struct dq_string : seq<dq_open, star<sor<dq_chars, escape>>, must<dq_close>> {};
struct sq_open : one<'\''> {};
struct sq_chars : plus<not_one<'\'', '\\', '\n', '\r'>> {};
struct sq_close : one<'\''> {};
struct sq_string : seq<sq_open, star<sor<sq_chars, escape>>, must<sq_close>> {};
struct quoted : sor<dq_string, sq_string> {};

// A bare word where a value is expected (`risk = high`, `type: REPLACE`).
struct bare_word : identifier {};

// ---------------------------------------------------------------------------------------------
// Literals.
struct digits : plus<digit> {};
struct fraction : seq<one<'.'>, digits> {};
struct exponent : seq<one<'e', 'E'>, opt<one<'+', '-'>>, digits> {};
struct number : seq<opt<one<'-'>>, digits, opt<fraction>, opt<exponent>, not_at<identifier_other>> {
};
struct string_literal : quoted {};
struct true_literal : kw_true {};
struct false_literal : kw_false {};
struct null_literal : kw_null {};
struct comma : token<one<','>> {};
struct literal;
struct list_open : token<one<'['>> {};
struct list_close : token<one<']'>> {};
struct list_literal
    : seq<list_open, opt<literal, star<comma, literal>, opt<comma>>, must<list_close>> {};
struct literal
    : token<sor<string_literal, number, true_literal, false_literal, null_literal, list_literal>> {
};

// ---------------------------------------------------------------------------------------------
// Paths: `bucket.Properties.Tags.*.Key`, `x.**.Arn`, `r.Metadata."aws:cdk:path"`, `x.Items.0`.
struct path_root : name {};
struct segment_any_depth : two<'*'> {};
struct segment_any_one : one<'*'> {};
struct segment_key : plus<identifier_other> {};  // names and array indices
struct segment_quoted : quoted {};
struct path_segment : sor<segment_any_depth, segment_any_one, segment_key, segment_quoted> {};
struct path_step : if_must<one<'.'>, path_segment> {};
struct path : token<seq<path_root, star<path_step>>> {};

struct operand : sor<literal, path> {};

// ---------------------------------------------------------------------------------------------
// Conditions: `lhs OP rhs`, `lhs exists`, `all path OP rhs`.
// Any word that is not structural is an operator here; compile.h knows which ones exist, so an
// alias added to the operator table needs no grammar change and a typo is reported as an
// unknown operator at its column.
struct symbolic_operator
    : sor<string<'=', '=', '='>, string<'=', '='>, string<'!', '=', '='>, string<'!', '='>,
          string<'<', '='>, string<'<', '<'>, string<'<', '-'>, one<'<'>, string<'>', '='>,
          string<'>', '>'>, one<'>'>, string<'-', '>'>> {};
struct word_operator : seq<not_at<structural_word>, identifier> {};
struct operator_name : sor<symbolic_operator, word_operator> {};
struct comparison_operator : token<operator_name> {};
struct rhs : operand {};
struct comparison : if_must<comparison_operator, rhs> {};
struct exists_test : token<kw_exists> {};
struct condition_tail : sor<exists_test, comparison> {};
struct quantifier : token<kw_all> {};
struct universal_path : seq<path> {};  // seq<>: a derived rule would hide path's action
struct quantified_lhs : if_must<quantifier, universal_path> {};
struct lhs : operand {};
struct condition : seq<sor<quantified_lhs, lhs>, must<condition_tail>> {};

// ---------------------------------------------------------------------------------------------
// Expressions, loosest first: or < and < not < ( ) / condition.
struct expression;
struct group_open : token<one<'('>> {};
struct group_close : token<one<')'>> {};
struct group_body;
struct group : if_must<group_open, group_body, group_close> {};
struct primary : sor<group, condition> {};
struct not_operator : token<sor<kw_not, seq<one<'!'>, not_at<one<'='>>>>> {};
struct negation_body;
struct negation : if_must<not_operator, negation_body> {};
struct unary : sor<negation, primary> {};
struct negation_body : unary {};
struct and_operator : token<sor<kw_and, two<'&'>>> {};
struct and_operand : unary {};
struct and_tail : if_must<and_operator, and_operand> {};
struct conjunction : seq<unary, star<and_tail>> {};
struct or_operator : token<sor<kw_or, two<'|'>>> {};
struct or_operand : conjunction {};
struct or_tail : if_must<or_operator, or_operand> {};
struct disjunction : seq<conjunction, star<or_tail>> {};
struct expression : disjunction {};
struct group_body : expression {};

// A condition on its own (C2A rule files, parseExpression): all of the text is one condition.
struct condition_text : expression {};
struct condition_end : eof {};
struct standalone_condition : seq<sep, must<condition_text, condition_end>> {};

// ---------------------------------------------------------------------------------------------
// Queries: what a `let` binds. They take no trailing blanks, so that a binding's own `where` can
// be told apart from a rule's `where` by being on the same line (see `binding`).
struct kw_resource : TAO_PEGTL_KEYWORD("resource") {};
struct kw_component : TAO_PEGTL_KEYWORD("component") {};
struct kw_change : TAO_PEGTL_KEYWORD("change") {};
struct kind_keyword : sor<TAO_PEGTL_KEYWORD("parameter"), TAO_PEGTL_KEYWORD("output"),
                          TAO_PEGTL_KEYWORD("condition"), TAO_PEGTL_KEYWORD("mapping"),
                          TAO_PEGTL_KEYWORD("construct"), TAO_PEGTL_KEYWORD("stack")> {};

struct field_key : identifier {};
struct field_name : token<field_key> {};
struct field_colon : token<one<':'>> {};
struct field_value : token<sor<quoted, bare_word>> {};
struct field : if_must<field_name, field_colon, field_value> {};
struct fields_open : token<one<'{'>> {};
struct fields_close : one<'}'> {};
struct field_list : seq<fields_open, star<field, opt<comma>>, must<fields_close>> {};

struct resource_type : quoted {};
struct resource_query : seq<kw_resource, opt<sep, resource_type>> {};
struct component_query : seq<kw_component, opt<sep, field_list>> {};
struct change_query : seq<kw_change, opt<sep, field_list>> {};
struct query : sor<resource_query, component_query, change_query, kind_keyword> {};

// ---------------------------------------------------------------------------------------------
// Rule items.
struct where_keyword : token<kw_where> {};

// let NAME = QUERY [where CONDITION]: the binding's `where` starts on the `let` line.
struct let_keyword : token<kw_let> {};
struct binding_identifier : name {};
struct binding_name : token<binding_identifier> {};
struct binding_equals : token<one<'='>> {};
struct binding_condition : expression {};
struct binding_filter : seq<star<blank>, if_must<where_keyword, binding_condition>> {};
struct binding
    : seq<if_must<let_keyword, binding_name, binding_equals, query>, opt<binding_filter>, sep> {};

// where CONDITION, on a line of its own
struct rule_condition_body : expression {};
struct rule_condition : if_must<where_keyword, rule_condition_body> {};

// effect risk = high, action = reject, target = change
struct effect_value : token<sor<quoted, bare_word>> {};
struct equals : token<one<'='>> {};
struct risk_key : token<TAO_PEGTL_KEYWORD("risk")> {};
struct risk_equals : equals {};
struct risk_value : effect_value {};
struct risk_item : if_must<risk_key, risk_equals, risk_value> {};
struct action_key : token<TAO_PEGTL_KEYWORD("action")> {};
struct action_equals : equals {};
struct action_value : effect_value {};
struct action_item : if_must<action_key, action_equals, action_value> {};
struct target_key : token<TAO_PEGTL_KEYWORD("target")> {};
struct target_equals : equals {};
struct target_name : name {};
struct target_value : token<target_name> {};
struct target_item : if_must<target_key, target_equals, target_value> {};
struct effect_item : sor<risk_item, action_item, target_item> {};
struct next_effect_item : effect_item {};
struct effect_keyword : token<kw_effect> {};
struct effect_clause
    : seq<if_must<effect_keyword, effect_item>, star<if_must<comma, next_effect_item>>> {};

// rule "description" [id ID] { ITEM* }
struct rule_item;
struct rule_keyword : token<kw_rule> {};
struct rule_description : token<quoted> {};
// The id is read as any run of what is not a blank, a brace, a quote or a comment, so that a
// malformed one (`id Store_Replace`) is reported whole by its action (rule_ids.h says why).
struct rule_id_keyword : token<TAO_PEGTL_KEYWORD("id")> {};
struct rule_id_text : plus<not_one<' ', '\t', '\r', '\n', '{', '}', '#', '"', '\''>> {};
struct rule_id_value : token<rule_id_text> {};
struct rule_id : if_must<rule_id_keyword, rule_id_value> {};
struct rule_open : token<one<'{'>> {};
struct rule_close : token<one<'}'>> {};
struct unclosed_rule {};  // only ever raised: the file ends inside a rule
// Qualified: a bare `raise` would also find ::raise from <csignal>.
struct rule_end : sor<rule_close, seq<eof, tao::pegtl::raise<unclosed_rule>>> {};
struct rule_block : seq<if_must<rule_keyword, rule_description>, opt<rule_id>, must<rule_open>,
                        star<rule_item>, must<rule_end>> {};
struct rule_item : sor<binding, rule_condition, effect_clause, rule_block> {};

// ---------------------------------------------------------------------------------------------
// The file: includes and rules, in any order.
struct include_keyword : token<kw_include> {};
struct include_path : token<quoted> {};
struct include_statement : if_must<include_keyword, include_path> {};
struct file_end : eof {};
struct byte_order_mark : utf8::bom {};  // some editors start UTF-8 files with one
struct rules_file
    : seq<opt<byte_order_mark>, sep, star<sor<include_statement, rule_block>>, must<file_end>> {};

}  // namespace c2a::rules::grammar
