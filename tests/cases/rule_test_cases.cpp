// The data-driven cases of `c2a rules test`: tests/cases/rule-tests/NAME/, the binary run from the
// repository root on the case's files, as a pipeline runs it.
//
//   files.txt      optional: the files to give, one a line, relative to the case folder (rule
//                  files too, to see them named as such); without it, every `*tests.yaml`, sorted
//   expected.txt   `exit N`, then `--- stderr` and what c2a printed there, then `--- stdout` and
//                  the text report, byte for byte (after the leading `#` comment lines, which say
//                  what the case pins and are kept on rewrite)
//   expected.xml   optional: the `--format junit` report
//   expected.json  optional: the `--format json` report
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

std::string arguments(const fs::path& dir) {
  auto relative = fs::relative(dir, C2A_SOURCE_DIR);
  std::vector<std::string> files;
  if (fs::exists(dir / "files.txt")) {
    std::istringstream lines(readFile(dir / "files.txt"));
    std::string line;
    while (std::getline(lines, line)) {
      if (!line.empty()) files.push_back(line);
    }
  } else {
    for (const auto& entry : fs::directory_iterator(dir)) {
      auto name = entry.path().filename().string();
      if (name.size() >= 10 && name.compare(name.size() - 10, 10, "tests.yaml") == 0) {
        files.push_back(name);
      }
    }
    std::sort(files.begin(), files.end());
  }
  std::string out;
  for (const auto& file : files) out += " '" + (relative / file).string() + "'";
  return out;
}

// The comment lines at the top of a golden file and the rest.
std::pair<std::string, std::string> splitComments(const fs::path& file) {
  auto text = fs::exists(file) ? readFile(file) : std::string();
  std::size_t at = 0;
  while (at < text.size() && text[at] == '#') {
    auto end = text.find('\n', at);
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return {text.substr(0, at), text.substr(at)};
}

void checkGolden(const fs::path& file, const std::string& actual, bool update) {
  auto [comments, expected] = splitComments(file);
  if (update) {
    writeFile(file, comments + actual);
  } else {
    EXPECT_EQ(actual, expected) << file;
  }
}

class RuleTestFolder : public ::testing::TestWithParam<std::string> {};

TEST_P(RuleTestFolder, MatchesExpectation) {
  auto dir = casesRoot() / "rule-tests" / GetParam();
  auto files = arguments(dir);
  auto text = runC2a("rules test" + files);
  checkGolden(dir / "expected.txt",
              "exit " + std::to_string(text.status) + "\n--- stderr\n" + text.err + "--- stdout\n" +
                  text.out,
              updating());
  for (const auto& [format, golden] :
       {std::pair{"junit", "expected.xml"}, std::pair{"json", "expected.json"}}) {
    if (!fs::exists(dir / golden)) continue;
    auto run = runC2a("rules test --format " + std::string(format) + files);
    EXPECT_EQ(run.status, text.status) << format << ": the exit status is the same in every format";
    EXPECT_EQ(run.err, text.err) << format << ": the problems are on stderr in every format";
    checkGolden(dir / golden, run.out, updating());
  }
}

INSTANTIATE_TEST_SUITE_P(RuleTests, RuleTestFolder, ::testing::ValuesIn(caseNames("rule-tests")),
                         [](const auto& info) { return testName(info.param); });

}  // namespace
}  // namespace c2a
