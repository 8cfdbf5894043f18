#include "engine/pipeline/analyze.h"

#include "model-diffing/model_diff.h"
#include "platform-mapping/input.h"
#include "rules/evaluator.h"
#include "spec/resource_spec.h"

namespace c2a {

std::unique_ptr<Analysis> analyzeModels(InfraModel before, InfraModel after,
                                        const AnalyzeOptions& options, Diagnostics warnings) {
  std::unique_ptr<ResourceSpec> loaded;
  if (!options.specFile.empty()) {
    loaded = std::make_unique<ResourceSpec>(ResourceSpec::load(options.specFile));
  }
  const ResourceSpec& spec = loaded ? *loaded : ResourceSpec::builtin();
  UpdateTypeLookup updateTypes = [&spec](std::string_view type, const Path& path) {
    return spec.updateType(type, path);
  };

  auto analysis = std::make_unique<Analysis>();
  analysis->warnings = std::move(warnings);
  analysis->before = std::move(before);
  analysis->after = std::move(after);
  analysis->diff = diffModels(analysis->before, analysis->after, updateTypes);
  analysis->rulesApplied = options.rules != nullptr;
  if (options.rules != nullptr) {
    // A rule stopped at its assignment limit is worth a warning, never a hang.
    for (auto& warning :
         rules::applyRules(*options.rules, analysis->diff, rules::EvaluationOptions{})) {
      analysis->warnings.push_back(std::move(warning));
    }
  }
  analysis->summary = summarize(analysis->diff.operations);
  return analysis;
}

std::unique_ptr<Analysis> analyze(const std::string& beforeInput, const std::string& afterInput,
                                  const AnalyzeOptions& options) {
  Diagnostics warnings;
  auto before = loadInput(beforeInput, options.limits, warnings);
  auto after = loadInput(afterInput, options.limits, warnings);
  auto analysis = analyzeModels(std::move(before), std::move(after), options, std::move(warnings));
  analysis->beforeInput = beforeInput;
  analysis->afterInput = afterInput;
  return analysis;
}

}  // namespace c2a
