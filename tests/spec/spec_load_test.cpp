// ResourceSpec::load: db.json, db.json.gz and CloudFormationResourceSpecification.json files, and
// the errors a user gets for a bad --spec FILE.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "model/error.h"
#include "model/path.h"
#include "spec/resource_spec.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

std::string fixture(const std::string& name) {
  return std::string(C2A_SOURCE_DIR) + "/tests/spec/fixtures/" + name;
}

// A file under the test's temporary directory with the given bytes.
std::string temporaryFile(const std::string& name, const std::string& bytes) {
  auto path = std::filesystem::path(testing::TempDir()) / name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

Diagnostic loadError(const std::string& file) {
  try {
    ResourceSpec::load(file);
  } catch (const C2aError& error) {
    return error.diagnostic();
  }
  ADD_FAILURE() << "loading " << file << " did not fail";
  return {};
}

UpdateType at(const ResourceSpec& spec, std::string_view type, std::string_view dotted) {
  return spec.updateType(type, fromDotted(dotted));
}

// The fixtures describe the same made-up resource type in both formats.
void expectTheShop(const ResourceSpec& spec) {
  EXPECT_TRUE(spec.hasResourceType("Test::Shop::Store"));
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Name"), UpdateType::Immutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Size"), UpdateType::Mutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Zone"), UpdateType::Conditional);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Shelves.2.Label"), UpdateType::Mutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Shelves.2.Material"), UpdateType::Immutable);
  // The nested type refers to itself.
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Shelves.0.Inner.Inner.Material"),
            UpdateType::Immutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Rooms.kitchen.Floor"),
            UpdateType::Conditional);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Rooms.kitchen.Colour"), UpdateType::Mutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Rooms.kitchen"), UpdateType::Mutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Tags.0.Key"), UpdateType::Mutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Colour"), UpdateType::Unknown);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "DeletionPolicy"), UpdateType::Mutable);
}

TEST(SpecLoad, ReadsAServiceSpecDatabase) {
  auto spec = ResourceSpec::load(fixture("service-spec-db.json"));
  expectTheShop(spec);
  EXPECT_EQ(spec.resourceTypeCount(), 2u);
  EXPECT_EQ(spec.origin(), fixture("service-spec-db.json"));
  EXPECT_TRUE(spec.isStateful("Test::Shop::Store"));
  EXPECT_FALSE(spec.isStateful("Test::Shop::Kiosk"));
  // A union of a string and a nested type: the nested type's structure counts.
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Layout.Grid"), UpdateType::Immutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Layout"), UpdateType::Mutable);
  EXPECT_EQ(at(spec, "Test::Shop::Store", "Properties.Settings.Grid"), UpdateType::Mutable);
  EXPECT_FALSE(spec.hasResourceType("AWS::S3::Bucket"));  // a loaded spec replaces the built-in
}

TEST(SpecLoad, ReadsAGzippedServiceSpecDatabase) {
  auto spec = ResourceSpec::load(fixture("service-spec-db.json.gz"));
  expectTheShop(spec);
  EXPECT_TRUE(spec.isStateful("Test::Shop::Store"));
}

TEST(SpecLoad, ReadsTheOfficialSpecificationWithBuiltinStatefulness) {
  auto spec = ResourceSpec::load(fixture("cfn-resource-specification.json"));
  expectTheShop(spec);
  EXPECT_EQ(spec.resourceTypeCount(), 2u);
  EXPECT_EQ(at(spec, "AWS::S3::Bucket", "Properties.BucketName"), UpdateType::Immutable);
  EXPECT_EQ(at(spec, "AWS::S3::Bucket", "Properties.VersioningConfiguration"), UpdateType::Unknown);
  // The official format does not say which types hold state: the built-in table does.
  EXPECT_TRUE(spec.isStateful("AWS::S3::Bucket"));
  EXPECT_FALSE(spec.isStateful("Test::Shop::Store"));
}

