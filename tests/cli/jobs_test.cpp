// --jobs spreads the reading, the diff of the matched pairs, the changes' digests, the rules and
// the security tables over threads: the report is byte for byte the same for any number of them
// (issue 27), on a pair large enough that every stage does use them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "model/json.h"
#include "tests/cli/run_c2a.h"

namespace c2a::testing {
namespace {

namespace fs = std::filesystem;

// 120 units of a queue, a bucket, a role with its policy and a function; the AFTER side changes
// every other unit (names, timeouts, public access, statements, an encryption key replaced),
// renames some, drops some and adds others. Values rest on a parameter's Default and on
// conditions, which the digests and the security tables evaluate on each thread.
Json units(bool after) {
  Json resources = Json::object();
  const Json parameters = {{"Stage", {{"Type", "String"}, {"Default", "dev"}}}};
  // Loop and Back name each other: CloudFormation refuses such a cycle, c2a comes to one value
  // for each on every thread (model/template_evaluation.h, settleConditions).
  const Json conditions = {
      {"IsProd", {{"Fn::Equals", {{{"Ref", "Stage"}}, "prod"}}}},
      {"IsDev", {{"Fn::Not", {{{"Condition", "IsProd"}}}}}},
      {"Loop", {{"Fn::Not", {{{"Condition", "Back"}}}}}},
      {"Back", {{"Fn::Or", {{{"Condition", "Loop"}}, {{"Condition", "IsDev"}}}}}}};
  for (int i = 0; i < 120; ++i) {
    const auto n = std::to_string(i);
    const bool changed = after && i % 2 == 0;
    if (after && i % 17 == 0) continue;  // removed
    resources["Queue" + n] = {
        {"Type", "AWS::SQS::Queue"},
        {"Properties",
         {{"QueueName", changed && i % 6 == 0 ? "renamed-" + n : "queue-" + n},
          {"VisibilityTimeout", changed ? 60 : 30},
          {"DelaySeconds",
           {{"Fn::If", {i % 3 == 0 ? "IsProd" : (i % 3 == 1 ? "IsDev" : "Loop"), 5, 0}}}}}}};
    resources["Bucket" + n] = {
        {"Type", "AWS::S3::Bucket"},
        {"Properties",
         {{"PublicAccessBlockConfiguration",
           {{"BlockPublicAcls", !(changed && i % 4 == 0)}, {"BlockPublicPolicy", true}}}}}};
    Json statement = {
        {"Effect", "Allow"},
        {"Action", changed ? Json::array({"sqs:*"}) : Json::array({"sqs:SendMessage"})},
        {"Resource",
         {{{"Fn::GetAtt", {"Queue" + n, "Arn"}}}, {{"Fn::Sub", "arn:aws:sqs:*:*:${Stage}-" + n}}}},
        {"Condition",
         {{"Fn::If",
           {i % 2 == 0 ? "IsDev" : "Back", Json::object(), {{"Bool", {{"aws:Secure", true}}}}}}}}};
    const Json trust = {{"Statement",
                         {{{"Effect", "Allow"},
                           {"Principal", {{"Service", "lambda.amazonaws.com"}}},
                           {"Action", "sts:AssumeRole"}}}}};
    // Every fifth unit's fixed grant moves from the role's inline policy into a policy of its own
    // (regrouped: the same statement for the same role).
    const Json grant = {{"Effect", "Allow"},
                        {"Action", "dynamodb:GetItem"},
                        {"Resource", "arn:aws:dynamodb:eu-west-1:1:table/t" + n}};
    const bool moved = after && i % 5 == 1;
    Json statements = moved ? Json::array({statement}) : Json::array({statement, grant});
    resources["Role" + n] = {
        {"Type", "AWS::IAM::Role"},
        {"Properties",
         {{"AssumeRolePolicyDocument", trust},
          {"Policies",
           {{{"PolicyName", "p" + n}, {"PolicyDocument", {{"Statement", statements}}}}}}}}};
    if (moved) {
      resources["Grant" + n] = {{"Type", "AWS::IAM::Policy"},
                                {"Properties",
                                 {{"PolicyName", "g" + n},
                                  {"Roles", {{{"Ref", "Role" + n}}}},
                                  {"PolicyDocument", {{"Statement", {grant}}}}}}};
    }
    resources["Function" + n] = {
        {"Type", "AWS::Lambda::Function"},
        {"Properties",
         {{"Role", {{"Fn::GetAtt", {"Role" + n, "Arn"}}}},
          {"Runtime", changed && i % 8 == 0 ? "nodejs20.x" : "nodejs18.x"},
          {"Handler", "index.handler"},
          {"KmsKeyArn", changed && i % 10 == 0 ? "arn:aws:kms:eu-west-1:1:key/new" : ""},
          {"Code", {{"ZipFile", "exports.handler = async () => " + n + ";"}}}}}};
  }
  if (after) {
    for (int i = 0; i < 15; ++i) {
      resources["NewTopic" + std::to_string(i)] = {{"Type", "AWS::SNS::Topic"}};
    }
  }
  return Json{{"Parameters", parameters}, {"Conditions", conditions}, {"Resources", resources}};
}

class Jobs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("c2a-jobs-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::ofstream(dir_ / "before.json") << units(false).dump(1);
    std::ofstream(dir_ / "after.json") << units(true).dump(1);
  }
  void TearDown() override { fs::remove_all(dir_); }

