// A cloud assembly's creation stacks on the model (Component::createdAt): read from a stack
// artifact's inline `metadata` and from the file its `additionalMetadataFile` names (which must
// lie inside the assembly), shared by the stack's nested stacks.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/platform-mapping/cdk/cdk_support.h"

namespace c2a::testing {
namespace {

namespace fs = std::filesystem;

// A stack `Orders` with a bucket, its policy and a nested stack holding a queue. `artifactExtra`
// is spliced into the stack artifact (`"metadata": {...}`, `"additionalMetadataFile": "..."`).
void writeAssembly(const ScratchDirectory& dir, const std::string& artifactExtra) {
  dir.write("manifest.json", R"({"version": "36.0.0", "artifacts": {"Orders": {
    "type": "aws:cloudformation:stack",
    "environment": "aws://unknown-account/unknown-region",
    "properties": {"templateFile": "Orders.template.json"},
    )" + artifactExtra + R"(
    "displayName": "Orders"}}})");
  dir.write("Orders.template.json", R"({"Resources": {
    "Archive1": {"Type": "AWS::S3::Bucket",
                 "Metadata": {"aws:cdk:path": "Orders/Archive/Resource"}},
    "ArchivePolicy1": {"Type": "AWS::S3::BucketPolicy",
                       "Properties": {"Bucket": {"Ref": "Archive1"}, "PolicyDocument": {}},
                       "Metadata": {"aws:cdk:path": "Orders/Archive/Policy/Resource"}},
    "Plain": {"Type": "AWS::SNS::Topic"},
    "Storage1": {"Type": "AWS::CloudFormation::Stack",
                 "Properties": {"TemplateURL": "https://s3.amazonaws.com/b/storage.json"},
                 "Metadata": {"aws:cdk:path": "Orders/Storage.NestedStack/Storage.NestedStackResource",
                              "aws:asset:path": "Storage.nested.template.json"}}}})");
  dir.write("Storage.nested.template.json", R"({"Resources": {
    "Queue1": {"Type": "AWS::SQS::Queue",
               "Metadata": {"aws:cdk:path": "Orders/Storage/Queue/Resource"}}}})");
}

const char* kMetadata = R"~({
  "/Orders/Archive/Resource": [{"type": "aws:cdk:creationStack",
    "data": ["...new Bucket in aws-cdk-lib...", "new OrdersStack (/app/lib/orders.js:19:21)"]}],
  "/Orders/Storage/Queue/Resource": [{"type": "aws:cdk:creationStack",
    "data": ["new StorageStack (/app/lib/storage.js:12:18)"]}]
})~";

const SourceLocation& createdAt(const InfraModel& model, const std::string& id) {
  return componentById(model, id).createdAt;
}

void expectSites(const InfraModel& model) {
  EXPECT_EQ(createdAt(model, "Orders/Resource:Archive1"),
            (SourceLocation{"/app/lib/orders.js", 19, 21}));
  // No trace of its own: the enclosing Archive's own resource's.
  EXPECT_EQ(createdAt(model, "Orders/Resource:ArchivePolicy1"),
            (SourceLocation{"/app/lib/orders.js", 19, 21}));
  EXPECT_EQ(createdAt(model, "Orders/Resource:Plain"), SourceLocation{});
  // The nested stack's resources share the root artifact's sites.
  EXPECT_EQ(createdAt(model, "Orders/Storage1/Resource:Queue1"),
            (SourceLocation{"/app/lib/storage.js", 12, 18}));
}

TEST(CreationSitesOfAnAssembly, FromTheManifestsInlineMetadata) {
  ScratchDirectory dir("sites-inline");
  writeAssembly(dir, std::string(R"("metadata": )") + kMetadata + ",");
  Diagnostics warnings;
  auto model = load(dir.path().string(), &warnings);
  expectSites(model);
  for (const auto& warning : warnings) ADD_FAILURE() << "unexpected warning: " << warning.str();
}

TEST(CreationSitesOfAnAssembly, FromTheAdditionalMetadataFile) {
  ScratchDirectory dir("sites-file");
  writeAssembly(dir, R"("additionalMetadataFile": "Orders.metadata.json",)");
  dir.write("Orders.metadata.json", kMetadata);
  expectSites(load(dir.path().string()));
}

TEST(CreationSitesOfAnAssembly, AMetadataFileInASubdirectoryOfTheAssembly) {
  ScratchDirectory dir("sites-subdir");
  writeAssembly(dir, R"("additionalMetadataFile": "meta/../meta/Orders.json",)");
  fs::create_directories(dir.path() / "meta");
  dir.write("meta/Orders.json", kMetadata);
  expectSites(load(dir.path().string()));
}

