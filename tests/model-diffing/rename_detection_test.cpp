// Renames at scale: every real rename found, no look-alike paired (C2A invents 25 false renames on
// a 500-resource pair with 25 real ones).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>

#include "tests/model-diffing/diff_fixture.h"

namespace c2a {
namespace {

using testing::countOf;
using testing::diffTemplates;

std::string hexHash(std::size_t seed) {
  // Deterministic pseudo-random hex, like CDK asset hashes.
  std::string out;
  std::uint64_t x = seed * 0x9E3779B97F4A7C15ULL + 0x1234567;
  for (int i = 0; i < 64; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    out += "0123456789abcdef"[x & 0xF];
  }
  return out + ".zip";
}

// A CDK-like service: a role, a table and a function using both.
void addService(Json& resources, std::size_t i, const std::string& roleId,
                const std::string& tableId, const std::string& functionId, int timeout) {
  resources[roleId] = {
      {"Type", "AWS::IAM::Role"},
      {"Properties",
       {{"AssumeRolePolicyDocument",
         {{"Version", "2012-10-17"},
          {"Statement", Json::array({{{"Action", "sts:AssumeRole"},
                                      {"Effect", "Allow"},
                                      {"Principal", {{"Service", "lambda.amazonaws.com"}}}}})}}},
        {"ManagedPolicyArns",
         Json::array({"arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"})},
        {"Tags", Json::array({{{"Key", "service"}, {"Value", fmt::format("svc-{}", i)}}})}}}};
  resources[tableId] = {
      {"Type", "AWS::DynamoDB::Table"},
      {"Properties",
       {{"KeySchema", Json::array({{{"AttributeName", "pk"}, {"KeyType", "HASH"}}})},
        {"AttributeDefinitions", Json::array({{{"AttributeName", "pk"}, {"AttributeType", "S"}}})},
        {"BillingMode", "PAY_PER_REQUEST"},
        {"Tags", Json::array({{{"Key", "service"}, {"Value", fmt::format("svc-{}", i)}}})}}},
      {"UpdateReplacePolicy", "Retain"},
      {"DeletionPolicy", "Retain"}};
  resources[functionId] = {
      {"Type", "AWS::Lambda::Function"},
      {"Properties",
       {{"Code",
         {{"S3Bucket", "cdk-hnb659fds-assets-123456789012-us-east-1"}, {"S3Key", hexHash(i)}}},
        {"Handler", "index.handler"},
        {"Runtime", "nodejs20.x"},
        {"MemorySize", 256},
        {"Timeout", timeout},
        {"Role", {{"Fn::GetAtt", Json::array({roleId, "Arn"})}}},
        {"Environment",
         {{"Variables",
           {{"TABLE_NAME", {{"Ref", tableId}}},
            {"STAGE", "prod"},
            {"SERVICE", fmt::format("svc-{}", i)}}}}}}},
      {"DependsOn", Json::array({roleId})}};
}

struct Names {
  std::string role, table, function;
};

Names namesOf(std::size_t i, bool renamed) {
  std::string prefix = renamed ? "Moved" : "";
  return {fmt::format("{}Svc{}RoleB{:04d}", prefix, i, i),
          fmt::format("{}Svc{}TableC{:04d}", prefix, i, i),
          fmt::format("{}Svc{}FnD{:04d}", prefix, i, i)};
}

TEST(RenameDetection, ThreeHundredResourcesWithThirtyRenames) {
  // 100 services × 3 resources. Services 0..9 move to a new construct (all three ids change);
  // in 5 of them the function's timeout changes too (a rename with an edit).
  Json before = {{"Resources", Json::object()}};
  Json after = {{"Resources", Json::object()}};
  std::map<std::string, std::string> expected;  // old id → new id
  for (std::size_t i = 0; i < 100; ++i) {
    auto old = namesOf(i, false);
    addService(before["Resources"], i, old.role, old.table, old.function, 30);
    bool moved = i < 10;
    auto now = namesOf(i, moved);
    addService(after["Resources"], i, now.role, now.table, now.function, moved && i < 5 ? 60 : 30);
    if (moved) {
      expected[old.role] = now.role;
      expected[old.table] = now.table;
      expected[old.function] = now.function;
    }
  }
  auto fixture = diffTemplates(before, after);
  std::map<std::string, std::string> found;
  for (const auto& op : fixture->diff.operations) {
    if (op.type == OperationType::Rename) found[op.oldName] = op.name;
  }
  EXPECT_EQ(found, expected);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Insert), 0u);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Remove), 0u);
}

// Candidate renames are scored on --jobs threads: the same renames, in the same order, from one
// thread or four. 60 services move and each function changes its timeout: 60 x 60 candidate
// functions, scored by similarity.
TEST(RenameDetection, ThreadsFindTheSameRenames) {
  Json before = {{"Resources", Json::object()}};
  Json after = {{"Resources", Json::object()}};
  std::map<std::string, std::string> expected;
  for (std::size_t i = 0; i < 60; ++i) {
    auto old = namesOf(i, false);
    auto now = namesOf(i, true);
    addService(before["Resources"], i, old.role, old.table, old.function, 30);
    addService(after["Resources"], i, now.role, now.table, now.function, 60);
    expected[old.role] = now.role;
    expected[old.table] = now.table;
    expected[old.function] = now.function;
  }
  Diagnostics warnings;
  const InfraModel beforeModel = testing::modelOf(before, warnings);
  const InfraModel afterModel = testing::modelOf(after, warnings);
  const auto& spec = ResourceSpec::builtin();
  auto renames = [&](unsigned jobs) {
    auto diff = diffModels(
        beforeModel, afterModel,
        [&spec](std::string_view type, const Path& path) { return spec.updateType(type, path); },
        {}, {}, jobs);
    std::vector<std::pair<std::string, std::string>> found;
    for (const auto& op : diff.operations) {
      if (op.type == OperationType::Rename) found.emplace_back(op.oldName, op.name);
    }
    return found;
  };
  const auto one = renames(1);
  EXPECT_EQ(renames(4), one);
  const std::map<std::string, std::string> found(one.begin(), one.end());
  EXPECT_EQ(found, expected);
}

