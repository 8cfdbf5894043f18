#include "rules/evaluator.h"

#include <string>

#include "rules/evaluation/conditions.h"
#include "rules/evaluation/effects.h"
#include "rules/evaluation/rule_plan.h"
#include "rules/evaluation/search.h"
#include "rules/evaluation/world.h"

namespace c2a::rules {

RuleOutcome applyRules(const RuleSet& rules, const ModelDiff& diff,
                       const EvaluationOptions& options) {
  const DiffWorld world(diff, options.facts, options.failures);
  const EvaluationContext context(diff);
  const RulePlan plan = planRules(rules);
  ConditionEvaluator conditions(world, context);
  EffectCollector effects(world, diff.operations.size());
  RuleSearch search(world, plan, conditions, effects, options.maxAssignmentsPerRule);

  RuleOutcome outcome;
  for (std::size_t i = 0; i < plan.rules.size(); ++i) {
    if (!plan.rules[i].topLevel || search.run(i)) continue;
    Diagnostic stopped{
        ErrorKind::InvalidInput, plan.rules[i].rule->where,
        "rule '" + plan.rules[i].label + "' was stopped after trying " +
            std::to_string(options.maxAssignmentsPerRule) +
            " candidate bindings: its bindings combine into too many candidates; narrow them "
            "with `where` conditions (effects found before it stopped still apply; the verdict is "
            "at least review)"};
    // What it did not try could have rejected a change: a template must not slip past a rule by
    // making it give up, so nothing is approved.
    stopped.notAnalysed = true;
    outcome.warnings.push_back(std::move(stopped));
  }
  outcome.decisions = effects.decisions(plan);
  return outcome;
}

}  // namespace c2a::rules
