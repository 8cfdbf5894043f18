// Errors a user can cause with an assembly: kind, location, and the file they name.
#include <gtest/gtest.h>

#include <string>

#include "tests/platform-mapping/cdk/cdk_support.h"

namespace c2a::testing {
namespace {

bool mentions(const Diagnostic& error, const std::string& text) {
  return error.message.find(text) != std::string::npos;
}

TEST(AssemblyErrors, AMissingPathIsMissingInput) {
  auto path = assemblyFixture("does-not-exist");
  auto error = loadError(path);
  EXPECT_EQ(error.kind, ErrorKind::MissingInput);
  EXPECT_EQ(error.where.file, path);
  EXPECT_EQ(error.message, "no such file or directory");
}

TEST(AssemblyErrors, ADirectoryWithoutManifestIsMissingInput) {
  auto path = assemblyFixture("invalid/no-manifest");
  auto error = loadError(path);
  EXPECT_EQ(error.kind, ErrorKind::MissingInput);
  EXPECT_EQ(error.where.file, path);
  EXPECT_TRUE(mentions(error, "is a directory without manifest.json")) << error.str();
  EXPECT_TRUE(mentions(error, "CDK cloud assembly (cdk.out)")) << error.str();
}

TEST(AssemblyErrors, AMalformedManifestIsLocated) {
  auto error = loadError(assemblyFixture("invalid/malformed-manifest"));
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.file.ends_with("malformed-manifest/manifest.json")) << error.str();
  EXPECT_EQ(error.where.line, 6) << error.str();  // the missing comma shows on the next key
}

TEST(AssemblyErrors, AMissingTemplateFileIsNamedWhereTheManifestNamesIt) {
  auto error = loadError(assemblyFixture("invalid/missing-template"));
  EXPECT_EQ(error.kind, ErrorKind::MissingInput);
  EXPECT_TRUE(error.where.file.ends_with("missing-template/manifest.json")) << error.str();
  EXPECT_GT(error.where.line, 0) << error.str();
  EXPECT_TRUE(mentions(error, "Gone.template.json")) << error.str();
}

TEST(AssemblyErrors, AStackArtifactWithoutTemplateFileIsInvalid) {
  auto error = loadError(assemblyFixture("invalid/no-template-file"));
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.file.ends_with("no-template-file/manifest.json")) << error.str();
  EXPECT_GT(error.where.line, 0) << error.str();
  EXPECT_TRUE(mentions(error, "templateFile")) << error.str();
}

TEST(AssemblyErrors, AMissingNestedStackTemplateIsNamedWhereItsParentNamesIt) {
  auto error = loadError(assemblyFixture("invalid/missing-nested-asset"));
  EXPECT_EQ(error.kind, ErrorKind::MissingInput);
  EXPECT_TRUE(error.where.file.ends_with("missing-nested-asset/Outer.template.json"))
      << error.str();
  EXPECT_GT(error.where.line, 0) << error.str();
  EXPECT_TRUE(mentions(error, "OuterInner1A2B3C4D.nested.template.json")) << error.str();
}

TEST(AssemblyErrors, ATemplateNestingItselfIsACycle) {
  auto error = loadError(assemblyFixture("invalid/self-nesting"));
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.file.ends_with("self-nesting/Outer.template.json")) << error.str();
  EXPECT_GT(error.where.line, 0) << error.str();
  EXPECT_TRUE(mentions(error, "cycle")) << error.str();
}

TEST(AssemblyErrors, AMalformedStackTemplateKeepsItsOwnLocation) {
  ScratchDirectory dir("malformed-template");
  dir.write("manifest.json", R"({"version": "36.0.0", "artifacts": {"App": {
    "type": "aws:cloudformation:stack", "properties": {"templateFile": "App.template.json"}}}})");
  dir.write("App.template.json", "{\n  \"Resources\": {\n    \"Queue\": \n  }\n}\n");
  auto error = loadError(dir.path().string());
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.file.ends_with("App.template.json")) << error.str();
  EXPECT_EQ(error.where.line, 4) << error.str();
}

TEST(AssemblyErrors, ANestedAssemblyWithoutManifestIsMissingInput) {
  ScratchDirectory dir("stage-without-manifest");
  dir.write("manifest.json", R"({"version": "36.0.0", "artifacts": {"assembly-Prod": {
    "type": "cdk:cloud-assembly", "properties": {"directoryName": "assembly-Prod"}}}})");
  auto error = loadError(dir.path().string());
  EXPECT_EQ(error.kind, ErrorKind::MissingInput);
  EXPECT_TRUE(error.where.file.ends_with("manifest.json")) << error.str();
  EXPECT_EQ(error.where.line, 2) << error.str();
  EXPECT_TRUE(mentions(error, "assembly-Prod")) << error.str();
}

TEST(AssemblyErrors, AnAssemblyContainingItselfIsRejected) {
  ScratchDirectory dir("assembly-loop");
  dir.write("manifest.json", R"({"version": "36.0.0", "artifacts": {"self": {
    "type": "cdk:cloud-assembly", "properties": {"directoryName": "."}}}})");
  auto error = loadError(dir.path().string());
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(mentions(error, "contains itself")) << error.str();
}

}  // namespace
}  // namespace c2a::testing