TEST(CreationSitesOfAnAssembly, WithoutTracesNothingIsKnown) {
  ScratchDirectory dir("sites-none");
  writeAssembly(dir, R"("additionalMetadataFile": "",)");  // an empty name: no file
  auto model = load(dir.path().string());
  EXPECT_EQ(createdAt(model, "Orders/Resource:Archive1"), SourceLocation{});
  EXPECT_EQ(createdAt(model, "Orders/Storage1/Resource:Queue1"), SourceLocation{});
}

TEST(CreationSitesOfAnAssembly, AMetadataFileOfAnotherShapeAddsNothing) {
  for (const char* shape :
       {"[]", R"([{"/Orders/Archive/Resource": []}])", "42", R"("text")", "null",
        R"({"/Orders/Archive/Resource": {"type": 1}, "x": [1, [2]]})"}) {
    ScratchDirectory dir("sites-shape");
    writeAssembly(dir, R"("additionalMetadataFile": "Orders.metadata.json",)");
    dir.write("Orders.metadata.json", shape);
    auto model = load(dir.path().string());
    EXPECT_EQ(createdAt(model, "Orders/Resource:Archive1"), SourceLocation{}) << shape;
  }
  // So does inline metadata that is not an object, and a file name that is not text.
  for (const char* extra :
       {R"("metadata": [1, 2],)", R"("metadata": "x",)", R"("additionalMetadataFile": 7,)",
        R"("additionalMetadataFile": ["Orders.metadata.json"],)"}) {
    ScratchDirectory dir("sites-inline-shape");
    writeAssembly(dir, extra);
    auto model = load(dir.path().string());
    EXPECT_EQ(createdAt(model, "Orders/Resource:Archive1"), SourceLocation{}) << extra;
  }
}

TEST(CreationSitesOfAnAssembly, AMetadataFileOutsideTheAssemblyIsRefusedWhereTheManifestNamesIt) {
  for (const char* name : {"../outside.json", "/etc/hostname", "a/../../outside.json"}) {
    ScratchDirectory dir("sites-outside");
    writeAssembly(dir, std::string(R"("additionalMetadataFile": ")") + name + "\",");
    auto error = loadError(dir.path().string());
    EXPECT_EQ(error.kind, ErrorKind::InvalidInput) << name;
    EXPECT_TRUE(error.where.file.ends_with("manifest.json")) << error.where.file;
    EXPECT_EQ(error.where.line, 5) << name;  // the line of `additionalMetadataFile`
    EXPECT_GT(error.where.column, 0);
    EXPECT_NE(error.message.find("additionalMetadataFile"), std::string::npos) << error.message;
    EXPECT_NE(error.message.find("outside the cloud assembly"), std::string::npos) << error.message;
  }
}

TEST(CreationSitesOfAnAssembly, AMetadataFileLinkedFromOutsideIsRefused) {
  ScratchDirectory outside("sites-link-target");
  outside.write("secret.json", kMetadata);
  ScratchDirectory dir("sites-link");
  writeAssembly(dir, R"("additionalMetadataFile": "Orders.metadata.json",)");
  fs::create_symlink(outside.path() / "secret.json", dir.path() / "Orders.metadata.json");
  auto error = loadError(dir.path().string());
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_NE(error.message.find("symbolic link"), std::string::npos) << error.message;
}

TEST(CreationSitesOfAnAssembly, AMissingOrNonFileMetadataFileIsMissingInput) {
  {
    ScratchDirectory dir("sites-missing");
    writeAssembly(dir, R"("additionalMetadataFile": "Orders.metadata.json",)");
    auto error = loadError(dir.path().string());
    EXPECT_EQ(error.kind, ErrorKind::MissingInput);
    EXPECT_TRUE(error.where.file.ends_with("manifest.json")) << error.where.file;
    EXPECT_EQ(error.where.line, 5);
    EXPECT_NE(error.message.find("Orders.metadata.json"), std::string::npos) << error.message;
  }
  {
    ScratchDirectory dir("sites-directory");
    writeAssembly(dir, R"("additionalMetadataFile": "Orders.metadata.json",)");
    fs::create_directories(dir.path() / "Orders.metadata.json");
    auto error = loadError(dir.path().string());
    EXPECT_EQ(error.kind, ErrorKind::MissingInput);
    EXPECT_TRUE(error.where.file.ends_with("manifest.json")) << error.where.file;
  }
}

TEST(CreationSitesOfAnAssembly, AMalformedMetadataFileIsAnErrorInThatFile) {
  ScratchDirectory dir("sites-malformed");
  writeAssembly(dir, R"("additionalMetadataFile": "Orders.metadata.json",)");
  dir.write("Orders.metadata.json", "{\n  \"/Orders/Archive/Resource\": [\n    {\"type\": ,}\n");
  auto error = loadError(dir.path().string());
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_TRUE(error.where.file.ends_with("Orders.metadata.json")) << error.where.file;
  EXPECT_EQ(error.where.line, 3);
  EXPECT_GT(error.where.column, 0);
}

}  // namespace
}  // namespace c2a::testing
