// `c2a rules test` and `c2a rules check` as a user runs them: the formats and --output, and each
// command naming the other's file. The messages and reports themselves are pinned by the
// data-driven cases (tests/cases/rule-tests, tests/cases/rule_test_cases.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/run_c2a.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;
using testing::runC2a;
using testing::slurp;

const std::string kExampleTests = "examples/orders-service/rules.tests.yaml";

fs::path scratch(const std::string& name) {
  auto dir = fs::temp_directory_path() / ("c2a-cli-rules-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(RulesTestCommand, ATestFileGivenToCheckIsNamedAsSuch) {
  auto result = runC2a("rules check " + kExampleTests);
  EXPECT_EQ(result.status, 65);
  EXPECT_EQ(result.err, "c2a: " + kExampleTests +
                            ": this is a rule test file, not a rule file: `c2a rules check` "
                            "checks rule files; run it with `c2a rules test`\n");
  EXPECT_EQ(result.out, "");
}

TEST(RulesTestCommand, ARuleFileGivenToTestIsNamedAsSuch) {
  auto result = runC2a("rules test examples/orders-service/rules.c2a");
  EXPECT_EQ(result.status, 65);
  EXPECT_EQ(result.err,
            "c2a: examples/orders-service/rules.c2a: this is a rule file, not a rule test file: "
            "`c2a rules test` runs test files (YAML with `cases:`); check it with `c2a rules "
            "check`\n");
  EXPECT_NE(result.out.find("0 cases, 0 passed, 0 failed; 1 of 1 test file could not be run\n"),
            std::string::npos)
      << result.out;
}

TEST(RulesTestCommand, JunitGoesToTheOutputFileAndNothingToStdout) {
  auto dir = scratch("junit");
  auto file = dir / "rule-tests.xml";
  auto result =
      runC2a("rules test " + kExampleTests + " --format junit --output '" + file.string() + "'");
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out, "");
  auto xml = slurp(file);
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"c2a rules "
                      "test\" tests=\"6\" failures=\"0\" errors=\"0\" skipped=\"0\">\n",
                      0),
            0u)
      << xml;
  EXPECT_NE(xml.find("<testsuite name=\"" + kExampleTests + "\" tests=\"6\""), std::string::npos);
  EXPECT_NE(xml.find("<testcase name=\"a new Lambda permission is not approved\""),
            std::string::npos);
  // Nothing left beside it: written through a temporary file, renamed over.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1u);
}

TEST(RulesTestCommand, JunitParsesAsXml) {
  auto dir = scratch("parse");
  auto file = dir / "out.xml";
  auto result = runC2a("rules test --format junit -o '" + file.string() +
                       "' tests/cases/rule-tests/totals-despite-a-malformed-file/a.tests.yaml "
                       "tests/cases/rule-tests/totals-despite-a-malformed-file/b.tests.yaml "
                       "tests/cases/rule-tests/missing-fixture/tests.yaml "
                       "tests/cases/rule-tests/multi-line-failure/tests.yaml");
  EXPECT_EQ(result.status, 66) << result.err;  // the missing fixture
  // Parsed by an XML parser (Python's), its counts read back.
  std::string command =
      "/usr/bin/python3 -c 'import sys, xml.etree.ElementTree as E; "
      "r = E.parse(sys.argv[1]).getroot(); print(r.tag, r.get(\"tests\"), "
      "r.get(\"failures\"), r.get(\"errors\"), len(r.findall(\"testsuite\")))' '" +
      file.string() + "' 2>&1";
  std::string out;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
    EXPECT_EQ(::pclose(pipe), 0) << out;
  }
  EXPECT_EQ(out, "testsuites 7 2 2 4\n");
}

TEST(RulesTestCommand, JsonHasTheTotals) {
  auto result = runC2a("rules test --format json " + kExampleTests);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.out.rfind("{\n  \"schemaVersion\": 1,\n  \"files\": [\n", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("\"totals\": {\n    \"files\": 1,\n    \"filesNotRun\": 0,\n    "
                            "\"cases\": 6,\n    \"passed\": 6,\n    \"failed\": 0,\n    "
                            "\"notRun\": 0\n  }\n}\n"),
            std::string::npos)
      << result.out;
}

TEST(RulesTestCommand, UnknownFormatAndUnwritableOutput) {
  auto format = runC2a("rules test --format xml " + kExampleTests);
  EXPECT_EQ(format.status, 64);
  EXPECT_NE(format.err.find("xml"), std::string::npos) << format.err;
  auto unwritable =
      runC2a("rules test --format junit -o /nonexistent-dir/out.xml " + kExampleTests);
  EXPECT_EQ(unwritable.status, 73) << unwritable.err;
}

TEST(RulesTestCommand, AFailingCaseExitsOneWithTheTotals) {
  auto dir = scratch("failing");
  std::ofstream(dir / "t.tests.yaml")
      << "rules: " << C2A_SOURCE_DIR << "/examples/orders-service/rules.c2a"
      << "\ncases:\n  - name: a new role is not routine\n    before: {Resources: {}}\n"
         "    after: {Resources: {R: {Type: AWS::IAM::Role}}}\n"
         "    expect: {verdict: approved}\n";
  auto result = runC2a("rules test '" + (dir / "t.tests.yaml").string() + "'");
  EXPECT_EQ(result.status, 1) << result.err;
  EXPECT_NE(result.out.find("      verdict: expected approved, got review\n"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("\n1 case, 0 passed, 1 failed\n"), std::string::npos) << result.out;
  // `c2a diff` loads the presets by default, this file none: the failure says so.
  EXPECT_NE(result.out.find("the presets are not loaded in this file (`c2a diff` loads them all "
                            "by default): add `presets: default`"),
            std::string::npos)
      << result.out;
  // With presets named, no such hint: the case runs as the file says.
  std::ofstream(dir / "p.tests.yaml")
      << "presets: [routine]\ncases:\n  - name: a new role is not routine\n"
         "    before: {Resources: {}}\n    after: {Resources: {R: {Type: AWS::IAM::Role}}}\n"
         "    expect: {verdict: approved}\n";
  auto named = runC2a("rules test '" + (dir / "p.tests.yaml").string() + "'");
  EXPECT_EQ(named.status, 1) << named.err;
  EXPECT_EQ(named.out.find("the presets are not loaded"), std::string::npos) << named.out;
}

}  // namespace
}  // namespace c2a
