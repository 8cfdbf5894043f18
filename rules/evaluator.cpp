#include "rules/evaluator.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "rules/evaluation/conditions.h"
#include "rules/evaluation/effects.h"
#include "rules/evaluation/inside_levels.h"
#include "rules/evaluation/rule_plan.h"
#include "rules/evaluation/search.h"
#include "rules/evaluation/world.h"

namespace c2a::rules {

namespace {

// What a runaway rule could have rejected was not tried: a template must not slip past a rule by
// making it give up, so nothing is approved.
Diagnostic notAnalysed(const PlannedRule& rule, std::string message) {
  Diagnostic diagnostic{ErrorKind::InvalidInput, rule.rule->where, std::move(message)};
  diagnostic.notAnalysed = true;
  return diagnostic;
}

std::string quotedList(const RulePlan& plan, const std::vector<std::size_t>& rules,
                       std::size_t shown) {
  std::string out;
  for (std::size_t i = 0; i < rules.size() && i < shown; ++i) {
    out += (i == 0 ? "'" : ", '") + plan.rules[rules[i]].label + "'";
  }
  if (rules.size() > shown) out += " and " + std::to_string(rules.size() - shown) + " more";
  return out;
}

// The rules that spent the budget (the three costliest) and those it stopped or kept from running.
Diagnostic budgetSpent(const RulePlan& plan, std::size_t budget,
                       std::vector<std::pair<std::size_t, std::size_t>> used,
                       const std::vector<std::size_t>& cut) {
  std::stable_sort(used.begin(), used.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string spenders;
  for (std::size_t i = 0; i < used.size() && i < 3; ++i) {
    spenders += (i == 0 ? "'" : ", '") + plan.rules[used[i].second].label + "' " +
                std::to_string(used[i].first);
  }
  return notAnalysed(
      plan.rules[cut.front()],
      "the rules' shared budget of " + std::to_string(budget) +
          " candidate bindings ran out (the most: " + spenders + "); " +
          std::to_string(cut.size()) + (cut.size() == 1 ? " rule was" : " rules were") +
          " stopped or not run: " + quotedList(plan, cut, 5) +
          "; narrow the costly rules' bindings with `where` conditions or raise the budget with "
          "--max-rule-candidates (effects found before still apply; the verdict is at least "
          "review)");
}

}  // namespace

EvaluationContext::EvaluationContext(const ModelDiff& diff)
    : diff_(diff), insideLevels_(diff.operations.size()) {}

EvaluationContext::~EvaluationContext() = default;

const std::vector<InsideLevel>& EvaluationContext::insideLevels(std::size_t operation) const {
  static const std::vector<InsideLevel> kNone;
  if (operation >= insideLevels_.size()) return kNone;
  auto& cached = insideLevels_[operation];
  if (!cached) {
    const auto& property = diff_.operations[operation].property;
    cached = std::make_unique<const std::vector<InsideLevel>>(
        property ? rules::insideLevels(*property) : std::vector<InsideLevel>{});
  }
  return *cached;
}

RuleOutcome applyRules(const RuleSet& rules, const ModelDiff& diff,
                       const EvaluationOptions& options) {
  const DiffWorld world(diff, options.facts, options.failures);
  const EvaluationContext context(diff);
  const RulePlan plan = planRules(rules);
  ConditionEvaluator conditions(world, context);
  EffectCollector effects(world, diff.operations.size());
  RuleSearch search(world, plan, conditions, effects);

  RuleOutcome outcome;
  const std::size_t perRule = std::max<std::size_t>(options.maxCandidates / 2, 1);
  std::size_t left = options.maxCandidates;
  std::vector<std::pair<std::size_t, std::size_t>> used;  // candidates tried, rule
  std::vector<std::size_t> cut;  // stopped by the shared budget, or never run
  for (std::size_t i = 0; i < plan.rules.size(); ++i) {
    if (!plan.rules[i].topLevel) continue;
    if (left == 0) {
      cut.push_back(i);
      continue;
    }
    const auto limit = std::min(perRule, left);
    effects.startTree();
    const auto tried = std::min(search.run(i, limit), limit + 1);
    const auto charged = std::min(tried, limit);
    left -= charged;
    outcome.candidates += charged;
    if (charged > 0) used.emplace_back(charged, i);
    if (tried <= limit) continue;
    if (limit < perRule) {
      cut.push_back(i);
      continue;
    }
    outcome.warnings.push_back(notAnalysed(
        plan.rules[i],
        "rule '" + plan.rules[i].label + "' was stopped after trying " + std::to_string(perRule) +
            " candidate bindings, half the rules' budget: its bindings combine into too many "
            "candidates; narrow them with `where` conditions (or raise --max-rule-candidates; "
            "effects found before it stopped still apply; the verdict is at least review)"));
  }
  if (!cut.empty()) {
    outcome.warnings.push_back(budgetSpent(plan, options.maxCandidates, std::move(used), cut));
  }
  outcome.decisions = effects.decisions(plan);
  return outcome;
}

}  // namespace c2a::rules
