#pragma once
// The operator table: one entry per operator, each implemented in its own file under
// rules/operators/ and registered by one line in operator_table.cpp (no static-initialiser magic).
#include <string>
#include <string_view>
#include <vector>

#include "rules/value.h"

namespace c2a::rules {

/// How the evaluator resolves an operand before handing it to the operator.
enum class OperandMode {
  Values,   // every JSON value the path reaches (existential unless `all`); literals as they are
  Entity,   // the bound object itself (a component or a change); the path must be a bare binding
  Pattern,  // a binding plus a path pattern, unresolved (appliesTo's right side)
};

/// What a literal operand of an operator can meaningfully be, for the rule checks: `5 startsWith`
/// or `x < "abc"` can never be what the author meant.
enum class LiteralKind {
  Any,
  Text,    // a string (startsWith, matchesRegex...)
  Number,  // a number, or a string that reads as one (<, >=...)
};

/// How the evaluator may join on an operator instead of trying every candidate: a graph operator
/// names the edge it follows, so the planner asks the table rather than the operator's name.
enum class GraphJoin {
  None,
  ChangeOnComponent,  // `change appliesTo component`: a component's changes, a change's component
  References,         // `a -> b`: b's referrers, a's references
  ReferencedBy,       // `a <- b`: the same edge read the other way
};

class EvaluationContext;  // evaluator.h: the diff and the models, for operators that need them

struct OperatorInfo {
  std::string_view name;                  // `==`, `appliesTo`, `startsWith`
  std::vector<std::string_view> aliases;  // `===` for `==`, `references` for `->`
  OperandMode lhs = OperandMode::Values;
  OperandMode rhs = OperandMode::Values;
  std::string_view summary;  // one line, for `--help` and docs
  bool (*apply)(const Value& lhs, const Value& rhs, const EvaluationContext& context);
  /// Optional: checks a literal right-hand operand once, when rules are compiled (a regular
  /// expression that does not compile). Returns the problem as a sentence, or "" when it is fine.
  std::string (*validate)(const Json& rhs) = nullptr;
  /// false: `a op b` holds when some (lhs, rhs) pair satisfies `apply` (`all`: every lhs value with
  /// some rhs value). true: it holds when every pair does (`all`: and lhs has a value), so that
  /// `a != b` means exactly `not (a == b)`.
  bool everyPair = false;
  LiteralKind literal = LiteralKind::Any;  // of either operand, when it is a literal
  GraphJoin join = GraphJoin::None;        // the graph edge it follows, for the planner's joins
};

/// Every operator, in a fixed order (indices are stable within a build).
const std::vector<OperatorInfo>& operatorTable();
/// Index of the operator named (or aliased) `name`, or -1.
int findOperator(std::string_view name);

}  // namespace c2a::rules
