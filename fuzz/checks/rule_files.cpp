// Rule files, native and C2A's JSON/YAML structure: parsed, compiled, and, when they load,
// evaluated over the example change and rendered, so what a rule says reaches every report.
#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"
#include "fuzz/checks/fixtures.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"

namespace c2a::fuzz {
namespace {

Finding checkRuleFile(const std::string& file) {
  return underPromise([&]() -> Finding {
    auto loaded = loadRuleFiles({file}, fuzzLimits());
    for (const auto& problem : loaded.problems) {
      if (problem.kind != ErrorKind::InvalidInput && problem.kind != ErrorKind::MissingInput) {
        return "a problem of the wrong kind: " + problem.str();
      }
      if (problem.where.file.empty()) return "a problem naming no file: " + problem.str();
    }
    if (!loaded.problems.empty()) return std::nullopt;
    AnalyzeOptions options;
    options.rules = &loaded.set;
    options.maxRuleCandidates = kFuzzRuleCandidates;
    options.ruleFiles = loaded.set.files;
    auto report = analyze(exampleFile("before.yaml"), exampleFile("after.yaml"), options);
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

}  // namespace

Finding checkNativeRules(std::string_view input) {
  return checkRuleFile(writeScratchFile("rules.c2a", input));
}

Finding checkC2aRuleFile(std::string_view input) {
  return checkRuleFile(writeScratchFile("rules." + extensionFor(input), input));
}

}  // namespace c2a::fuzz
