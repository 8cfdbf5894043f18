// Rule test files read and run by the rules stage (rules/testing/rule_tests.h) with a stand-in for
// the pipeline: what it is handed (each side, the rules under test), which cases pass, fail or
// cannot be run, and the files that cannot be run, counted in the totals. The whole pipeline is
// tests/cases/rule-tests and tests/engine/preset_tests_test.cpp.
#include "rules/testing/rule_tests.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace c2a::rules::testing {
namespace {

namespace fs = std::filesystem;

class RuleTestRunner : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("c2a-rule-tests-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    write("rules.c2a", R"(rule "New queues are routine" {
  let change = change { type: "INSERT" } where change.component.subtype == "AWS::SQS::Queue"
  effect risk = low, action = approve
}
)");
    write("before.yaml", "Resources: {}\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    auto path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  // The stand-in: each side recorded as it is loaded (its file, or `inline` and the template's
  // resources), and every case decided as `outcome_` says.
  RuleTestRun run(const std::vector<std::string>& files) {
    RuleTestPipeline pipeline;
    pipeline.load = [this](const CaseTemplate& side, Diagnostics&) {
      loaded_.push_back(side.file.empty() ? "inline " + side.document.root["Resources"].dump()
                                          : fs::path(side.file).filename().string());
      return InfraModel();
    };
    pipeline.analyze = [this](InfraModel, InfraModel, const RuleSet& rules, Diagnostics) {
      ruleFiles_ = rules.files;
      return outcome_;
    };
    return runRuleTests(files, ReadLimits{}, SchemaFacts{}, pipeline);
  }

  fs::path dir_;
  std::vector<std::string> loaded_;
  std::vector<std::string> ruleFiles_;
  CaseOutcome outcome_;
};

TEST_F(RuleTestRunner, EachCaseIsLoadedBeforeThenAfterAndChecked) {
  outcome_.verdict = Verdict::Approved;
  auto file = write("team.tests.yaml", R"(rules: rules.c2a
cases:
  - name: a new queue is approved
    before: before.yaml
    after: { Resources: { Jobs: { Type: AWS::SQS::Queue } } }
    expect: { verdict: approved }
  - before: before.yaml
    after: before.yaml
    expect: { verdict: rejected }
)");
  auto run = this->run({file});
  EXPECT_EQ(loaded_, (std::vector<std::string>{"before.yaml",
                                               R"(inline {"Jobs":{"Type":"AWS::SQS::Queue"}})",
                                               "before.yaml", "before.yaml"}));
  EXPECT_EQ(ruleFiles_, std::vector<std::string>{(dir_ / "rules.c2a").string()});
  ASSERT_EQ(run.cases.size(), 2U);
  EXPECT_EQ(run.cases[0].name, "a new queue is approved");
  EXPECT_TRUE(run.cases[0].passed);
  EXPECT_EQ(run.cases[1].name, "case 1");  // unnamed: its index
  EXPECT_EQ(run.cases[1].where.str(), file + ":7:5");
  EXPECT_FALSE(run.cases[1].passed);
  // The file loads no presets: the failure says that `c2a diff` would.
  EXPECT_EQ(run.cases[1].failures,
            (std::vector<std::string>{
                "verdict: expected rejected, got approved",
                "the presets are not loaded in this file (`c2a diff` loads them all by default): "
                "add `presets: default` to run the case as `c2a diff` does"}));
  EXPECT_TRUE(run.problems.empty());
  auto totals = run.totals();
  EXPECT_EQ(totals.cases, 2U);
  EXPECT_EQ(totals.passed, 1U);
  EXPECT_EQ(totals.failed, 1U);
}

TEST_F(RuleTestRunner, ACaseThatCannotBeRunIsReportedAndTheOthersStillRun) {
  auto file = write("team.tests.yaml", R"(rules: rules.c2a
cases:
  - before: before.yaml
    after: missing.yaml
    expect: { verdict: approved }
  - before: before.yaml
    after: before.yaml
    expect: { verdict: approved, colour: green }
  - before: before.yaml
    after: before.yaml
    expect: { verdict: approved }
)");
  auto run = this->run({file});
  ASSERT_EQ(run.cases.size(), 3U);
  ASSERT_TRUE(run.cases[0].error.has_value());
  EXPECT_EQ(run.cases[0].error->kind, ErrorKind::MissingInput);
  EXPECT_EQ(run.cases[0].error->where.str(), file + ":4:12");  // where the path is written
  ASSERT_TRUE(run.cases[1].error.has_value());
  EXPECT_EQ(run.cases[1].error->str(),
            file + ":8:34: unknown key `colour` in expect (expected verdict, changes)");
  EXPECT_TRUE(run.cases[1].failures.empty());
  EXPECT_TRUE(run.cases[2].passed);
  EXPECT_EQ(run.problems.size(), 2U);
  auto totals = run.totals();
  EXPECT_EQ(totals.notRun, 2U);
  EXPECT_EQ(totals.passed, 1U);
}

TEST_F(RuleTestRunner, AFileThatCannotBeRunKeepsItsPlaceAndTheOthersRun) {
  auto broken = write("broken.tests.yaml", "rules: missing.c2a\ncases: []\n");
  auto ruleFile = (dir_ / "rules.c2a").string();
  auto good = write("good.tests.yaml", R"(rules: rules.c2a
cases:
  - before: before.yaml
    after: before.yaml
    expect: { verdict: approved }
)");
  auto run = this->run({broken, ruleFile, good});
  ASSERT_EQ(run.files.size(), 3U);
  ASSERT_EQ(run.files[0].problems.size(), 1U);
  EXPECT_EQ(run.files[0].problems[0].where.str(), broken + ":1:8");
  ASSERT_EQ(run.files[1].problems.size(), 1U);
  EXPECT_NE(run.files[1].problems[0].message.find("this is a rule file, not a rule test file"),
            std::string::npos);
  EXPECT_TRUE(run.files[2].problems.empty());
  EXPECT_EQ(run.files[2].firstCase, 0U);
  EXPECT_EQ(run.files[2].endCase, 1U);
  auto totals = run.totals();
  EXPECT_EQ(totals.files, 3U);
  EXPECT_EQ(totals.filesNotRun, 2U);
  EXPECT_EQ(totals.passed, 1U);
}

TEST_F(RuleTestRunner, RuleTestFilesAreToldFromRuleFiles) {
  auto tests = write("team.tests.yaml", "rules: rules.c2a\ncases: []\n");
  auto ruleFile = (dir_ / "rules.c2a").string();
  EXPECT_TRUE(isRuleTestFile(tests, ReadLimits{}));
  EXPECT_FALSE(isRuleTestFile(ruleFile, ReadLimits{}));
  EXPECT_FALSE(isRuleTestFile((dir_ / "nothing.yaml").string(), ReadLimits{}));
  auto problems = ruleTestFilesGivenAsRules({ruleFile, tests}, ReadLimits{});
  ASSERT_EQ(problems.size(), 1U);
  EXPECT_EQ(problems[0].where.file, tests);
}

}  // namespace
}  // namespace c2a::rules::testing