  RunResult diff(const std::string& format, unsigned jobs) const {
    return runC2a("diff '" + (dir_ / "before.json").string() + "' '" +
                  (dir_ / "after.json").string() + "' --format " + format + " --jobs " +
                  std::to_string(jobs));
  }

  fs::path dir_;
};

TEST_F(Jobs, AnyNumberOfThreadsWritesTheReportOfOne) {
  for (const char* format : {"json", "markdown"}) {
    const auto one = diff(format, 1);
    ASSERT_TRUE(one.status == 1 || one.status == 2) << one.err;
    if (std::string(format) == "json") {
      // Enough changes and matched pairs that the diff and the rules do start threads.
      auto report = Json::parse(one.out);
      EXPECT_GT(report["changes"].size(), 200U);
      EXPECT_FALSE(report["summary"]["rejected"].get<int>() == 0 &&
                   report["summary"]["review"].get<int>() == 0);
      // The moved grants are found regrouped (model-diffing/grant_regrouping.cpp reads the two
      // sides on their own threads from 256 components up).
      int regrouped = 0;
      for (const auto& change : report["changes"]) {
        for (const auto& rule : change["rules"]) {
          if (rule.get<std::string>().find("regrouped") != std::string::npos) ++regrouped;
        }
      }
      EXPECT_GE(regrouped, 20);
    }
    for (unsigned jobs : {2U, 3U, 8U}) {
      SCOPED_TRACE(std::string(format) + " with " + std::to_string(jobs) + " threads");
      const auto many = diff(format, jobs);
      EXPECT_EQ(many.status, one.status);
      EXPECT_EQ(many.err, one.err);
      EXPECT_TRUE(many.out == one.out) << "the reports differ";
    }
  }
}

// BEFORE and AFTER are read while the rules load (cli/diff_command.cpp, readAhead): what fails is
// still reported as a run in order reports it, the rules' problem before the parameters' and both
// before the templates'. Small templates are read in order, so read ahead from two threads up.
TEST_F(Jobs, WhatFailsFirstIsWhatOneThreadReports) {
  std::ofstream(dir_ / "broken.json") << "{\"Resources\": {\"Queue\": ";
  std::ofstream(dir_ / "small.json") << R"({"Resources": {"Queue": {"Type": "AWS::SQS::Queue"}}})";
  std::ofstream(dir_ / "bad.c2a") << "rule \"unfinished\" {\n  let x = \n";
  std::ofstream(dir_ / "parameters.json") << "[{\"ParameterKey\": ";
  const auto file = [&](const char* name) { return "'" + (dir_ / name).string() + "'"; };
  struct Case {
    std::string arguments;
    std::string blamed;  // the file the first error names
  };
  const std::vector<Case> cases = {
      {file("broken.json") + " " + file("small.json") + " --rules " + file("bad.c2a"), "bad.c2a"},
      {file("broken.json") + " " + file("small.json") + " --parameters " + file("parameters.json"),
       "parameters.json"},
      {file("small.json") + " " + file("broken.json"), "broken.json"},
      // A large side: the two are read side by side, and read ahead from three threads up.
      {file("broken.json") + " " + file("after.json") + " --rules " + file("bad.c2a"), "bad.c2a"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.arguments);
    const auto one = runC2a("diff " + c.arguments + " --jobs 1");
    EXPECT_NE(one.status, 0);
    EXPECT_NE(one.err.find(c.blamed), std::string::npos) << one.err;
    for (unsigned jobs : {2U, 3U}) {
      const auto many = runC2a("diff " + c.arguments + " --jobs " + std::to_string(jobs));
      EXPECT_EQ(many.status, one.status);
      EXPECT_EQ(many.err, one.err);
      EXPECT_EQ(many.out, one.out);
    }
  }
}

}  // namespace
}  // namespace c2a::testing
