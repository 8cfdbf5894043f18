// Cloud assemblies: which stacks are found, how they are named, and imports between them.
#include <gtest/gtest.h>

#include "tests/platform-mapping/cdk/cdk_support.h"

namespace c2a::testing {
namespace {

TEST(CloudAssembly, FindsEveryStackArtifactNamedByItsIdInIdOrder) {
  Diagnostics warnings;
  auto model = load(assemblyFixture("cross-stack"), &warnings);
  EXPECT_EQ(model.stacks(), (std::vector<std::string>{"Consumer", "Producer"}));
  EXPECT_TRUE(hasComponent(model, "Stack:Consumer"));
  EXPECT_TRUE(hasComponent(model, "Stack:Producer"));

  const auto& function = componentById(model, "Consumer/Resource:Handler886CB40B");
  EXPECT_EQ(function.stack, "Consumer");
  EXPECT_EQ(function.subtype, "AWS::Lambda::Function");
  EXPECT_FALSE(function.properties.contains("Type"));
  EXPECT_TRUE(hasComponent(model, "Producer/Resource:Bucket83908E77"));
  // Asset manifests and the construct tree are artifacts too, but not stacks.
  EXPECT_FALSE(hasComponent(model, "Stack:Producer.assets"));
  EXPECT_FALSE(hasComponent(model, "Stack:Tree"));
  for (const auto& warning : warnings) ADD_FAILURE() << "unexpected warning: " << warning.str();
}

TEST(CloudAssembly, TemplateLocationsPointIntoTheStackTemplate) {
  auto model = load(assemblyFixture("cross-stack"));
  auto where = componentById(model, "Producer/Resource:Bucket83908E77").location();
  EXPECT_TRUE(where.file.ends_with("cross-stack/Producer.template.json")) << where.file;
  EXPECT_EQ(where.line, 3);
}

TEST(CloudAssembly, CdkExportsLinkTheConsumerToTheProducersOutput) {
  auto model = load(assemblyFixture("cross-stack"));
  EXPECT_EQ(between(model, "Consumer/Resource:Handler886CB40B",
                    "Producer/Output:ExportsOutputRefBucket83908E77B6F0A4B1"),
            (std::vector<Relationship>{{RelationshipKind::Dependency,
                                        ReferenceKind::ImportValue,
                                        {"Properties", "Environment", "Variables", "BUCKET_NAME"},
                                        {}}}));
  auto policyImports = between(model, "Consumer/Resource:HandlerServiceRoleDefaultPolicyCBD0CC91",
                               "Producer/Output:ExportsOutputFnGetAttBucket83908E77Arn063C8555");
  ASSERT_FALSE(policyImports.empty());
  EXPECT_EQ(policyImports.front().reference, ReferenceKind::ImportValue);
  EXPECT_EQ(toDotted(policyImports.front().sourcePath),
            "Properties.PolicyDocument.Statement.0.Resource.0");
  // The producer's Output still depends on the bucket it exports, so a replaced bucket reaches
  // the consumer: Bucket ← Output ← Handler.
  EXPECT_FALSE(between(model, "Producer/Output:ExportsOutputRefBucket83908E77B6F0A4B1",
                       "Producer/Resource:Bucket83908E77")
                   .empty());
}

TEST(CloudAssembly, StageStacksComeFromTheNestedAssembly) {
  auto model = load(assemblyFixture("stage"));
  EXPECT_EQ(model.stacks(), (std::vector<std::string>{"ProdAppStack3F6B1C2D"}));
  EXPECT_TRUE(hasComponent(model, "ProdAppStack3F6B1C2D/Resource:TableCD117FA1"));
  auto where = componentById(model, "ProdAppStack3F6B1C2D/Resource:TableCD117FA1").location();
  EXPECT_TRUE(where.file.ends_with("stage/assembly-Prod/ProdAppStack3F6B1C2D.template.json"))
      << where.file;
}

TEST(CloudAssembly, CollidingArtifactIdsArePrefixedWithTheirAssemblyDirectory) {
  auto model = load(assemblyFixture("collision"));
  EXPECT_EQ(model.stacks(),
            (std::vector<std::string>{"assembly-Beta/AppStack", "assembly-Prod/AppStack"}));
  EXPECT_TRUE(hasComponent(model, "assembly-Beta/AppStack/Resource:TableCD117FA1"));
  EXPECT_TRUE(hasComponent(model, "assembly-Prod/AppStack/Resource:TableCD117FA1"));
}

TEST(CloudAssembly, AnAssemblyWithoutStacksIsEmptyWithAWarning) {
  ScratchDirectory dir("empty");
  dir.write("manifest.json", R"({"version": "36.0.0", "artifacts": {}})");
  Diagnostics warnings;
  auto model = load(dir.path().string(), &warnings);
  EXPECT_EQ(model.componentCount(), 0U);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_TRUE(warnings[0].where.file.ends_with("manifest.json"));
}

}  // namespace
}  // namespace c2a::testing
