// The whole of `c2a diff`: a fuzzed AFTER against the example's BEFORE, with the example's rules
// and every preset, rendered in every report format.
#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"
#include "fuzz/checks/fixtures.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"

namespace c2a::fuzz {

Finding checkPipeline(std::string_view input) {
  static const LoadedRules rules =
      loadRules(selectedPresets({}, false), {exampleFile("rules.c2a")}, fuzzLimits());
  if (!rules.problems.empty()) return "the fixed rules do not load: " + rules.problems[0].str();
  std::string file = writeScratchFile("after." + extensionFor(input), input);
  return underPromiseNaming(file, [&]() -> Finding {
    AnalyzeOptions options;
    options.limits = fuzzLimits();
    options.maxRuleCandidates = kFuzzRuleCandidates;
    options.rules = &rules.set;
    options.ruleFiles = rules.set.files;
    options.groupBy = {"root-cause", "operation"};
    auto report = analyze(exampleFile("before.yaml"), file, options);
    for (const auto& format : reportFormats()) {
      auto text = format.render(*report, RenderOptions{});
      if (format.name == "json" || format.name == "sarif") {
        if (auto finding = invalidJson("the " + std::string(format.name) + " report", text)) {
          return finding;
        }
      }
    }
    return std::nullopt;
  });
}

}  // namespace c2a::fuzz
