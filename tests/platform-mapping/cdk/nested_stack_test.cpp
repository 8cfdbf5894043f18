// Nested stacks: their own stack in the model, and the edges across the parent/nested boundary.
#include <gtest/gtest.h>

#include <string>

#include "model/json.h"
#include "tests/platform-mapping/cdk/cdk_support.h"

namespace c2a::testing {
namespace {

const std::string kNestedResource = "StorageNestedStackStorageNestedStackResource8E5B1F2A";
const std::string kNestedStack = "Parent/" + kNestedResource;

TEST(NestedStack, ComponentsLiveInTheStackNamedAfterTheParentAndLogicalId) {
  Diagnostics warnings;
  auto model = load(assemblyFixture("nested"), &warnings);
  EXPECT_EQ(model.stacks(), (std::vector<std::string>{"Parent", kNestedStack}));
  EXPECT_TRUE(hasComponent(model, "Stack:" + kNestedStack));
  const auto& queue = componentById(model, kNestedStack + "/Resource:Queue4A7E3555");
  EXPECT_EQ(queue.stack, kNestedStack);
  EXPECT_TRUE(queue.location().file.ends_with("ParentStorage5A1B2C3D.nested.template.json"));
  EXPECT_TRUE(hasComponent(model, kNestedStack + "/Parameter:referencetoParentBucket83908E77Ref"));
  EXPECT_TRUE(hasComponent(model, kNestedStack + "/Output:ParentStorageQueue6E4F2A1BRef"));
  // The AWS::CloudFormation::Stack resource itself stays a resource of the parent.
  EXPECT_EQ(componentById(model, "Parent/Resource:" + kNestedResource).subtype,
            "AWS::CloudFormation::Stack");
  for (const auto& warning : warnings) ADD_FAILURE() << "unexpected warning: " << warning.str();
}

TEST(NestedStack, ParentParametersFeedTheNestedParameter) {
  auto model = load(assemblyFixture("nested"));
  const std::string parameter = kNestedStack + "/Parameter:referencetoParentBucket83908E77Ref";
  const std::string stackResource = "Parent/Resource:" + kNestedResource;
  EXPECT_EQ(between(model, parameter, stackResource),
            (std::vector<Relationship>{{RelationshipKind::Dependency,
                                        ReferenceKind::NestedStackParameter,
                                        {},
                                        "Parameters.referencetoParentBucket83908E77Ref"}}));
  // The whole chain a bucket change follows: bucket ← Parameters.P ← nested P ← nested queue.
  auto passes = between(model, stackResource, "Parent/Resource:Bucket83908E77");
  ASSERT_EQ(passes.size(), 1U);
  EXPECT_EQ(toDotted(passes[0].sourcePath),
            "Properties.Parameters.referencetoParentBucket83908E77Ref");
  auto uses = between(model, kNestedStack + "/Resource:Queue4A7E3555", parameter);
  ASSERT_EQ(uses.size(), 1U);
  EXPECT_EQ(uses[0].reference, ReferenceKind::Ref);
  EXPECT_EQ(toDotted(uses[0].sourcePath), "Properties.Tags.0.Value");
}

TEST(NestedStack, GetAttOfANestedOutputAlsoReachesTheNestedOutput) {
  auto model = load(assemblyFixture("nested"));
  const std::string reader = "Parent/Resource:QueueUrlParameter5E9A0C3B";
  EXPECT_EQ(between(model, reader, kNestedStack + "/Output:ParentStorageQueue6E4F2A1BRef"),
            (std::vector<Relationship>{{RelationshipKind::Dependency,
                                        ReferenceKind::NestedStackOutput,
                                        {"Properties", "Value"},
                                        "Outputs.ParentStorageQueue6E4F2A1BRef"}}));
  // The GetAtt edge to the stack resource stays: the companion is in addition to it.
  auto getAtt = between(model, reader, "Parent/Resource:" + kNestedResource);
  ASSERT_EQ(getAtt.size(), 1U);
  EXPECT_EQ(getAtt[0].reference, ReferenceKind::GetAtt);
  EXPECT_EQ(getAtt[0].attribute, "Outputs.ParentStorageQueue6E4F2A1BRef");
}

// An assembly whose stack Outer nests `levels` stacks, each inside the one before:
// Outer/Level1/Level2/... Level k passes its Topic to Level k+1 and reads its output back.
void writeNestedChain(const ScratchDirectory& dir, int levels) {
  dir.write("manifest.json", R"({"version": "36.0.0", "artifacts": {"Outer": {
    "type": "aws:cloudformation:stack", "environment": "aws://unknown-account/unknown-region",
    "properties": {"templateFile": "Outer.template.json"}, "displayName": "Outer"}}})");
  for (int level = 0; level <= levels; ++level) {
    Json resources = Json::object();
    resources["Topic"] = {{"Type", "AWS::SNS::Topic"}, {"Properties", Json::object()}};
    if (level > 0) resources["Topic"]["Properties"]["TopicName"] = {{"Ref", "Upstream"}};
    if (level < levels) {
      std::string child = "Level" + std::to_string(level + 1);
      resources[child] = {
          {"Type", "AWS::CloudFormation::Stack"},
          {"Properties",
           {{"TemplateURL", "https://example.com/" + child + ".json"},
            {"Parameters", {{"Upstream", {{"Fn::GetAtt", {"Topic", "TopicName"}}}}}}}},
          {"Metadata", {{"aws:asset:path", child + ".nested.template.json"}}}};
      resources["Reader"] = {
          {"Type", "AWS::SSM::Parameter"},
          {"Properties",
           {{"Type", "String"}, {"Value", {{"Fn::GetAtt", {child, "Outputs.TopicArn"}}}}}}};
    }
    Json document = {{"Resources", resources},
                     {"Outputs", {{"TopicArn", {{"Value", {{"Ref", "Topic"}}}}}}}};
    if (level > 0) document["Parameters"] = {{"Upstream", {{"Type", "String"}}}};
    std::string file = level == 0 ? "Outer.template.json"
                                  : "Level" + std::to_string(level) + ".nested.template.json";
    dir.write(file, document.dump(1));
  }
}

