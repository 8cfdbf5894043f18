#include "engine/pipeline/rule_tests.h"

#include <utility>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/schema_facts.h"
#include "platform-mapping/input.h"

namespace c2a {

RuleTestRun runRuleTests(const std::vector<std::string>& files, const ReadLimits& limits) {
  rules::RuleTestPipeline pipeline;
  pipeline.load = [&limits](const rules::CaseTemplate& side, Diagnostics& warnings) {
    return side.file.empty() ? loadTemplate(side.document, warnings)
                             : loadInput(side.file, limits, warnings);
  };
  pipeline.analyze = [&limits](InfraModel before, InfraModel after, const rules::RuleSet& rules,
                               Diagnostics warnings) {
    AnalyzeOptions options;
    options.limits = limits;
    options.rules = &rules;
    // A rule test judges the rules alone: a template's own acceptances would hide what they do.
    options.acceptance.inlineAccept = false;
    auto analysis =
        analyzeModels(std::move(before), std::move(after), options, std::move(warnings));
    rules::CaseOutcome outcome;
    outcome.verdict = analysis->summary.verdict;
    for (std::size_t i = 0; i < analysis->diff.operations.size(); ++i) {
      outcome.changes.push_back(
          {std::move(analysis->diff.operations[i].id), std::move(analysis->decisions[i])});
    }
    return outcome;
  };
  return rules::runRuleTests(files, limits, builtinSchemaFacts(), pipeline);
}

}  // namespace c2a
