#include "engine/pipeline/analyze.h"

#include "model-diffing/model_diff.h"
#include "platform-mapping/input.h"
#include "spec/resource_spec.h"

namespace c2a {

std::unique_ptr<Analysis> analyze(const std::string& beforeInput, const std::string& afterInput,
                                  const AnalyzeOptions& options) {
  std::unique_ptr<ResourceSpec> loaded;
  if (!options.specFile.empty()) {
    loaded = std::make_unique<ResourceSpec>(ResourceSpec::load(options.specFile));
  }
  const ResourceSpec& spec = loaded ? *loaded : ResourceSpec::builtin();
  UpdateTypeLookup updateTypes = [&spec](std::string_view type, const Path& path) {
    return spec.updateType(type, path);
  };

  auto analysis = std::make_unique<Analysis>();
  analysis->beforeInput = beforeInput;
  analysis->afterInput = afterInput;
  analysis->before = loadInput(beforeInput, options.limits, analysis->warnings);
  analysis->after = loadInput(afterInput, options.limits, analysis->warnings);
  analysis->diff = diffModels(analysis->before, analysis->after, updateTypes);
  analysis->summary = summarize(analysis->diff.operations);
  return analysis;
}

}  // namespace c2a
