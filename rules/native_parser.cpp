// The native rules language: rule-file actions on top of the condition actions, and the parse.
#include "rules/native_parser.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/error.h"
#include "model/suggestions.h"
#include "rules/field_names.h"
#include "rules/grammar.h"
#include "rules/grammar_errors.h"
#include "rules/parse_actions.h"

namespace c2a::rules {
namespace parsing {
namespace {

/// Everything a rule file builds, on top of the conditions.
struct RuleFileBuilder : ExpressionBuilder {
  ParsedRules result;
  std::vector<Rule> open;  // rules being read, innermost last

  Binding binding;                  // the `let` being read
  std::string field;                // the query field being read
  std::vector<std::string> fields;  // fields already given in this query

  Effect effect;  // the effect being read
  bool targetGiven = false;
  // A misspelt effect value: reported, and the rule read on with a stand-in, so that the checks
  // of the rest of it still run (`rules check` reports every mistake).
  Diagnostics misspelt;
};

[[noreturn]] void fail(SourceLocation where, std::string message) {
  throw C2aError(ErrorKind::InvalidInput, std::move(where), std::move(message));
}

// "high, low or unknown"
template <typename Enum, std::size_t N>
std::string alternatives(const std::array<Enum, N>& values) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) out += i + 1 == N ? " or " : ", ";
    out += toString(values[i]);
  }
  return out;
}

/// The enum value spelled `text` (as toString spells it); a located error naming the choices
/// otherwise.
template <typename Enum, std::size_t N>
Enum lookup(const std::string& text, const std::array<Enum, N>& values, const char* what,
            const SourceLocation& where) {
  std::vector<std::string_view> names;
  for (Enum value : values) {
    if (toString(value) == text) return value;
    names.push_back(toString(value));
  }
  fail(where, "unknown " + std::string(what) + " `" + text + "` (expected " + alternatives(values) +
                  ")" + didYouMean(text, names));
}

}  // namespace

// ---- Rules
template <>
struct action<grammar::rule_keyword> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    if (b.open.size() >= kMaxRuleNesting) {
      fail(locate(in), "rules nest more than " + std::to_string(kMaxRuleNesting) + " deep");
    }
    b.open.emplace_back().where = locate(in);
  }
};
template <>
struct action<grammar::rule_description> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.open.back().description = b.text;
  }
};
template <>
struct action<grammar::rule_block> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    Rule rule = std::move(b.open.back());
    b.open.pop_back();
    (b.open.empty() ? b.result.rules : b.open.back().children).push_back(std::move(rule));
  }
};
template <>
struct action<grammar::rule_condition_body> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.open.back().conditions.push_back(b.pop());
  }
};

// ---- Bindings
template <>
struct action<grammar::let_keyword> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.binding = Binding{};
  }
};
template <>
struct action<grammar::binding_identifier> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    b.binding.name = in.string();
    b.binding.where = locate(in);
  }
};

// `resource`, `parameter`, `output`, ...: the component type, capitalised.
struct component_kind {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    std::string type = in.string();
    type[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(type[0])));
    b.binding.query.kind = Query::Kind::Component;
    b.binding.query.componentType = componentTypeFromString(type);
  }
};
template <>
struct action<grammar::kw_resource> : component_kind {};
template <>
struct action<grammar::kind_keyword> : component_kind {};