TEST(RenameDetection, LookAlikesAreNotRenames) {
  // 500 resources: 25 functions renamed (same body), and 25 functions removed while 25 others are
  // added: same shape and settings, different code and service. C2A pairs those as renames.
  Json before = {{"Resources", Json::object()}};
  Json after = {{"Resources", Json::object()}};
  auto function = [](std::size_t i) {
    return Json{
        {"Type", "AWS::Lambda::Function"},
        {"Properties",
         {{"Code",
           {{"S3Bucket", "cdk-hnb659fds-assets-123456789012-us-east-1"}, {"S3Key", hexHash(i)}}},
          {"Handler", "index.handler"},
          {"Runtime", "nodejs20.x"},
          {"Role", "arn:aws:iam::123456789012:role/lambda"},
          {"Environment", {{"Variables", {{"SERVICE", fmt::format("service-{}", i)}}}}}}}};
  };
  for (std::size_t i = 0; i < 450; ++i) {
    before["Resources"][fmt::format("Fn{:04d}", i)] = function(i);
    bool renamed = i < 25;
    after["Resources"][renamed ? fmt::format("Renamed{:04d}", i) : fmt::format("Fn{:04d}", i)] =
        function(i);
  }
  for (std::size_t i = 0; i < 25; ++i) {
    before["Resources"][fmt::format("Gone{:04d}", i)] = function(1000 + i);
    after["Resources"][fmt::format("New{:04d}", i)] = function(2000 + i);
  }
  auto fixture = diffTemplates(before, after);
  std::size_t renames = 0;
  for (const auto& op : fixture->diff.operations) {
    if (op.type != OperationType::Rename) continue;
    ++renames;
    EXPECT_EQ(op.oldName.substr(2), op.name.substr(7)) << op.oldName << " -> " << op.name;
  }
  EXPECT_EQ(renames, 25u);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Insert), 25u);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Remove), 25u);
}

TEST(RenameDetection, DifferentPhysicalNameIsNotARename) {
  Json before = Json::parse(R"({"Resources":{"OldQueue":{"Type":"AWS::SQS::Queue",
      "Properties":{"QueueName":"orders","VisibilityTimeout":30,"MessageRetentionPeriod":1209600}}}})");
  Json after = Json::parse(R"({"Resources":{"NewQueue":{"Type":"AWS::SQS::Queue",
      "Properties":{"QueueName":"orders-v2","VisibilityTimeout":30,"MessageRetentionPeriod":1209600}}}})");
  auto fixture = diffTemplates(before, after);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Rename), 0u);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Insert), 1u);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Remove), 1u);
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

TEST(RenameDetection, FunctionMovedWithItsRewrittenRole) {
  // The function moved to a new construct; its role moved too but its policy was rewritten, so
  // the roles do not pair. The function still does: its only difference is which (unpaired) role
  // it names.
  auto before = Json::parse(R"({"Resources":{
    "StackRole9B4D53CC":{"Type":"AWS::IAM::Role","Properties":{"AssumeRolePolicyDocument":{"a":1},
      "Policies":[{"PolicyName":"p","PolicyDocument":{"Statement":[{"Action":"s3:GetObject"}]}}]}},
    "DeployFnA1B2C3D4":{"Type":"AWS::Lambda::Function","DependsOn":["StackRole9B4D53CC"],
      "Properties":{"Handler":"index.handler","Runtime":"python3.12","Timeout":900,
        "Code":{"S3Bucket":"assets","S3Key":"0f1e2d3c4b5a69788796a5b4c3d2e1f0.zip"},
        "Role":{"Fn::GetAtt":["StackRole9B4D53CC","Arn"]}}}}})");
  auto after = Json::parse(R"({"Resources":{
    "MetricsRoleC49ABA6D":{"Type":"AWS::IAM::Role","Properties":{"AssumeRolePolicyDocument":{"a":1},
      "Policies":[{"PolicyName":"q","PolicyDocument":{"Statement":[{"Action":"cloudwatch:PutMetricData"}]}}]}},
    "MetricsDeployFn02CE6550":{"Type":"AWS::Lambda::Function","DependsOn":["MetricsRoleC49ABA6D"],
      "Properties":{"Handler":"index.handler","Runtime":"python3.12","Timeout":900,
        "Code":{"S3Bucket":"assets","S3Key":"0f1e2d3c4b5a69788796a5b4c3d2e1f0.zip"},
        "Role":{"Fn::GetAtt":["MetricsRoleC49ABA6D","Arn"]}}}}})");
  auto fixture = testing::diffTemplates(before, after);
  std::vector<std::string> renames;
  for (const auto& op : fixture->diff.operations) {
    if (op.type == OperationType::Rename) renames.push_back(op.oldName + " -> " + op.name);
  }
  EXPECT_EQ(renames, std::vector<std::string>{"DeployFnA1B2C3D4 -> MetricsDeployFn02CE6550"});
}

}  // namespace
}  // namespace c2a
