#pragma once
// The backtracking search over one rule tree: binds the rule's bindings in order, checks each
// condition as soon as its bindings are bound, records effects for every satisfying assignment,
// and runs the `then` children under each one.
#include <cstddef>
#include <vector>

#include "rules/evaluation/conditions.h"
#include "rules/evaluation/effects.h"
#include "rules/evaluation/rule_plan.h"

namespace c2a::rules {

class RuleSearch {
 public:
  RuleSearch(const DiffWorld& world, const RulePlan& plan, ConditionEvaluator& conditions,
             EffectCollector& effects);

  /// Runs top-level rule `rule` with its children, trying at most `limit` candidate bindings.
  /// Returns the number it tried: more than `limit` when it was stopped.
  std::size_t run(std::size_t rule, std::size_t limit);
  /// The candidates the running search has tried so far (what a mark is stamped with).
  [[nodiscard]] const std::size_t& triedSoFar() const { return tried_; }

 private:
  void runRule(std::size_t rule);
  void bindStep(const PlannedRule& rule, std::size_t step);
  bool tryCandidate(const PlannedRule& rule, std::size_t step, Bound candidate);
  bool allHold(const std::vector<const Expression*>& conditions);
  void matched(const PlannedRule& rule);

  const DiffWorld& world_;
  const RulePlan& plan_;
  ConditionEvaluator& conditions_;
  EffectCollector& effects_;
  std::size_t limit_ = 0;
  std::vector<Bound> slots_;
  std::size_t tried_ = 0;
  bool stopped_ = false;
};

}  // namespace c2a::rules
