// mapTemplate refuses documents that are not templates, with a located InvalidInput error.
#include <gtest/gtest.h>

#include "mapper_support.h"

namespace c2a::testing {
namespace {

// Maps `text` and returns the error it raises; fails the test when there is none.
Diagnostic errorOf(std::string_view text, const std::shared_ptr<LocationTable>& locations = {}) {
  InfraModel model;
  Diagnostics warnings;
  auto source = document(text);
  if (locations) source.locations = locations;
  try {
    mapTemplate(source, "", model, warnings);
  } catch (const C2aError& error) {
    EXPECT_EQ(model.componentCount(), 0U) << "a failed mapping leaves the model unchanged";
    return error.diagnostic();
  }
  ADD_FAILURE() << "no error for " << text;
  return {};
}

TEST(MapperValidation, RootNotAMapping) {
  for (auto text : {"[]", "\"text\"", "42", "null"}) {
    auto error = errorOf(text);
    EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
    EXPECT_EQ(error.message, "not a CloudFormation template: the document is not a mapping");
    EXPECT_EQ(error.where.file, "t.json");
  }
}

TEST(MapperValidation, MappingWithoutTemplateSections) {
  auto error = errorOf(R"({"name": "my-package", "version": "1.0.0"})");
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "not a CloudFormation template: no Resources");
}

TEST(MapperValidation, ResourcesNotAMapping) {
  auto locations = std::make_shared<LocationTable>("t.json");
  locations->add("", 1, 1);
  locations->add("/Resources", 1, 15);
  auto error = errorOf(R"({"Resources": ["Bucket"]})", locations);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "Resources is not a mapping");
  EXPECT_EQ(error.where.str(), "t.json:1:15");
}

TEST(MapperValidation, OtherSectionsNotAMapping) {
  for (auto section : {"Parameters", "Outputs", "Conditions", "Mappings"}) {
    auto text = std::string(R"({"Resources": {}, ")") + section + R"(": "x"})";
    auto error = errorOf(text);
    EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
    EXPECT_EQ(error.message, std::string(section) + " is not a mapping");
  }
}

TEST(MapperValidation, ResourceWithoutType) {
  auto locations = std::make_shared<LocationTable>("t.json");
  locations->add("/Resources/Bucket", 3, 5);
  auto error = errorOf(R"({"Resources": {"Bucket": {"Properties": {}}}})", locations);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "resource Bucket has no Type");
  EXPECT_EQ(error.where.str(), "t.json:3:5");
}

TEST(MapperValidation, ResourceTypeNotAString) {
  auto locations = std::make_shared<LocationTable>("t.json");
  locations->add("/Resources/Bucket", 3, 5);
  auto error = errorOf(R"({"Resources": {"Bucket": {"Type": ["AWS::S3::Bucket"]}}})", locations);
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "Type of resource Bucket is not a string");
  EXPECT_EQ(error.where.str(), "t.json:3:5");
}

TEST(MapperValidation, ResourceNotAMapping) {
  auto error = errorOf(R"({"Resources": {"Bucket": "AWS::S3::Bucket"}})");
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "resource Bucket is not a mapping");
}

TEST(MapperValidation, ParameterNotAMapping) {
  auto error = errorOf(R"({"Parameters": {"Env": "String"}})");
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "parameter Env is not a mapping");
}

TEST(MapperValidation, ConditionMayBeAnyValue) {
  EXPECT_NO_THROW(mapText(R"({"Conditions": {"Always": true}})"));
}

TEST(MapperValidation, NestingDeeperThanTheWalkerGoes) {
  // Readers stop at ReadLimits::maxDepth first; a tree built otherwise still gets an error.
  std::string deep(3000, '[');
  deep += std::string(3000, ']');
  auto error = errorOf(R"({"Resources": {"T": {"Type": "AWS::SNS::Topic", "Properties": {"A": )" +
                       deep + "}}}}");
  EXPECT_EQ(error.kind, ErrorKind::InvalidInput);
  EXPECT_EQ(error.message, "nested more than 1024 levels deep");
}

}  // namespace
}  // namespace c2a::testing
