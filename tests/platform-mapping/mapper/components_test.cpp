// mapTemplate: entities become components of the stack, in template order.
#include <gtest/gtest.h>

#include "mapper_support.h"

namespace c2a::testing {
namespace {

using Ids = std::vector<std::string>;

constexpr std::string_view kTemplate = R"({
  "AWSTemplateFormatVersion": "2010-09-09",
  "Description": "demo",
  "Parameters": {"Env": {"Type": "String", "Default": "dev"}},
  "Mappings": {"Sizes": {"dev": {"Size": "small"}}},
  "Conditions": {"IsProd": {"Fn::Equals": ["prod", "dev"]}},
  "Resources": {
    "Bucket": {"Type": "AWS::S3::Bucket", "DeletionPolicy": "Retain",
               "Properties": {"BucketName": "b"}, "Metadata": {"m": 1}}
  },
  "Outputs": {"Name": {"Value": "x"}},
  "Rules": {}
})";

TEST(MapperComponents, OnePerEntityInTemplateOrder) {
  auto mapped = mapText(kTemplate, "App");
  EXPECT_EQ(componentIds(mapped.model),
            (Ids{"Stack:App", "App/Parameter:Env", "App/Mapping:Sizes", "App/Condition:IsProd",
                 "App/Resource:Bucket", "App/Output:Name"}));
  EXPECT_EQ(mapped.model.stacks(), (Ids{"App"}));
  EXPECT_TRUE(mapped.warnings.empty());
}

TEST(MapperComponents, ResourceIsItsObjectWithoutType) {
  auto mapped = mapText(kTemplate, "App");
  auto index = mapped.model.find("App", ComponentType::Resource, "Bucket");
  ASSERT_TRUE(index);
  const auto& bucket = mapped.model.component(*index);
  EXPECT_EQ(bucket.subtype, "AWS::S3::Bucket");
  EXPECT_EQ(bucket.stack, "App");
  EXPECT_EQ(bucket.pointer, "/Resources/Bucket");
  EXPECT_EQ(bucket.properties.dump(),
            R"({"DeletionPolicy":"Retain","Properties":{"BucketName":"b"},"Metadata":{"m":1}})");
  ASSERT_NE(bucket.locations, nullptr);
  EXPECT_EQ(bucket.locations->file(), "t.json");
}

TEST(MapperComponents, OtherEntitiesKeepTheirValue) {
  auto mapped = mapText(kTemplate, "App");
  const auto& model = mapped.model;
  const auto& env = model.component(*model.find("App", ComponentType::Parameter, "Env"));
  EXPECT_EQ(env.properties, Json::parse(R"({"Type": "String", "Default": "dev"})"));
  EXPECT_EQ(env.subtype, "");
  EXPECT_EQ(env.pointer, "/Parameters/Env");
  const auto& condition = model.component(*model.find("App", ComponentType::Condition, "IsProd"));
  EXPECT_EQ(condition.properties, Json::parse(R"({"Fn::Equals": ["prod", "dev"]})"));
  const auto& mapping = model.component(*model.find("App", ComponentType::Mapping, "Sizes"));
  EXPECT_EQ(mapping.properties, Json::parse(R"({"dev": {"Size": "small"}})"));
  const auto& output = model.component(*model.find("App", ComponentType::Output, "Name"));
  EXPECT_EQ(output.properties, Json::parse(R"({"Value": "x"})"));
}

TEST(MapperComponents, StackCarriesTopLevelValues) {
  auto mapped = mapText(kTemplate);
  auto index = mapped.model.find("", ComponentType::Stack, "template");
  ASSERT_TRUE(index);
  const auto& stack = mapped.model.component(*index);
  EXPECT_EQ(stack.properties.dump(),
            R"({"Description":"demo","AWSTemplateFormatVersion":"2010-09-09"})");
  EXPECT_EQ(stack.id(), "Stack:template");
  EXPECT_EQ(stack.stack, "");
  EXPECT_EQ(stack.pointer, "");
}

TEST(MapperComponents, ReturnsTheStackAndLinksItToEveryComponent) {
  InfraModel model;
  Diagnostics warnings;
  auto stack = mapTemplate(document(kTemplate), "", model, warnings);
  EXPECT_EQ(model.component(stack).type, ComponentType::Stack);
  std::vector<std::string> targets;
  model.forEachOutgoing(stack, [&](ComponentIndex, ComponentIndex t, const Relationship& r) {
    EXPECT_EQ(r.kind, RelationshipKind::Structural);
    EXPECT_EQ(r.reference, ReferenceKind::None);
    EXPECT_TRUE(r.sourcePath.empty());
    targets.push_back(model.component(t).id());
  });
  EXPECT_EQ(targets, (Ids{"Parameter:Env", "Mapping:Sizes", "Condition:IsProd", "Resource:Bucket",
                          "Output:Name"}));
}

TEST(MapperComponents, TemplatesWithoutResources) {
  EXPECT_EQ(mapText(R"({"Parameters": {"P": {"Type": "String"}}})").model.componentCount(), 2U);
  EXPECT_EQ(mapText(R"({"AWSTemplateFormatVersion": "2010-09-09"})").model.componentCount(), 1U);
  EXPECT_EQ(mapText("{}").model.componentCount(), 1U);
  auto sam = mapText(R"({"Transform": "AWS::Serverless-2016-10-31", "Resources": {}})");
  EXPECT_EQ(sam.model.component(0).properties.dump(),
            R"({"Transform":"AWS::Serverless-2016-10-31"})");
}

TEST(MapperComponents, TwoStacksInOneModel) {
  InfraModel model;
  Diagnostics warnings;
  auto text = R"({"Resources": {"Bucket": {"Type": "AWS::S3::Bucket"}}})";
  mapTemplate(document(text), "A", model, warnings);
  mapTemplate(document(text), "B", model, warnings);
  EXPECT_EQ(componentIds(model),
            (Ids{"Stack:A", "A/Resource:Bucket", "Stack:B", "B/Resource:Bucket"}));
  EXPECT_EQ(model.stacks(), (Ids{"A", "B"}));
}

// SAM is run (platform-mapping/cloudformation/serverless/); other macros are not. A resource-level
// Fn::Transform names the resource and the value it hides.
TEST(MapperComponents, MacrosAreNotAnalysedAndSamIsExpanded) {
  auto mapped = mapText(R"({"Transform": ["AWS::Serverless-2016-10-31", "MyMacro"], "Resources": {
      "Queue": {"Type": "AWS::SQS::Queue",
                "Properties": {"Tags": {"Fn::Transform": {"Name": "AWS::Include"}}}}}})");
  ASSERT_EQ(mapped.warnings.size(), 2U);
  for (const auto& warning : mapped.warnings) EXPECT_TRUE(warning.notAnalysed) << warning.str();
  EXPECT_NE(mapped.warnings[0].message.find("MyMacro"), std::string::npos);
  EXPECT_NE(mapped.warnings[1].message.find(
                "resource Queue: Fn::Transform runs the macro AWS::Include, which c2a does not "
                "run: what it makes of Properties.Tags is not analysed"),
            std::string::npos)
      << mapped.warnings[1].message;
}

}  // namespace
}  // namespace c2a::testing
