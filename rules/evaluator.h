#pragma once
// Evaluates a compiled rule set over a diff: binds identifiers to components and changes, checks
// conditions, and attaches effects to operations. Combination is order-independent:
// risk = the highest of the matching effects (high > unknown > low); action = reject if any
// matching effect rejects, else approve if one approves and the risk is not high, else none.
#include <cstddef>

#include "engine/model/diff.h"
#include "engine/model/error.h"
#include "rules/ast.h"
#include "rules/value.h"

namespace c2a::rules {

/// What operators may consult: the diff and both models.
class EvaluationContext {
 public:
  explicit EvaluationContext(const ModelDiff& diff) : diff_(diff) {}
  [[nodiscard]] const ModelDiff& diff() const { return diff_; }
  [[nodiscard]] const InfraModel& before() const { return *diff_.before; }
  [[nodiscard]] const InfraModel& after() const { return *diff_.after; }

 private:
  const ModelDiff& diff_;
};

/// Sets risk, action and rules (descriptions of the rules whose effects applied) on every operation
/// of `diff`. Operations no rule reaches keep risk unknown and action none: they need review.
void applyRules(const RuleSet& rules, ModelDiff& diff);

struct EvaluationOptions {
  /// Candidate bindings a top-level rule (with its `then` children) may try before it is stopped:
  /// a rule whose bindings multiply out to billions of combinations must not hang the tool.
  std::size_t maxAssignmentsPerRule = 10'000'000;
};

/// The same, returning warnings: one per rule stopped at the limit (effects it found before it was
/// stopped are kept: each comes from a real match).
Diagnostics applyRules(const RuleSet& rules, ModelDiff& diff, const EvaluationOptions& options);

}  // namespace c2a::rules
