#pragma once
// Actions that build conditions (Expression) from the grammar, shared by the rule-file parser and
// the standalone condition parser. Private to rules/. Rule-file actions live in native_parser.cpp
// (but for the rule id's, below); an action on any rule a condition can reach must be here, so
// both parsers see the same one.
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/error.h"
#include "rules/ast.h"
#include "rules/grammar.h"
#include "rules/native_parser.h"
#include "rules/rule_ids.h"

namespace c2a::rules::parsing {

template <typename Input>
SourceLocation locate(const Input& in) {
  const auto p = in.position();
  return {p.source, static_cast<int>(p.line), static_cast<int>(p.column)};
}

/// What the condition actions build. The grammar commits after each construct's first token, so
/// nothing here is ever half-built when parsing backtracks.
struct ExpressionBuilder {
  std::string text;  // the last string read, unescaped (or the last bare word)

  std::optional<PathOperand> path;                     // the path being read
  std::vector<std::pair<Json, SourceLocation>> lists;  // open list literals, innermost last
  std::optional<Operand> operand;                      // the last operand read

  Expression condition;  // the condition being read

  // Finished expressions. `grouped` marks one closed by `)`: `(a and b) and c` keeps its
  // grouping instead of flattening into the chain.
  struct Finished {
    Expression expression;
    bool grouped = false;
  };
  std::vector<Finished> finished;

  std::size_t depth = 0;  // open parentheses, `not`s and lists

  Expression pop() {
    Expression e = std::move(finished.back().expression);
    finished.pop_back();
    return e;
  }

  void emit(Json value, SourceLocation where) {
    if (!lists.empty()) {
      lists.back().first.push_back(std::move(value));
      return;
    }
    operand = Operand{std::nullopt, LiteralOperand{std::move(value), std::move(where)}};
  }

  Operand takeOperand() {
    Operand o = std::move(*operand);
    operand.reset();
    return o;
  }

  // `a and b and c` is one And with three children; so is `a or b or c`.
  void chain(Expression::Kind kind) {
    Expression right = pop();
    Finished& left = finished.back();
    if (left.expression.kind == kind && !left.grouped) {
      left.expression.children.push_back(std::move(right));
      return;
    }
    Expression joined;
    joined.kind = kind;
    joined.where = left.expression.where;
    joined.children.push_back(std::move(left.expression));
    joined.children.push_back(std::move(right));
    left = Finished{std::move(joined), false};
  }

  template <typename Input>
  void enter(const Input& in) {
    if (++depth > kMaxRuleNesting) {
      throw tao::pegtl::parse_error("conditions nest more than " + std::to_string(kMaxRuleNesting) +
                                        " deep (parentheses, `not` and lists)",
                                    in);
    }
  }
};

template <typename Rule>
struct action : tao::pegtl::nothing<Rule> {};

// ---- Strings: the opening quote clears the buffer, the pieces append to it.
struct clear_text {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.text.clear();
  }
};
template <>
struct action<grammar::dq_open> : clear_text {};
template <>
struct action<grammar::sq_open> : clear_text {};

struct append_text {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.text.append(in.begin(), in.end());
  }
};
template <>
struct action<grammar::dq_chars> : append_text {};
template <>
struct action<grammar::sq_chars> : append_text {};

template <>
struct action<grammar::escape> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    switch (const char c = in.begin()[1]) {
      case 'n': b.text += '\n'; break;
      case 'r': b.text += '\r'; break;
      case 't': b.text += '\t'; break;
      default: b.text += c; break;  // \\ \" \'
    }
  }
};

template <>
struct action<grammar::bare_word> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.text = in.string();
  }
};

// ---- Literals
template <>
struct action<grammar::string_literal> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.emit(Json(b.text), locate(in));
  }
};

template <>
struct action<grammar::number> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    const std::string text = in.string();
    const bool integral = text.find_first_of(".eE") == std::string::npos;
    std::int64_t integer = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), integer);
    if (integral && error == std::errc() && end == text.data() + text.size()) {
      b.emit(Json(integer), locate(in));
      return;
    }
    // Decimals, exponents and integers too large for 64 bits.
    errno = 0;
    const double value = std::strtod(text.c_str(), nullptr);
    if (errno == ERANGE && std::isinf(value)) {
      throw tao::pegtl::parse_error("number `" + text + "` is out of range", in);
    }
    b.emit(Json(value), locate(in));
  }
};