TEST(NestedStack, NestedStacksOfNestedStacksAreFollowed) {
  ScratchDirectory dir("nested-chain");
  writeNestedChain(dir, 2);
  Diagnostics warnings;
  auto model = load(dir.path().string(), &warnings);
  EXPECT_EQ(model.stacks(),
            (std::vector<std::string>{"Outer", "Outer/Level1", "Outer/Level1/Level2"}));
  EXPECT_EQ(
      between(model, "Outer/Level1/Level2/Parameter:Upstream", "Outer/Level1/Resource:Level2"),
      (std::vector<Relationship>{{RelationshipKind::Dependency,
                                  ReferenceKind::NestedStackParameter,
                                  {},
                                  "Parameters.Upstream"}}));
  EXPECT_EQ(between(model, "Outer/Level1/Resource:Reader", "Outer/Level1/Level2/Output:TopicArn"),
            (std::vector<Relationship>{{RelationshipKind::Dependency,
                                        ReferenceKind::NestedStackOutput,
                                        {"Properties", "Value"},
                                        "Outputs.TopicArn"}}));
  for (const auto& warning : warnings) ADD_FAILURE() << "unexpected warning: " << warning.str();
}

TEST(NestedStack, NestingDeeperThanSixteenLevelsIsRejectedWhereTheTooDeepStackIsNamed) {
  ScratchDirectory dir("nested-too-deep");
  writeNestedChain(dir, 17);
  auto error = loadError(dir.path().string());
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.file.ends_with("Level16.nested.template.json")) << error.where.str();
  EXPECT_GT(error.where.line, 0);
  EXPECT_NE(error.message.find("more than 16 levels"), std::string::npos) << error.message;

  ScratchDirectory ok("nested-deepest");
  writeNestedChain(ok, 16);
  EXPECT_EQ(load(ok.path().string()).stacks().size(), 17U);
}

TEST(NestedStack, ParametersAndOutputsTheNestedTemplateLacksAreLocatedWarnings) {
  ScratchDirectory dir("nested-mismatch");
  writeNestedChain(dir, 1);
  // Level1 now declares neither the parameter its parent passes nor the output it reads.
  dir.write("Level1.nested.template.json",
            R"({"Resources": {"Topic": {"Type": "AWS::SNS::Topic"}}})");
  Diagnostics warnings;
  auto model = load(dir.path().string(), &warnings);
  ASSERT_EQ(warnings.size(), 2U);
  EXPECT_NE(warnings[0].message.find("no parameter 'Upstream'"), std::string::npos);
  EXPECT_NE(warnings[1].message.find("no output 'TopicArn'"), std::string::npos);
  for (const auto& warning : warnings) {
    EXPECT_TRUE(warning.where.file.ends_with("Outer.template.json")) << warning.str();
    EXPECT_GT(warning.where.line, 0) << warning.str();
  }
}

TEST(NestedStack, AStackResourceWithoutALocalTemplateIsJustAResource) {
  ScratchDirectory dir("nested-remote");
  dir.write("manifest.json", R"({"version": "36.0.0", "artifacts": {"Outer": {
    "type": "aws:cloudformation:stack", "properties": {"templateFile": "Outer.template.json"}}}})");
  dir.write("Outer.template.json", R"({"Resources": {"Remote": {
    "Type": "AWS::CloudFormation::Stack",
    "Properties": {"TemplateURL": "https://example.com/remote.json", "Parameters": {"A": "b"}}}}})");
  auto model = load(dir.path().string());
  EXPECT_EQ(model.stacks(), (std::vector<std::string>{"Outer"}));
  EXPECT_TRUE(hasComponent(model, "Outer/Resource:Remote"));
}

}  // namespace
}  // namespace c2a::testing
