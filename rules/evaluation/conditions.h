#pragma once
// Decides whether a condition holds under the current bindings: `and`, `or`, `not` (short-circuit),
// `exists`, and comparisons through the operator table with their quantifiers.
#include <span>
#include <vector>

#include "rules/evaluation/operands.h"
#include "rules/evaluator.h"

namespace c2a::rules {

class ConditionEvaluator {
 public:
  ConditionEvaluator(const DiffWorld& world, const EvaluationContext& context);

  [[nodiscard]] bool holds(const Expression& expression, std::span<const Bound> slots);
  [[nodiscard]] const EvaluationContext& context() const { return context_; }

 private:
  bool compare(const Expression& expression, std::span<const Bound> slots);

  const EvaluationContext& context_;
  OperandResolver resolver_;
  const std::vector<OperatorInfo>& operators_;
  // Reused between comparisons (they never nest), so evaluation does not allocate per check.
  std::vector<Value> lhs_;
  std::vector<Value> rhs_;
};

}  // namespace c2a::rules
