// `c2a diff --write-refactor-mapping FILE` (issue 29 §3): the renames, and the moves between the
// stacks of one cloud assembly, as the ResourceMappings CloudFormation's stack refactoring takes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "model/json.h"
#include "tests/cli/run_c2a.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;
using testing::runC2a;
using testing::slurp;

class RefactorMapping : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("c2a-refactor-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    auto path = dir_ / name;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path.string();
  }
  // A cloud assembly of stacks `Api` and `Data` (deployed as orders-api and orders-data).
  std::string assembly(const std::string& name, const std::string& api, const std::string& data) {
    write(name + "/Api.template.json", api);
    write(name + "/Data.template.json", data);
    return write(name + "/manifest.json", R"({"version": "36.0.0", "artifacts": {
      "Api": {"type": "aws:cloudformation:stack", "environment": "aws://111111111111/eu-west-1",
              "properties": {"templateFile": "Api.template.json", "stackName": "orders-api"}},
      "Data": {"type": "aws:cloudformation:stack", "environment": "aws://111111111111/eu-west-1",
               "properties": {"templateFile": "Data.template.json", "stackName": "orders-data"}}}})");
  }
  Json mapping() const { return Json::parse(slurp(dir_ / "mapping.json")); }
  std::string out() const { return (dir_ / "mapping.json").string(); }

  fs::path dir_;
};

constexpr const char* kTable =
    R"("Type": "AWS::DynamoDB::Table", "Properties": {"KeySchema": [{"AttributeName": "id",
    "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
    "BillingMode": "PAY_PER_REQUEST"})";

TEST_F(RefactorMapping, ARenameOfALoneTemplateNeedsTheStackName) {
  auto before = write("before.json", std::string(R"({"Resources": {"Orders": {)") + kTable + "}}}");
  auto after =
      write("after.json", std::string(R"({"Resources": {"OrdersTable": {)") + kTable + "}}}");
  auto diff = "diff " + before + " " + after + " --no-presets --write-refactor-mapping " + out();
  auto unnamed = runC2a(diff);
  EXPECT_EQ(unnamed.status, 1) << unnamed.err;
  EXPECT_EQ(mapping(), Json::array());
  EXPECT_NE(unnamed.err.find("give it with --stack-name"), std::string::npos) << unnamed.err;

  auto named = runC2a(diff + " --stack-name orders");
  EXPECT_EQ(named.status, 1) << named.err;
  EXPECT_EQ(mapping(), Json::parse(R"([{
      "Source": {"StackName": "orders", "LogicalResourceId": "Orders"},
      "Destination": {"StackName": "orders", "LogicalResourceId": "OrdersTable"}}])"));
  EXPECT_EQ(named.err.find("not in the refactor mapping"), std::string::npos) << named.err;
}

// The CDK names an API Gateway deployment with a hash of the API: a new id with the same body is a
// new snapshot (model/snapshot_types.h). Mapped as a move, `cdk refactor` would keep the stale
// deployment, and the stage with it, pointing at the old API.
TEST_F(RefactorMapping, ASnapshotUnderANewIdIsNeverMapped) {
  auto side = [](const std::string& deployment, const std::string& table) {
    return R"({"Resources": {
      "Api": {"Type": "AWS::ApiGateway::RestApi", "Properties": {"Name": "orders"}},
      ")" + deployment + R"(": {"Type": "AWS::ApiGateway::Deployment",
        "Properties": {"RestApiId": {"Ref": "Api"}},
        "Metadata": {"aws:cdk:path": "App/Api/Deployment/Resource"}},
      "Prod": {"Type": "AWS::ApiGateway::Stage", "Properties": {"RestApiId": {"Ref": "Api"},
        "StageName": "prod", "DeploymentId": {"Ref": ")" + deployment + R"("}}},
      ")" + table + R"(": {)" + kTable + "}}}";
  };
  auto before = write("before.json", side("ApiDeployment1111aaaa", "Orders"));
  auto after = write("after.json", side("ApiDeployment2222bbbb", "OrdersTable"));
  auto result = runC2a("diff " + before + " " + after +
                       " --no-presets --stack-name orders --write-refactor-mapping " + out());
  EXPECT_EQ(result.status, 1) << result.err;
  // The table's rename is a move; the deployment's new id is not.
  EXPECT_EQ(mapping(), Json::parse(R"([{
      "Source": {"StackName": "orders", "LogicalResourceId": "Orders"},
      "Destination": {"StackName": "orders", "LogicalResourceId": "OrdersTable"}}])"));
}

TEST_F(RefactorMapping, AMoveBetweenStacksOfAnAssemblyIsMappedByDeployedStackNames) {
  std::string queue = R"("Type": "AWS::SQS::Queue", "Properties": {"VisibilityTimeout": 120})";
  std::string named = R"("Type": "AWS::SQS::Queue", "Properties": {"QueueName":
      {"Fn::Sub": "${AWS::StackName}-dlq"}})";
  auto before = assembly("before",
                         R"({"Resources": {"Orders": {)" + std::string(kTable) + R"(}, "Jobs": {)" +
                             queue + R"(}, "Dead": {)" + named + "}}}",
                         R"({"Resources": {"Other": {"Type": "AWS::SNS::Topic"}}})");
  auto after =
      assembly("after", R"({"Resources": {"Other2": {"Type": "AWS::SNS::Topic"}}})",
               R"({"Resources": {"Orders": {)" + std::string(kTable) + R"(}, "Jobs": {)" + queue +
                   R"(}, "Dead": {)" + named + R"(}, "Other": {"Type": "AWS::SNS::Topic"}}})");
  auto result = runC2a("diff " + fs::path(before).parent_path().string() + " " +
                       fs::path(after).parent_path().string() +
                       " --no-presets --write-refactor-mapping " + out());
  EXPECT_EQ(result.status, 1) << result.err;
  auto mapped = mapping();
  ASSERT_EQ(mapped.size(), 2u) << mapped.dump(2);
  EXPECT_EQ(mapped[0]["Source"],
            Json::parse(R"({"StackName": "orders-api", "LogicalResourceId": "Jobs"})"));
  EXPECT_EQ(mapped[0]["Destination"],
            Json::parse(R"({"StackName": "orders-data", "LogicalResourceId": "Jobs"})"));
  EXPECT_EQ(mapped[1]["Source"]["LogicalResourceId"], "Orders");
  // The queue named after its stack would take another name in the other stack: not mapped.
  EXPECT_NE(result.err.find("Dead (stack Api to Data): it reads AWS::StackName"), std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace c2a
