#include "rules/evaluator.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/parallel_work.h"
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
  return insideLevels_.get(operation, [&] {
    const auto& property = diff_.operations[operation].property;
    return std::make_unique<std::vector<InsideLevel>>(property ? rules::insideLevels(*property)
                                                               : std::vector<InsideLevel>{});
  });
}

namespace {

// One top-level rule run with its children: the candidates it tried (at most limit + 1) and the
// effects it had, each with the count it was found at.
struct TreeRun {
  bool ran = false;
  std::size_t tried = 0;
  std::vector<EffectCollector::Mark> marks;
};

// What one evaluation thread keeps between the rules it runs.
struct RuleWorker {
  RuleWorker(const DiffWorld& world, const EvaluationContext& context, const RulePlan& plan)
      : conditions(world, context),
        effects(world, world.diff().operations.size()),
        search(world, plan, conditions, effects) {}

  TreeRun run(std::size_t rule, std::size_t limit) {
    TreeRun out;
    out.ran = true;
    effects.startTree();
    effects.recordInto(&out.marks, &search.triedSoFar());
    struct StopRecording {
      EffectCollector& effects;
      ~StopRecording() { effects.recordInto(nullptr, nullptr); }
    } stop{effects};
    out.tried = std::min(search.run(rule, limit), limit + 1);
    return out;
  }

  ConditionEvaluator conditions;
  EffectCollector effects;
  RuleSearch search;
};

// Below this many operations a thread costs more than it saves.
constexpr std::size_t kOperationsWorthThreads = 64;

}  // namespace

RuleOutcome applyRules(const RuleSet& rules, const ModelDiff& diff,
                       const EvaluationOptions& options) {
  const DiffWorld world(diff, options.facts, options.failures);
  const EvaluationContext context(diff);
  const RulePlan plan = planRules(rules);
  std::vector<std::size_t> topLevel;
  for (std::size_t i = 0; i < plan.rules.size(); ++i) {
    if (plan.rules[i].topLevel) topLevel.push_back(i);
  }
  const std::size_t perRule = std::max<std::size_t>(options.maxCandidates / 2, 1);

  // Every top-level rule runs on its own, with the limit a rule has when the shared budget is not
  // short, spread over the threads; the budget is then counted in rule order below, as one
  // thread running them in turn would, so what is decided does not depend on the threads. The
  // search is deterministic and stops at its limit, so what a rule finds within a lower limit
  // is what it found within its first that many candidates: the count keeps just those marks.
  const unsigned threads = diff.operations.size() < kOperationsWorthThreads ? 1 : options.jobs;
  std::vector<std::unique_ptr<RuleWorker>> workers(std::max(1U, threads));
  auto worker = [&](unsigned w) -> RuleWorker& {
    if (!workers[w]) workers[w] = std::make_unique<RuleWorker>(world, context, plan);
    return *workers[w];
  };
  // Once the rules run so far (all before the next one taken) have spent the budget, the rest are
  // not run: the count below reaches none of them with any budget left. On one thread the work
  // is what it was run in turn, but for the rule the budget ends in, which runs to its own limit;
  // on N threads, up to N - 1 more rules run that the count then leaves out.
  std::vector<TreeRun> runs(topLevel.size());
  std::atomic<std::size_t> spent{0};
  forEachIndex(topLevel.size(), threads, [&](std::size_t k, unsigned w) {
    if (spent.load(std::memory_order_relaxed) >= options.maxCandidates) return;
    runs[k] = worker(w).run(topLevel[k], perRule);
    spent.fetch_add(std::min(runs[k].tried, perRule), std::memory_order_relaxed);
  });

  RuleOutcome outcome;
  EffectCollector effects(world, diff.operations.size());
  std::size_t left = options.maxCandidates;
  std::vector<std::pair<std::size_t, std::size_t>> used;  // candidates tried, rule
  std::vector<std::size_t> cut;  // stopped by the shared budget, or never run
  for (std::size_t k = 0; k < topLevel.size(); ++k) {
    const auto i = topLevel[k];
    if (left == 0) {
      cut.push_back(i);
      continue;
    }
    const auto limit = std::min(perRule, left);
    // A rule not run while budget is left to it cannot happen (see above); were it to, it runs
    // now rather than be lost.
    if (!runs[k].ran) runs[k] = worker(0).run(i, limit);
    const auto tried = std::min(runs[k].tried, limit + 1);
    effects.add(runs[k].marks, limit);
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