template <>
struct action<grammar::resource_type> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.binding.query.subtype = b.text;
  }
};
template <>
struct action<grammar::kw_component> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.binding.query.kind = Query::Kind::Component;
  }
};
template <>
struct action<grammar::kw_change> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.binding.query.kind = Query::Kind::Change;
  }
};
template <>
struct action<grammar::fields_open> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.fields.clear();
  }
};
template <>
struct action<grammar::field_key> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    const bool component = b.binding.query.kind == Query::Kind::Component;
    const std::vector<std::string_view> known =
        component
            ? std::vector<std::string_view>{"type", "subtype", "name"}
            : std::vector<std::string_view>{"type", "propertyOperationType", "certainty", "level"};
    b.field = in.string();
    if (std::find(known.begin(), known.end(), b.field) == known.end()) {
      std::string expected;
      for (std::size_t i = 0; i < known.size(); ++i) {
        if (i > 0) expected += i + 1 == known.size() ? " or " : ", ";
        expected += known[i];
      }
      fail(locate(in), "unknown field `" + b.field + "` in a " +
                           (component ? "component" : "change") + " query (expected " + expected +
                           ")" + didYouMean(b.field, known));
    }
    if (std::find(b.fields.begin(), b.fields.end(), b.field) != b.fields.end()) {
      fail(locate(in), "`" + b.field + "` is given twice in this query");
    }
    b.fields.push_back(b.field);
  }
};
template <>
struct action<grammar::field_value> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    Query& q = b.binding.query;
    const SourceLocation where = locate(in);
    if (q.kind == Query::Kind::Component) {
      if (b.field == "subtype") {
        q.subtype = b.text;
      } else if (b.field == "name") {
        q.name = b.text;
      } else {
        q.componentType = lookup(b.text, kComponentTypes, "component type", where);
      }
      return;
    }
    if (b.field == "type") {
      q.changeType = lookup(b.text, kOperationTypes, "change type", where);
    } else if (b.field == "propertyOperationType") {
      q.propertyOperationType =
          lookup(b.text, kPropertyOperationTypes, "property operation type", where);
    } else if (b.field == "level") {
      if (b.text != "enclosing" && b.text != "tree") {
        fail(where, "level `" + b.text +
                        "` is neither enclosing nor tree (the levels a query can ask for)");
      }
      q.enclosingLevels = true;
      q.insideLevels = b.text == "tree";
    } else {
      q.certainty = lookup(b.text, kCertainties, "certainty", where);
    }
  }
};
template <>
struct action<grammar::binding_condition> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.binding.conditions.push_back(b.pop());
  }
};
template <>
struct action<grammar::binding> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    b.open.back().bindings.push_back(std::move(b.binding));
  }
};

// ---- Effects
template <>
struct action<grammar::effect_keyword> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    if (b.open.back().effect) fail(locate(in), "a rule has only one `effect`");
    b.effect = Effect{};
    b.effect.where = locate(in);
    b.targetGiven = false;
  }
};
template <>
struct action<grammar::risk_key> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    if (b.effect.risk) fail(locate(in), "`risk` is given twice in this effect");
  }
};
// The value, or a stand-in with the mistake recorded.
template <typename Enum, std::size_t N>
Enum lookupOrRecord(RuleFileBuilder& b, const std::array<Enum, N>& values, const char* what,
                    const SourceLocation& where, Enum standIn) {
  try {
    return lookup(b.text, values, what, where);
  } catch (const C2aError& error) {
    b.misspelt.push_back(error.diagnostic());
    return standIn;
  }
}

template <>
struct action<grammar::risk_value> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    b.effect.risk = lookupOrRecord(b, kRisks, "risk", locate(in), Risk::Unknown);
  }
};
template <>
struct action<grammar::action_key> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    if (b.effect.action) fail(locate(in), "`action` is given twice in this effect");
  }
};
template <>
struct action<grammar::action_value> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    b.effect.action = lookupOrRecord(b, kActions, "action", locate(in), Action::None);
  }
};
template <>
struct action<grammar::target_key> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    if (b.targetGiven) fail(locate(in), "`target` is given twice in this effect");
    b.targetGiven = true;
  }
};
template <>
struct action<grammar::target_name> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    b.effect.target = in.string();
  }
};
template <>
struct action<grammar::effect_clause> {
  template <typename Input>
  static void apply(const Input&, RuleFileBuilder& b) {
    if (!b.effect.risk && !b.effect.action) {
      fail(b.effect.where, "an effect needs a `risk` or an `action`");
    }
    b.open.back().effect = std::move(b.effect);
  }
};

// ---- Includes
template <>
struct action<grammar::include_path> {
  template <typename Input>
  static void apply(const Input& in, RuleFileBuilder& b) {
    b.result.includes.push_back({b.text, locate(in)});
  }
};

}  // namespace parsing

