// Constructs from the aws:cdk:path metadata, and the structural tree they form.
#include "platform-mapping/cdk/constructs.h"

#include <gtest/gtest.h>

#include "tests/platform-mapping/cdk/cdk_support.h"

namespace c2a::testing {
namespace {

const std::vector<Relationship> kStructural{structural()};

TEST(Constructs, OneComponentPerConstructThatOwnsResources) {
  auto model = load(assemblyFixture("cross-stack"));
  for (const char* path : {"Consumer/Handler", "Consumer/Handler/ServiceRole",
                           "Consumer/Handler/ServiceRole/DefaultPolicy", "Consumer/CDKMetadata"}) {
    SCOPED_TRACE(path);
    const auto& construct = componentById(model, std::string("Consumer/Construct:") + path);
    EXPECT_EQ(construct.type, ComponentType::Construct);
    EXPECT_EQ(construct.name, path);
    EXPECT_EQ(construct.stack, "Consumer");
    EXPECT_EQ(construct.subtype, "");
    EXPECT_EQ(construct.properties, Json({{"path", path}}));
  }
  // The first segment is the stack itself, and the last one the L1 resource.
  EXPECT_FALSE(hasComponent(model, "Consumer/Construct:Consumer"));
  EXPECT_FALSE(hasComponent(model, "Consumer/Construct:Consumer/Handler/Resource"));
}

TEST(Constructs, StackToConstructToConstructToResource) {
  auto model = load(assemblyFixture("cross-stack"));
  const std::string handler = "Consumer/Construct:Consumer/Handler";
  const std::string role = "Consumer/Construct:Consumer/Handler/ServiceRole";
  const std::string policy = "Consumer/Construct:Consumer/Handler/ServiceRole/DefaultPolicy";
  EXPECT_EQ(between(model, "Stack:Consumer", handler), kStructural);
  EXPECT_EQ(between(model, handler, role), kStructural);
  EXPECT_EQ(between(model, role, policy), kStructural);
  EXPECT_EQ(between(model, policy, "Consumer/Resource:HandlerServiceRoleDefaultPolicyCBD0CC91"),
            kStructural);
  EXPECT_EQ(between(model, role, "Consumer/Resource:HandlerServiceRoleFCDC14AE"), kStructural);
  EXPECT_EQ(between(model, handler, "Consumer/Resource:Handler886CB40B"), kStructural);
  // Only the top-level constructs hang off the stack...
  EXPECT_TRUE(between(model, "Stack:Consumer", role).empty());
  // ...and the stack keeps its direct edge to every resource (see addConstructs).
  EXPECT_EQ(between(model, "Stack:Consumer", "Consumer/Resource:Handler886CB40B"), kStructural);
}

TEST(Constructs, PointAtTheMetadataThatNamesThem) {
  auto model = load(assemblyFixture("cross-stack"));
  auto where = componentById(model, "Consumer/Construct:Consumer/Handler/ServiceRole").location();
  EXPECT_TRUE(where.file.ends_with("cross-stack/Consumer.template.json")) << where.file;
  EXPECT_GT(where.line, 0);
}

TEST(Constructs, ALoneCdkTemplateGetsThemToo) {
  auto model = load(assemblyFixture("cross-stack/Consumer.template.json"));
  EXPECT_EQ(model.stacks(), (std::vector<std::string>{""}));
  EXPECT_EQ(componentById(model, "Construct:Consumer/Handler/ServiceRole").stack, "");
  EXPECT_EQ(between(model, "Stack:template", "Construct:Consumer/Handler"), kStructural);
  EXPECT_EQ(between(model, "Construct:Consumer/Handler/ServiceRole/DefaultPolicy",
                    "Resource:HandlerServiceRoleDefaultPolicyCBD0CC91"),
            kStructural);
}

TEST(Constructs, ResourcesWithoutCdkPathKeepOnlyTheirStackEdge) {
  ScratchDirectory dir("plain-template");
  dir.write("plain.json", R"({"Resources": {"Queue": {"Type": "AWS::SQS::Queue"},
    "Topic": {"Type": "AWS::SNS::Topic", "Metadata": {"aws:cdk:path": "App/Alerts/Topic"}}}})");
  auto model = load((dir.path() / "plain.json").string());
  std::vector<std::string> into;
  for (const auto& edge : edges(model)) {
    if (edge.target == "Resource:Queue") into.push_back(edge.source);
  }
  EXPECT_EQ(into, (std::vector<std::string>{"Stack:template"}));
  EXPECT_EQ(between(model, "Construct:App/Alerts", "Resource:Topic"), kStructural);
}

TEST(Constructs, StageStacksStripTheirWholeConstructPath) {
  auto model = load(assemblyFixture("stage"));
  const std::string table = "ProdAppStack3F6B1C2D/Construct:Prod/AppStack/Table";
  EXPECT_EQ(between(model, "Stack:ProdAppStack3F6B1C2D", table), kStructural);
  EXPECT_FALSE(hasComponent(model, "ProdAppStack3F6B1C2D/Construct:Prod/AppStack"));
}

TEST(Constructs, NestedStacksStripTheNestedStackConstructPath) {
  auto model = load(assemblyFixture("nested"));
  const std::string nested = "Parent/StorageNestedStackStorageNestedStackResource8E5B1F2A";
  EXPECT_EQ(between(model, "Stack:" + nested, nested + "/Construct:Parent/Storage/Queue"),
            kStructural);
  EXPECT_EQ(between(model, nested + "/Construct:Parent/Storage/Queue",
                    nested + "/Construct:Parent/Storage/Queue/Policy"),
            kStructural);
  EXPECT_EQ(between(model, nested + "/Construct:Parent/Storage/Queue/Policy",
                    nested + "/Resource:QueuePolicy25439813"),
            kStructural);
  EXPECT_FALSE(hasComponent(model, nested + "/Construct:Parent/Storage"));
  // In the parent, the CfnStack sits in its `.NestedStack` host construct.
  EXPECT_EQ(between(model, "Parent/Construct:Parent/Storage.NestedStack",
                    "Parent/Resource:StorageNestedStackStorageNestedStackResource8E5B1F2A"),
            kStructural);
}

TEST(Constructs, NestedStackConstructPathFollowsCdkNaming) {
  EXPECT_EQ(nestedStackConstructPath("Parent/Storage.NestedStack/Storage.NestedStackResource"),
            "Parent/Storage");
  EXPECT_EQ(nestedStackConstructPath("Stage/App/Api/Db.NestedStack/Db.NestedStackResource"),
            "Stage/App/Api/Db");
  EXPECT_EQ(nestedStackConstructPath("Parent/Storage.NestedStack/Other.NestedStackResource"), "");
  EXPECT_EQ(nestedStackConstructPath("Parent/Storage/Resource"), "");
}

}  // namespace
}  // namespace c2a::testing