template <>
struct action<grammar::true_literal> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.emit(Json(true), locate(in));
  }
};
template <>
struct action<grammar::false_literal> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.emit(Json(false), locate(in));
  }
};
template <>
struct action<grammar::null_literal> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.emit(Json(nullptr), locate(in));
  }
};

template <>
struct action<grammar::list_open> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.enter(in);
    b.lists.emplace_back(Json::array(), locate(in));
  }
};
template <>
struct action<grammar::list_literal> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    auto [list, where] = std::move(b.lists.back());
    b.lists.pop_back();
    --b.depth;
    b.emit(std::move(list), std::move(where));
  }
};

// ---- Paths
template <>
struct action<grammar::path_root> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.path = PathOperand{in.string(), -1, {}, locate(in)};
  }
};
template <>
struct action<grammar::segment_any_depth> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.path->segments.push_back({PathSegment::Kind::AnyDepth, {}});
  }
};
template <>
struct action<grammar::segment_any_one> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.path->segments.push_back({PathSegment::Kind::AnyOne, {}});
  }
};
template <>
struct action<grammar::segment_key> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.path->segments.push_back({PathSegment::Kind::Key, in.string()});
  }
};
template <>
struct action<grammar::segment_quoted> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.path->segments.push_back({PathSegment::Kind::Key, b.text});
  }
};
template <>
struct action<grammar::path> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.operand = Operand{std::move(b.path), std::nullopt};
    b.path.reset();
  }
};

// ---- Conditions
template <>
struct action<grammar::quantifier> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.condition.universal = true;
  }
};
struct take_lhs {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.condition.lhs = b.takeOperand();
  }
};
template <>
struct action<grammar::lhs> : take_lhs {};
template <>
struct action<grammar::universal_path> : take_lhs {};

template <>
struct action<grammar::exists_test> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.condition.kind = Expression::Kind::Exists;
  }
};
template <>
struct action<grammar::operator_name> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.condition.kind = Expression::Kind::Compare;
    b.condition.op = in.string();
  }
};
template <>
struct action<grammar::rhs> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.condition.rhs = b.takeOperand();
  }
};
template <>
struct action<grammar::condition> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.condition.where = locate(in);
    b.finished.push_back({std::move(b.condition), false});
    b.condition = Expression{};
  }
};

// ---- Connectives
template <>
struct action<grammar::group_open> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.enter(in);
  }
};
template <>
struct action<grammar::group> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    --b.depth;
    b.finished.back().grouped = true;
  }
};
template <>
struct action<grammar::not_operator> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    b.enter(in);
  }
};
template <>
struct action<grammar::negation> {
  template <typename Input>
  static void apply(const Input& in, ExpressionBuilder& b) {
    --b.depth;
    Expression negated;
    negated.kind = Expression::Kind::Not;
    negated.where = locate(in);
    negated.children.push_back(b.pop());
    b.finished.push_back({std::move(negated), false});
  }
};
template <>
struct action<grammar::and_tail> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.chain(Expression::Kind::And);
  }
};
template <>
struct action<grammar::or_tail> {
  template <typename Input>
  static void apply(const Input&, ExpressionBuilder& b) {
    b.chain(Expression::Kind::Or);
  }
};

// ---- Rule ids: `rule "..." id store-replace { ... }`. Only a rule file reaches them; the check is
// the one C2A rule files get (rule_ids.h), so it lives with the shared actions.
template <>
struct action<grammar::rule_id_text> {
  template <typename Input, typename Builder>
  static void apply(const Input& in, Builder& b) {
    const SourceLocation where = locate(in);
    std::string id = in.string();
    if (auto problem = ruleIdProblem(id); !problem.empty()) {
      throw C2aError(ErrorKind::InvalidInput, where, std::move(problem));
    }
    b.open.back().id = std::move(id);
    b.open.back().idWhere = where;
  }
};

/// A parse error as the C2aError every caller expects: FILE:LINE:COL and the sentence.
inline C2aError toC2aError(const tao::pegtl::parse_error& error) {
  SourceLocation where;
  if (!error.positions().empty()) {
    const auto& p = error.positions().front();
    where = {p.source, static_cast<int>(p.line), static_cast<int>(p.column)};
  }
  return C2aError(ErrorKind::InvalidInput, std::move(where), std::string(error.message()));
}

}  // namespace c2a::rules::parsing