TEST(SpecLoad, ReadsThePinnedDatabaseLikeTheBuiltinTable) {
  auto spec = ResourceSpec::load(std::string(C2A_SOURCE_DIR) +
                                 "/node_modules/@aws-cdk/aws-service-spec/db.json.gz");
  const auto& builtin = ResourceSpec::builtin();
  EXPECT_EQ(spec.resourceTypeCount(), builtin.resourceTypeCount());
  for (auto [type, dotted] :
       {std::pair{"AWS::DynamoDB::Table", "Properties.KeySchema.0.AttributeName"},
        {"AWS::Batch::ComputeEnvironment", "Properties.ComputeResources.Type"},
        {"AWS::S3::Bucket", "Properties.Tags.0.Key"},
        {"AWS::S3::Bucket", "Properties.Nope"}}) {
    EXPECT_EQ(at(spec, type, dotted), at(builtin, type, dotted)) << type << " " << dotted;
  }
  EXPECT_TRUE(spec.isStateful("AWS::DynamoDB::Table"));
}

TEST(SpecLoad, MalformedJsonIsInvalidInputAtLineAndColumn) {
  auto error = loadError(fixture("malformed-spec.json"));
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.where.file, fixture("malformed-spec.json"));
  EXPECT_EQ(error.where.line, 4);
  EXPECT_EQ(error.where.column, 21);
  EXPECT_NE(error.message.find("malformed JSON"), std::string::npos) << error.message;
}

TEST(SpecLoad, MalformedJsonOnTheFirstLine) {
  auto error = loadError(temporaryFile("first-line.json", "{\"ResourceTypes\": nope}"));
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.where.line, 1);
  EXPECT_EQ(error.where.column, 20);  // the `o` of `nope`: where it stopped being `null`
}

TEST(SpecLoad, JsonOfAnotherShapeIsInvalidInput) {
  auto file = temporaryFile("template.json", R"({"Resources": {}})");
  auto error = loadError(file);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.where.file, file);
  EXPECT_NE(error.message.find("not a resource specification"), std::string::npos);
}

TEST(SpecLoad, BadUpdateTypeIsInvalidInput) {
  auto file = temporaryFile("bad-update-type.json", R"({"ResourceTypes": {"AWS::X::Y": {
      "Properties": {"P": {"PrimitiveType": "String", "UpdateType": "Sometimes"}}}}})");
  auto error = loadError(file);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_NE(error.message.find("AWS::X::Y"), std::string::npos) << error.message;
  EXPECT_NE(error.message.find("Sometimes"), std::string::npos) << error.message;
}

TEST(SpecLoad, DatabaseWithADanglingReferenceIsInvalidInput) {
  auto file = temporaryFile("dangling.json", R"({"schema": {
      "resource": {"entities": [{"cloudFormationType": "AWS::X::Y", "properties": {
        "P": {"type": {"type": "ref", "reference": {"$ref": "42"}}}}}]},
      "typeDefinition": {"entities": []}}})");
  auto error = loadError(file);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_NE(error.message.find("42"), std::string::npos) << error.message;
}

TEST(SpecLoad, CorruptGzipIsInvalidInput) {
  auto error =
      loadError(temporaryFile("corrupt.json.gz", std::string("\x1f\x8b\x08\x00garbage", 11)));
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_NE(error.message.find("gzip"), std::string::npos) << error.message;
}

TEST(SpecLoad, TruncatedGzipIsInvalidInput) {
  std::ifstream in(fixture("service-spec-db.json.gz"), std::ios::binary);
  std::string bytes(std::istreambuf_iterator<char>(in), {});
  auto error = loadError(temporaryFile("truncated.json.gz", bytes.substr(0, bytes.size() / 2)));
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
}

TEST(SpecLoad, MissingFileIsMissingInput) {
  auto error = loadError(fixture("no-such-spec.json"));
  EXPECT_EQ(error.kind, ErrorKind::MissingInput);
  EXPECT_EQ(error.where.file, fixture("no-such-spec.json"));
}

TEST(SpecLoad, DirectoryIsMissingInput) {
  EXPECT_EQ(loadError(fixture("")).kind, ErrorKind::MissingInput);
}

}  // namespace
}  // namespace c2a
