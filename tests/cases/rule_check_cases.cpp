// The data-driven cases of `c2a rules check`: tests/cases/rule-checks/NAME/, the binary run from
// the repository root on the case's rule files, as an author (or a pipeline) runs it.
//
//   args.txt      optional: what to give after `rules check`, one argument a line, files relative
//                 to the case folder (`--strict`, a missing file...); without it, every rule file
//                 of the folder (*.c2a, *.json, *.yaml), sorted
//   expected.txt  `exit N`, then `--- stderr` and what c2a printed there, then `--- stdout`, byte
//                 for byte (after the leading `#` lines, which say what the case pins)
//
// C2A_UPDATE_CASES=1 rewrites the expectations from what the code does now; read the git diff.
#include <gtest/gtest.h>

#include "tests/cases/case_files.h"
#include "tests/cli/run_c2a.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;
using namespace testing;

bool isRuleFile(const std::string& name) {
  for (const char* ext : {".c2a", ".json", ".yaml", ".yml"}) {
    if (fs::path(name).extension() == ext) return true;
  }
  return false;
}

std::string arguments(const fs::path& dir) {
  auto relative = fs::relative(dir, C2A_SOURCE_DIR);
  std::vector<std::string> args;
  if (fs::exists(dir / "args.txt")) {
    std::istringstream lines(readFile(dir / "args.txt"));
    std::string line;
    while (std::getline(lines, line)) {
      if (line.empty()) continue;
      args.push_back(line.starts_with("--") ? line : (relative / line).string());
    }
  } else {
    for (const auto& entry : fs::directory_iterator(dir)) {
      auto name = entry.path().filename().string();
      if (isRuleFile(name)) args.push_back((relative / name).string());
    }
    std::sort(args.begin(), args.end());
  }
  std::string out;
  for (const auto& arg : args) out += " '" + arg + "'";
  return out;
}

TEST(RuleChecks, EveryCaseHasAnExpectation) {
  for (const auto& name : caseNames("rule-checks")) {
    EXPECT_TRUE(fs::exists(casesRoot() / "rule-checks" / name / "expected.txt")) << name;
  }
}

class RuleCheckFolder : public ::testing::TestWithParam<std::string> {};

TEST_P(RuleCheckFolder, MatchesExpectation) {
  auto dir = casesRoot() / "rule-checks" / GetParam();
  auto run = runC2a("rules check" + arguments(dir));
  auto actual =
      "exit " + std::to_string(run.status) + "\n--- stderr\n" + run.err + "--- stdout\n" + run.out;
  auto file = dir / "expected.txt";
  auto comments = leadingComments(file);
  if (updating()) {
    writeFile(file, comments + actual);
    return;
  }
  EXPECT_FALSE(comments.empty()) << file << ": say what the case pins in a leading # comment";
  EXPECT_EQ(actual, readFile(file).substr(comments.size())) << file;
}

INSTANTIATE_TEST_SUITE_P(RuleChecks, RuleCheckFolder, ::testing::ValuesIn(caseNames("rule-checks")),
                         [](const auto& info) { return testName(info.param); });

}  // namespace
}  // namespace c2a
