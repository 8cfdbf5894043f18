// tests/cases/rules/NAME/: `before`, `after` (templates or assemblies), one or more rule files
// (`rules.c2a` native, `rules.json` / `rules.yaml` C2A structure, all loaded together) and
// `expected.txt`, one line per operation with the effect rules gave it, plus the verdict:
//   <change id> <risk> <action>[ <- <rule description>; <rule description>]
//   verdict <approved|review|rejected>
// or, for rule files that must be refused: `error <text the first problem contains>`.
#include <gtest/gtest.h>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_files.h"
#include "tests/cases/case_files.h"

namespace c2a {
namespace {

using testing::caseInput;
using testing::caseNames;
using testing::casesRoot;
using testing::expectationLines;
using testing::join;

std::vector<std::string> ruleFiles(const std::filesystem::path& dir) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    auto name = entry.path().filename().string();
    if (name.rfind("rules", 0) == 0) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

class RulesCase : public ::testing::TestWithParam<std::string> {};

TEST_P(RulesCase, MatchesExpectation) {
  auto dir = casesRoot() / "rules" / GetParam();
  auto expected = expectationLines(dir / "expected.txt");
  ASSERT_FALSE(expected.empty()) << "no expectations in " << dir;
  auto files = ruleFiles(dir);
  ASSERT_FALSE(files.empty()) << "no rule file in " << dir;

  auto loaded = loadRuleFiles(files, ReadLimits{});
  if (expected.front().rfind("error ", 0) == 0) {
    ASSERT_FALSE(loaded.problems.empty()) << "the rule files were expected to be refused";
    EXPECT_NE(loaded.problems.front().str().find(expected.front().substr(6)), std::string::npos)
        << loaded.problems.front().str();
    return;
  }
  ASSERT_TRUE(loaded.problems.empty()) << loaded.problems.front().str();

  AnalyzeOptions options;
  options.rules = &loaded.set;
  auto analysis = analyze(caseInput(dir, "before"), caseInput(dir, "after"), options);
  std::vector<std::string> actual;
  for (const auto& op : analysis->diff.operations) {
    std::string line =
        op.id + " " + std::string(toString(op.risk)) + " " + std::string(toString(op.action));
    for (std::size_t i = 0; i < op.rules.size(); ++i) {
      // "rule at FILE:LINE" for rules without a description: FILE relative to the case folder,
      // so expectations do not depend on where the repository is checked out.
      std::string label = op.rules[i];
      auto prefix = dir.string() + "/";
      if (auto at = label.find(prefix); at != std::string::npos) label.erase(at, prefix.size());
      line += (i == 0 ? " <- " : "; ") + label;
    }
    actual.push_back(line);
  }
  actual.push_back("verdict " + std::string(toString(analysis->summary.verdict)));
  std::sort(actual.begin(), actual.end());
  EXPECT_EQ(join(actual), join(expected));
}

INSTANTIATE_TEST_SUITE_P(Cases, RulesCase, ::testing::ValuesIn(caseNames("rules")),
                         [](const auto& info) { return testing::testName(info.param); });

}  // namespace
}  // namespace c2a
