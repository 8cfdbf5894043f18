// Rule-test files (`c2a rules test`), beside the example's rules and templates they may name,
// with the run rendered in every format.
#include "engine/pipeline/rule_tests.h"

#include <filesystem>

#include "engine/report/rule_test_report.h"
#include "fuzz/checks/fixtures.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"

namespace c2a::fuzz {

Finding checkRuleTests(std::string_view input) {
  static const bool copied = [] {
    for (const char* name : {"rules.c2a", "before.yaml", "after.yaml"}) {
      std::filesystem::copy_file(exampleFile(name), scratchDirectory() / name,
                                 std::filesystem::copy_options::overwrite_existing);
    }
    return true;
  }();
  (void)copied;
  std::string file = writeScratchFile("rules.tests.yaml", input);
  return underPromise([&]() -> Finding {
    auto run = runRuleTests({file}, fuzzLimits());
    for (const auto& problem : run.problems) {
      if (problem.kind == ErrorKind::Internal || problem.kind == ErrorKind::Usage) {
        return "a problem of the wrong kind: " + problem.str();
      }
      if (problem.where.file.empty()) return "a problem naming no file: " + problem.str();
    }
    (void)renderRuleTests(run, RuleTestFormat::Text);
    (void)renderRuleTests(run, RuleTestFormat::Junit);
    return invalidJson("the JSON rule-test report", renderRuleTests(run, RuleTestFormat::Json));
  });
}

}  // namespace c2a::fuzz
