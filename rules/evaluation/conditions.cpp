#include "rules/evaluation/conditions.h"

namespace c2a::rules {
namespace {

int operatorOf(const Expression& expression) {
  // Rule sets are compiled before evaluation; a hand-built expression may carry only the name.
  return expression.operatorIndex >= 0 ? expression.operatorIndex : findOperator(expression.op);
}

}  // namespace

ConditionEvaluator::ConditionEvaluator(const DiffWorld& world, const EvaluationContext& context)
    : context_(context), resolver_(world, context), operators_(operatorTable()) {}

bool ConditionEvaluator::holds(const Expression& expression, std::span<const Bound> slots) {
  switch (expression.kind) {
    case Expression::Kind::And:
      for (const auto& child : expression.children) {
        if (!holds(child, slots)) return false;
      }
      return true;
    case Expression::Kind::Or:
      for (const auto& child : expression.children) {
        if (holds(child, slots)) return true;
      }
      return false;
    case Expression::Kind::Not:
      return !expression.children.empty() && !holds(expression.children.front(), slots);
    case Expression::Kind::Exists:
      // A JSON null that is present counts: `exists` asks whether the path leads somewhere.
      if (!expression.lhs) return false;
      lhs_.clear();
      resolver_.resolve(*expression.lhs, OperandMode::Values, slots, lhs_);
      return !lhs_.empty();
    case Expression::Kind::Compare: return compare(expression, slots);
  }
  return false;
}

bool ConditionEvaluator::compare(const Expression& expression, std::span<const Bound> slots) {
  int index = operatorOf(expression);
  if (index < 0 || !expression.lhs || !expression.rhs) return false;
  const auto& info = operators_[static_cast<std::size_t>(index)];
  lhs_.clear();
  rhs_.clear();
  resolver_.resolve(*expression.lhs, info.lhs, slots, lhs_);
  resolver_.resolve(*expression.rhs, info.rhs, slots, rhs_);

  auto pairHolds = [&](const Value& l, const Value& r) { return info.apply(l, r, context_); };
  if (info.everyPair) {
    // `a != b` is `not (a == b)`: no pair may be equal. `all` adds that a reaches something.
    if (expression.universal && lhs_.empty()) return false;
    for (const auto& l : lhs_) {
      for (const auto& r : rhs_) {
        if (!pairHolds(l, r)) return false;
      }
    }
    return true;
  }
  auto someRhs = [&](const Value& l) {
    for (const auto& r : rhs_) {
      if (pairHolds(l, r)) return true;
    }
    return false;
  };
  if (expression.universal) {
    if (lhs_.empty()) return false;
    for (const auto& l : lhs_) {
      if (!someRhs(l)) return false;
    }
    return true;
  }
  for (const auto& l : lhs_) {
    if (someRhs(l)) return true;
  }
  return false;
}

}  // namespace c2a::rules
