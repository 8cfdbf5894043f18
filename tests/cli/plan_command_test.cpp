// `c2a plan` from the command line: its exit statuses (0, 2 when a failure is foreseen, and the
// error statuses `c2a diff` has), its formats and its output file.
#include <gtest/gtest.h>

#include "model/json.h"
#include "tests/cli/run_c2a.h"

namespace c2a {
namespace {

using testing::runC2a;
using testing::slurp;

const std::string kCascade = "tests/cases/plan/seed-run-7-replacement-cascade/";
// Seed 004 run 7: the template text is the same on both sides; only a parameter value changes.
const std::string kCascadePair = kCascade + "before.yaml " + kCascade + "after.yaml" +
                                 " --before-parameters " + kCascade + "before-parameters.json" +
                                 " --after-parameters " + kCascade + "after-parameters.json";
const std::string kFailing = "tests/cases/plan/failure-custom-name-replacement/";

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(PlanCommand, Help) {
  for (const char* command : {"plan --help", "help plan"}) {
    auto result = runC2a(command);
    EXPECT_EQ(result.status, 0) << command;
    EXPECT_TRUE(has(result.out, "Usage")) << result.out;
    EXPECT_TRUE(has(result.out, "--stack")) << result.out;
  }
  EXPECT_TRUE(has(runC2a("--help").out, "plan"));
}

TEST(PlanCommand, ExitsZeroWithAPlan) {
  auto result = runC2a("plan " + kCascadePair);
  EXPECT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(has(result.out, "Update phase (UPDATE_IN_PROGRESS)")) << result.out;
  EXPECT_TRUE(has(result.out, "    Wave 3\n      Instance1 (AWS::EC2::Instance): replace"))
      << result.out;
  EXPECT_TRUE(has(result.out, "No deployment failure foreseen.")) << result.out;
  EXPECT_EQ(result.err, "");  // no "no rules loaded" warning: the plan decides nothing
}

TEST(PlanCommand, ExitsTwoWhenAFailureIsForeseen) {
  auto result = runC2a("plan " + kFailing + "before.yaml " + kFailing + "after.yaml");
  EXPECT_EQ(result.status, 2);
  EXPECT_TRUE(has(result.out, "WILL FAIL (custom-name-replacement)")) << result.out;
  EXPECT_TRUE(has(result.out, "CloudFormation stops here")) << result.out;
  auto markdown =
      runC2a("plan " + kFailing + "before.yaml " + kFailing + "after.yaml --format markdown");
  EXPECT_EQ(markdown.status, 2);
  EXPECT_TRUE(has(markdown.out, "**WILL FAIL (custom-name-replacement)**")) << markdown.out;
}

TEST(PlanCommand, WhatTemplateValidationRefusesComesFirst) {
  // A dependency cycle is refused before CloudFormation acts on the stack: said above its steps,
  // none of which is marked as the one where it stops.
  const std::string cycle = "tests/cases/diff/failure-dependency-cycle/";
  auto result = runC2a("plan " + cycle + "before.yaml " + cycle + "after.yaml");
  EXPECT_EQ(result.status, 2);
  auto refused = result.out.find("refuses this stack's template before it acts");
  auto steps = result.out.find("Update phase");
  ASSERT_NE(refused, std::string::npos) << result.out;
  ASSERT_NE(steps, std::string::npos) << result.out;
  EXPECT_LT(refused, steps);
  EXPECT_FALSE(has(result.out, "CloudFormation stops here")) << result.out;
}

TEST(PlanCommand, ErrorStatusesAreDiffs) {
  const std::string pair = "plan " + kCascadePair + " ";
  EXPECT_EQ(runC2a("plan " + kCascade + "before.yaml").status, 64);  // AFTER missing
  EXPECT_EQ(runC2a(pair + "--format html").status, 64);
  EXPECT_EQ(runC2a(pair + "--rules x.c2a").status, 64);  // a plan takes no rules
  auto missing = runC2a("plan no/such/before.yaml " + kCascade + "after.yaml");
  EXPECT_EQ(missing.status, 66);
  EXPECT_EQ(missing.err, "c2a: no/such/before.yaml: no such file or directory\n");
  auto bad = runC2a("plan tests/cases/model/bad-json/input.json " + kCascade + "after.yaml");
  EXPECT_EQ(bad.status, 65);
  EXPECT_EQ(bad.err.rfind("c2a: tests/cases/model/bad-json/input.json:4:5: ", 0), 0u) << bad.err;
  EXPECT_EQ(runC2a(pair + "--output /no/such/dir/plan.txt").status, 73);
}

TEST(PlanCommand, ParameterValuesDecideThePlan) {
  // Without values the parameter is unknown on both sides and the text is the same: nothing to do.
  const std::string bare = "plan " + kCascade + "before.yaml " + kCascade + "after.yaml";
  auto unknown = runC2a(bare);
  EXPECT_EQ(unknown.status, 0) << unknown.err;
  EXPECT_TRUE(has(unknown.out, "nothing to deploy")) << unknown.out;
  // The same value on both sides: still nothing; another value on the AFTER side: the cascade.
  const std::string before = " --parameters " + kCascade + "before-parameters.json";
  auto same = runC2a(bare + before);
  EXPECT_TRUE(has(same.out, "nothing to deploy")) << same.out;
  auto changed = runC2a(bare + before + " --parameter CidrBlock=10.9.0.0/16");
  EXPECT_EQ(changed.status, 0) << changed.err;
  EXPECT_TRUE(has(changed.out, "    Wave 3\n      Instance1 (AWS::EC2::Instance): replace"))
      << changed.out;
  // A value the template does not declare is a warning, as in `c2a diff`.
  auto undeclared = runC2a(bare + " --parameter Nope=1");
  EXPECT_TRUE(has(undeclared.err, "Nope")) << undeclared.err;
}

TEST(PlanCommand, JsonIsTheReportWithItsPlan) {
  auto plan = runC2a("plan " + kCascadePair + " --format json");
  auto diff = runC2a("diff " + kCascadePair + " --format json");
  ASSERT_EQ(plan.status, 0);
  auto fromPlan = Json::parse(plan.out);
  auto fromDiff = Json::parse(diff.out);
  EXPECT_EQ(fromPlan.at("plan"), fromDiff.at("plan"));
  EXPECT_EQ(fromPlan.at("plan").at(0).at("cleanup").size(), 3u);
  // The gate agrees with the exit status: only a rejection (a foreseen failure) fails.
  EXPECT_EQ(fromPlan.at("gate").at("exitStatus"), 0);
}

TEST(PlanCommand, OutputFileIsWrittenWhole) {
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-plan";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto file = (dir / "plan.md").string();
  auto result = runC2a("plan " + kCascadePair + " --format markdown -o '" + file + "'");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out, "");
  auto written = slurp(file);
  EXPECT_EQ(written.rfind("## Deployment plan\n", 0), 0u) << written;
  EXPECT_TRUE(has(written, "| 3 | Instance1 | AWS::EC2::Instance |")) << written;
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1u);  // no temporary file left
}

}  // namespace
}  // namespace c2a