namespace {

/// One parse of `text` (which may have its beginning blanked out): the rules and includes read
/// before the first error are in `into`; the error, if any, is returned, and the misspelt effect
/// values read before it are added to `misspelt`.
std::optional<C2aError> parseInto(std::string_view text, const std::string& file, ParsedRules& into,
                                  Diagnostics& misspelt) {
  tao::pegtl::memory_input in(text.data(), text.size(), file);
  parsing::RuleFileBuilder builder;
  std::optional<C2aError> problem;
  try {
    tao::pegtl::parse<grammar::rules_file, parsing::action, grammar::control>(in, builder);
  } catch (const tao::pegtl::parse_error& error) {
    problem = parsing::toC2aError(error);
    // Name the rule left open: the end of the file is far from where the `}` went missing.
    if (error.message() == grammar::error_message<grammar::unclosed_rule> &&
        !builder.open.empty()) {
      const Rule& rule = builder.open.back();
      problem = C2aError(ErrorKind::InvalidInput, problem->diagnostic().where,
                         "missing `}`: the file ends inside rule \"" + rule.description +
                             "\" (line " + std::to_string(rule.where.line) + ")");
    }
  } catch (const C2aError& error) {  // an action's located refusal (an unknown risk, say)
    problem = error;
  }
  for (auto& rule : builder.result.rules) into.rules.push_back(std::move(rule));
  for (auto& include : builder.result.includes) into.includes.push_back(std::move(include));
  for (auto& mistake : builder.misspelt) misspelt.push_back(std::move(mistake));
  return problem;
}

bool locatedBefore(const Diagnostic& a, const Diagnostic& b) {
  return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
}

/// The offset of the first line after line `line` (1-based) that starts, in its first column,
/// with `rule` or `include`: where a new top-level statement begins. npos when there is none.
std::size_t resynchronisationPoint(std::string_view text, int line) {
  std::size_t at = 0;
  for (int current = 1; current <= line; ++current) {
    at = text.find('\n', at);
    if (at == std::string_view::npos) return at;
    ++at;
  }
  for (; at < text.size(); at = text.find('\n', at) + 1) {
    auto rest = text.substr(at);
    for (std::string_view keyword : {"rule", "include"}) {
      if (rest.starts_with(keyword) && rest.size() > keyword.size() &&
          (rest[keyword.size()] == ' ' || rest[keyword.size()] == '\t' ||
           rest[keyword.size()] == '"')) {
        return at;
      }
    }
    if (text.find('\n', at) == std::string_view::npos) break;
  }
  return std::string_view::npos;
}

}  // namespace

ParsedRules parseNativeRules(std::string_view text, const std::string& file) {
  ParsedRules parsed;
  Diagnostics misspelt;
  auto problem = parseInto(text, file, parsed, misspelt);
  // The first mistake in the file, whichever kind.
  if (!misspelt.empty() && (!problem || locatedBefore(misspelt.front(), problem->diagnostic()))) {
    throw C2aError(misspelt.front());
  }
  if (problem) throw *problem;
  return parsed;
}

RecoveredRules parseNativeRulesRecovering(std::string_view text, const std::string& file) {
  RecoveredRules out;
  Diagnostics misspelt;
  auto problem = parseInto(text, file, out.parsed, misspelt);
  // After a syntax error, parsing starts again at the next top-level `rule` or `include`; the
  // text before it is blanked (newlines kept) so that every location stays the file's own.
  std::string blanked;
  while (problem && out.problems.size() < kMaxRecoveredErrors) {
    out.problems.push_back(problem->diagnostic());
    const int line = problem->diagnostic().where.line;
    const std::size_t restart = resynchronisationPoint(text, std::max(line, 1));
    if (restart == std::string_view::npos) break;
    if (blanked.empty()) blanked.assign(text);
    for (std::size_t i = 0; i < restart; ++i) {
      if (blanked[i] != '\n') blanked[i] = ' ';
    }
    problem = parseInto(blanked, file, out.parsed, misspelt);
  }
  for (auto& mistake : misspelt) {
    if (out.problems.size() >= kMaxRecoveredErrors) break;
    out.problems.push_back(std::move(mistake));
  }
  std::stable_sort(out.problems.begin(), out.problems.end(), locatedBefore);
  return out;
}

}  // namespace c2a::rules
