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

TEST(AssemblyErrors, ASymbolicLinkOutOfTheAssemblyIsRefused) {
  // A link committed into cdk.out must not make c2a read (and print) another file of the machine.
  ScratchDirectory dir("link-out");
  std::filesystem::create_directories(dir.path() / "outside");
  std::filesystem::create_directories(dir.path() / "cdk.out");
  dir.write("outside/secret.json", R"({"Resources": {"SECRET": {"Type": "AWS::SNS::Topic"}}})");
  dir.write("cdk.out/manifest.json", R"({"version": "36.0.0", "artifacts": {"App": {
    "type": "aws:cloudformation:stack", "properties": {"templateFile": "App.template.json"}}}})");
  std::filesystem::create_symlink("../outside/secret.json",
                                  dir.path() / "cdk.out/App.template.json");
  auto error = loadError((dir.path() / "cdk.out").string());
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.file.ends_with("cdk.out/manifest.json")) << error.str();
  EXPECT_EQ(error.message,
            "templateFile `App.template.json` lies outside the cloud assembly through a symbolic "
            "link")
      << error.str();

  // A link that stays inside is followed.
  std::filesystem::remove(dir.path() / "cdk.out/App.template.json");
  std::filesystem::create_directories(dir.path() / "cdk.out/real");
  dir.write("cdk.out/real/App.json", R"({"Resources": {"Topic": {"Type": "AWS::SNS::Topic"}}})");
  std::filesystem::create_symlink("real/App.json", dir.path() / "cdk.out/App.template.json");
  EXPECT_TRUE(hasComponent(load((dir.path() / "cdk.out").string()), "App/Resource:Topic"));
}

TEST(AssemblyErrors, AnAssemblyNamedThroughALinkAndAParentStepIsRead) {
  // `link/../cdk.out` with `link` -> `x/y`: the assembly is x/cdk.out, where the system finds it;
  // by text alone it would be ./cdk.out, and its files "outside" it.
  ScratchDirectory dir("parent-step");
  std::filesystem::create_directories(dir.path() / "x/y");
  std::filesystem::create_directories(dir.path() / "x/cdk.out");
  dir.write("x/cdk.out/manifest.json", R"({"version": "36.0.0", "artifacts": {"App": {
    "type": "aws:cloudformation:stack", "properties": {"templateFile": "App.template.json"}}}})");
  dir.write("x/cdk.out/App.template.json",
            R"({"Resources": {"Topic": {"Type": "AWS::SNS::Topic"}}})");
  std::filesystem::create_symlink("x/y", dir.path() / "link");
  EXPECT_TRUE(hasComponent(load((dir.path() / "link/../cdk.out").string()), "App/Resource:Topic"));
}

TEST(AssemblyErrors, ANestedAssemblyNamedTwiceIsReadOnce) {
  // Eight artifacts a level naming the same directory, twelve levels: 8^12 reads if each name
  // were followed, one read of each manifest when the walk remembers what it has read.
  ScratchDirectory dir("assembly-named-often");
  std::string artifacts;
  for (int i = 0; i < 8; ++i) {
    artifacts += (i != 0 ? "," : "") + std::string(R"("s)") + std::to_string(i) +
                 R"(": {"type": "cdk:cloud-assembly", "properties": {"directoryName": "s"}})";
  }
  std::filesystem::path level = dir.path();
  for (int depth = 0; depth < 12; ++depth) {
    std::filesystem::create_directories(level);
    std::ofstream(level / "manifest.json")
        << R"({"version": "36.0.0", "artifacts": {)" << artifacts << "}}";
    level /= "s";
  }
  std::filesystem::create_directories(level);
  std::ofstream(level / "manifest.json") << R"({"version": "36.0.0", "artifacts": {"App": {
    "type": "aws:cloudformation:stack", "properties": {"templateFile": "App.json"}}}})";
  std::ofstream(level / "App.json") << R"({"Resources": {"Topic": {"Type": "AWS::SNS::Topic"}}})";
  auto model = load(dir.path().string());
  EXPECT_EQ(model.stacks().size(), 1U);
}

}  // namespace
}  // namespace c2a::testing
