// The evaluation options of `c2a diff` as a pipeline uses them: parameter files in each format,
// located mistakes (exit 65), a usage error for --parameter, a warning for a key no template
// declares, and the evaluated value beside the written one in the reports.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/run_c2a.h"

namespace c2a::testing {
namespace {

const std::string kSeven = "tests/cases/diff/seed-run-07-parameter-value-replaces/";

std::string writeFile(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-parameters";
  std::filesystem::create_directories(dir);
  auto file = dir / name;
  std::ofstream(file) << text;
  return file.string();
}

TEST(CliParameters, ValuesOfEachSideDecideTheReplacements) {
  auto run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --no-presets " +
                    "--before-parameters " + kSeven + "before-parameters.json " +
                    "--after-parameters " + kSeven + "after-parameters.json --format json");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.out.find("\"newEvaluated\": \"10.1.0.0/16\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"id\": \"Resource:VPC:REPLACE\""), std::string::npos);

  auto text = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --no-presets " +
                     "--before-parameters " + kSeven + "before-parameters.json " +
                     "--after-parameters " + kSeven + "after-parameters.json");
  EXPECT_NE(text.out.find("resolves to a new value: \"10.0.0.0/16\" -> \"10.1.0.0/16\""),
            std::string::npos)
      << text.out;

  // The same values on both sides: nothing to deploy.
  auto same = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --no-presets " +
                     "--parameters " + kSeven + "before-parameters.json");
  EXPECT_EQ(same.status, 0) << same.out << same.err;
}

TEST(CliParameters, ParameterOptionGivesOneAfterValue) {
  auto run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --no-presets " +
                    "--parameters " + kSeven + "before-parameters.json " +
                    "--parameter CidrBlock=10.9.0.0/16 --format json");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.out.find("\"newEvaluated\": \"10.9.0.0/16\""), std::string::npos) << run.out;

  auto bad = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --parameter Oops");
  EXPECT_EQ(bad.status, 64);
  EXPECT_NE(bad.err.find("--parameter takes KEY=VALUE"), std::string::npos) << bad.err;
}

TEST(CliParameters, MalformedFilesAreLocatedBadInput) {
  auto list = writeFile(
      "list.json", "[\n  {\"ParameterKey\": \"CidrBlock\", \"ParameterValue\": {\"a\": 1}}\n]\n");
  auto run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --parameters " + list);
  EXPECT_EQ(run.status, 65);
  EXPECT_EQ(run.err.rfind("c2a: " + list + ":2:", 0), 0u) << run.err;

  auto both = writeFile("both.json",
                        "[{\"ParameterKey\": \"A\", \"ParameterValue\": \"x\", "
                        "\"UsePreviousValue\": true}]");
  run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --parameters " + both);
  EXPECT_EQ(run.status, 65);
  EXPECT_NE(run.err.find("not both"), std::string::npos) << run.err;

  auto lines = writeFile("values.txt", "# values\nCidrBlock=10.0.0.0/16\nImageId\n");
  run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --parameters " + lines);
  EXPECT_EQ(run.status, 65);
  EXPECT_EQ(run.err, "c2a: " + lines + ":3:1: expected KEY=VALUE (a parameters file of " +
                         "KEY=VALUE lines)\n");

  run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --parameters no/such.json");
  EXPECT_EQ(run.status, 66);
}

TEST(CliParameters, KeysNoTemplateDeclaresAreWarnings) {
  auto values = writeFile("extra.json", "{\"CidrBlock\": \"10.0.0.0/16\", \"Stgae\": \"prod\"}");
  auto run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --no-presets " +
                    "--parameters " + values);
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.err.find("c2a: " + values +
                         ":1:30: warning: parameter Stgae is given but no "
                         "template declares it"),
            std::string::npos)
      << run.err;
}

TEST(CliParameters, UsePreviousValueTakesTheDeployedOne) {
  auto before = writeFile("before.json", "{\"CidrBlock\": \"10.0.0.0/16\"}");
  auto after =
      writeFile("after.json", "[{\"ParameterKey\": \"CidrBlock\", \"UsePreviousValue\": true}]");
  auto run = runC2a("diff " + kSeven + "before.yaml " + kSeven + "after.yaml --no-presets " +
                    "--before-parameters " + before + " --after-parameters " + after);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
}

}  // namespace
}  // namespace c2a::testing
