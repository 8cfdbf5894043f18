// The built-in table, generated from the pinned @aws-cdk/aws-service-spec, answers like the spec.
#include <gtest/gtest.h>

#include "model/path.h"
#include "spec/resource_spec.h"

namespace c2a {
namespace {

UpdateType builtinUpdateType(std::string_view type, std::string_view dottedPath) {
  return ResourceSpec::builtin().updateType(type, fromDotted(dottedPath));
}

TEST(BuiltinSpec, KnowsItsOriginAndEveryResourceType) {
  const auto& spec = ResourceSpec::builtin();
  EXPECT_EQ(spec.origin(), "built-in @aws-cdk/aws-service-spec 0.1.216");
  EXPECT_GT(spec.resourceTypeCount(), 1500u);
  EXPECT_TRUE(spec.hasResourceType("AWS::S3::Bucket"));
  EXPECT_FALSE(spec.hasResourceType("Custom::Foo"));
  EXPECT_EQ(&spec, &ResourceSpec::builtin());  // parsed once
}

TEST(BuiltinSpec, TopLevelPropertiesHaveTheirUpdateType) {
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Properties.BucketName"), UpdateType::Immutable);
  EXPECT_EQ(builtinUpdateType("AWS::EC2::Instance", "Properties.InstanceType"),
            UpdateType::Conditional);
  EXPECT_EQ(builtinUpdateType("AWS::SQS::Queue", "Properties.VisibilityTimeout"),
            UpdateType::Mutable);
}

TEST(BuiltinSpec, AChangeInsideAnImmutablePropertyIsImmutable) {
  EXPECT_EQ(builtinUpdateType("AWS::DynamoDB::Table", "Properties.KeySchema.0.AttributeName"),
            UpdateType::Immutable);
  EXPECT_EQ(builtinUpdateType("AWS::EC2::Instance", "Properties.BlockDeviceMappings.0.Ebs"),
            UpdateType::Conditional);
}

TEST(BuiltinSpec, NestedTypeUnderAMutablePropertyHasItsOwnUpdateType) {
  // ComputeResources is Mutable; some of its fields replace the compute environment.
  EXPECT_EQ(builtinUpdateType("AWS::Batch::ComputeEnvironment", "Properties.ComputeResources"),
            UpdateType::Mutable);
  EXPECT_EQ(builtinUpdateType("AWS::Batch::ComputeEnvironment",
                              "Properties.ComputeResources.SpotIamFleetRole"),
            UpdateType::Immutable);
  EXPECT_EQ(builtinUpdateType("AWS::Batch::ComputeEnvironment",
                              "Properties.ComputeResources.InstanceTypes.0"),
            UpdateType::Conditional);
  EXPECT_EQ(
      builtinUpdateType("AWS::Batch::ComputeEnvironment", "Properties.ComputeResources.MaxvCpus"),
      UpdateType::Mutable);
}

TEST(BuiltinSpec, ArrayOfNestedTypeStepsOverTheIndex) {
  EXPECT_EQ(builtinUpdateType("AWS::RDS::DBSecurityGroup",
                              "Properties.DBSecurityGroupIngress.3.EC2SecurityGroupId"),
            UpdateType::Immutable);
  EXPECT_EQ(builtinUpdateType("AWS::RDS::DBSecurityGroup", "Properties.DBSecurityGroupIngress.3"),
            UpdateType::Mutable);
  EXPECT_EQ(builtinUpdateType("AWS::DynamoDB::Table",
                              "Properties.GlobalSecondaryIndexes.0.KeySchema.0.AttributeName"),
            UpdateType::Mutable);
}

TEST(BuiltinSpec, MapStepsOverTheKey) {
  EXPECT_EQ(builtinUpdateType("AWS::Lambda::Function", "Properties.Environment.Variables.STAGE"),
            UpdateType::Mutable);
  const Path throughMap{"Properties", "ResponseParameters", "method.response.header.X", "Required"};
  EXPECT_EQ(ResourceSpec::builtin().updateType("AWS::ApiGatewayV2::RouteResponse", throughMap),
            UpdateType::Mutable);
}

TEST(BuiltinSpec, TagsAreMutable) {
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Properties.Tags.1.Value"), UpdateType::Mutable);
}

TEST(BuiltinSpec, UnknownResourceTypesAreUnknown) {
  EXPECT_EQ(builtinUpdateType("Custom::Foo", "Properties.Anything"), UpdateType::Unknown);
  EXPECT_EQ(builtinUpdateType("AWS::CloudFormation::CustomResource", "Properties.ServiceToken"),
            UpdateType::Unknown);
  EXPECT_EQ(builtinUpdateType("MyOrg::X::Y::MODULE", "Properties.Size"), UpdateType::Unknown);
  EXPECT_EQ(builtinUpdateType("AWS::Nope::Nothing", "Properties.Name"), UpdateType::Unknown);
}

TEST(BuiltinSpec, PropertyTheSpecDoesNotListIsUnknown) {
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Properties.NoSuchProperty"), UpdateType::Unknown);
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Type"), UpdateType::Unknown);
}

TEST(BuiltinSpec, BelowTheKnownStructureTheTypeFoundSoFarStands) {
  // A nested key the spec does not list under a Mutable property.
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Properties.VersioningConfiguration.Unheard"),
            UpdateType::Mutable);
  // Inside free-form JSON (an IAM policy document).
  EXPECT_EQ(builtinUpdateType("AWS::IAM::Role", "Properties.AssumeRolePolicyDocument.Statement.0"),
            UpdateType::Mutable);
}

TEST(BuiltinSpec, TheWholePropertiesBlockIsLeftToItsProperties) {
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Properties"), UpdateType::Mutable);
  EXPECT_EQ(ResourceSpec::builtin().updateType("AWS::S3::Bucket", {}), UpdateType::Mutable);
}

TEST(BuiltinSpec, IntrinsicFunctionsStopTheWalk) {
  EXPECT_EQ(builtinUpdateType("AWS::Batch::ComputeEnvironment",
                              "Properties.ComputeResources.Fn::Join.1.0"),
            UpdateType::Mutable);
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Properties.VersioningConfiguration.Ref"),
            UpdateType::Mutable);
  // What was found before the intrinsic stands.
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Properties.BucketName.Fn::Sub"),
            UpdateType::Immutable);
}

TEST(BuiltinSpec, FnIfBranchesHoldTheValueOfTheProperty) {
  EXPECT_EQ(builtinUpdateType("AWS::Batch::ComputeEnvironment",
                              "Properties.ComputeResources.Fn::If.1.SpotIamFleetRole"),
            UpdateType::Immutable);
  EXPECT_EQ(builtinUpdateType("AWS::RDS::DBSecurityGroup",
                              "Properties.DBSecurityGroupIngress.Fn::If.2.0.EC2SecurityGroupId"),
            UpdateType::Immutable);
  // The condition name itself is no value of the property.
  EXPECT_EQ(
      builtinUpdateType("AWS::Batch::ComputeEnvironment", "Properties.ComputeResources.Fn::If.0"),
      UpdateType::Mutable);
}

TEST(BuiltinSpec, ResourceAttributesHaveCloudFormationsSemantics) {
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "DeletionPolicy"), UpdateType::Mutable);
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "UpdateReplacePolicy"), UpdateType::Mutable);
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Metadata.cdk_nag.rules"), UpdateType::Mutable);
  // A changed Condition creates or deletes the resource (the differ evaluates it), never replaces.
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "Condition"), UpdateType::Mutable);
  EXPECT_EQ(builtinUpdateType("AWS::S3::Bucket", "DependsOn.0"), UpdateType::Mutable);
  // They mean the same on types the spec does not know.
  EXPECT_EQ(builtinUpdateType("Custom::Foo", "DeletionPolicy"), UpdateType::Mutable);
  EXPECT_EQ(builtinUpdateType("Custom::Foo", "Condition"), UpdateType::Mutable);
}

TEST(BuiltinSpec, StatefulTypesHoldData) {
  const auto& spec = ResourceSpec::builtin();
  EXPECT_TRUE(spec.isStateful("AWS::S3::Bucket"));
  EXPECT_TRUE(spec.isStateful("AWS::DynamoDB::Table"));
  EXPECT_TRUE(spec.isStateful("AWS::RDS::DBInstance"));
  EXPECT_TRUE(spec.isStateful("AWS::SQS::Queue"));  // the database marks queues stateful
  EXPECT_FALSE(spec.isStateful("AWS::SNS::Topic"));
  EXPECT_FALSE(spec.isStateful("AWS::Lambda::Function"));
  EXPECT_FALSE(spec.isStateful("Custom::Foo"));
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

// Names that identify a resource on their own (docs/diff.md, "Failures foreseen").
TEST(BuiltinSpec, PhysicalNamesAreTheIdentifyingNames) {
  const auto& spec = ResourceSpec::builtin();
  using Names = std::vector<std::string>;
  EXPECT_EQ(spec.physicalNameProperties("AWS::S3::Bucket"), Names{"BucketName"});
  EXPECT_EQ(spec.physicalNameProperties("AWS::DynamoDB::Table"), Names{"TableName"});
  EXPECT_EQ(spec.physicalNameProperties("AWS::IAM::Role"), Names{"RoleName"});
  EXPECT_EQ(spec.physicalNameProperties("AWS::SQS::Queue"), Names{"QueueName"});
  // A compound identifier names something inside another resource; a VPC scopes group names.
  EXPECT_TRUE(spec.physicalNameProperties("AWS::Lambda::Permission").empty());
  EXPECT_TRUE(spec.physicalNameProperties("AWS::EC2::SecurityGroup").empty());
  // An identifier that is the resource it attaches to is no name of its own.
  EXPECT_TRUE(spec.physicalNameProperties("AWS::S3::BucketPolicy").empty());
  EXPECT_TRUE(spec.physicalNameProperties("AWS::SQS::QueueInlinePolicy").empty());
  EXPECT_TRUE(spec.physicalNameProperties("Custom::Thing").empty());
}

// Rule checks read the complete table: nested property names the compact one drops.
TEST(BuiltinSpec, TheCompleteTableKnowsNestedPropertyNames) {
  const auto& spec = ResourceSpec::builtinComplete();
  std::vector<std::string> status{"VersioningConfiguration", "Status"};
  EXPECT_EQ(spec.lookupProperty("AWS::S3::Bucket", status).status, PropertyLookup::Status::Known);
  std::vector<std::string> typo{"VersioningConfiguration", "Stauts"};
  auto answer = spec.lookupProperty("AWS::S3::Bucket", typo);
  EXPECT_EQ(answer.status, PropertyLookup::Status::Unknown);
  EXPECT_EQ(answer.at, 1u);
  EXPECT_NE(std::find(answer.candidates.begin(), answer.candidates.end(), "Status"),
            answer.candidates.end());
  std::vector<std::string> list{"Tags", "Key"};
  EXPECT_EQ(spec.lookupProperty("AWS::S3::Bucket", list).status, PropertyLookup::Status::NotAList);
  std::vector<std::string> deep{"**", "NoSuchThing"};
  EXPECT_EQ(spec.lookupProperty("AWS::S3::Bucket", deep).status, PropertyLookup::Status::NotBelow);
  std::vector<std::string> policy{"AssumeRolePolicyDocument", "Statement"};
  EXPECT_EQ(spec.lookupProperty("AWS::IAM::Role", policy).status, PropertyLookup::Status::Opaque);
}

// Rule checks read the complete table a resource type at a time (lookupBuiltinComplete): for
// every resource type, the same answers as the table read whole, two levels down and below.
TEST(BuiltinSpec, TheCompleteTableReadByTypeAnswersAsTheWholeTable) {
  const auto& whole = ResourceSpec::builtinComplete();
  auto same = [](const PropertyLookup& a, const PropertyLookup& b) {
    return a.status == b.status && a.at == b.at && a.candidates == b.candidates;
  };
  std::size_t asked = 0;
  for (const auto& type : whole.resourceTypes()) {
    std::vector<std::string> unknown{"NoSuchProperty"};
    auto top = whole.lookupProperty(type, unknown);
    ASSERT_TRUE(same(top, ResourceSpec::lookupBuiltinComplete(type, unknown))) << type;
    std::vector<std::string> deep{"**", "NoSuchProperty"};
    ASSERT_TRUE(
        same(whole.lookupProperty(type, deep), ResourceSpec::lookupBuiltinComplete(type, deep)))
        << type;
    for (const auto& name : top.candidates) {
      std::vector<std::string> below{name, "NoSuchProperty"};
      ASSERT_TRUE(
          same(whole.lookupProperty(type, below), ResourceSpec::lookupBuiltinComplete(type, below)))
          << type << "." << name;
      ++asked;
    }
  }
  EXPECT_GT(asked, 10000U);
  std::vector<std::string> any{"Anything"};
  EXPECT_EQ(ResourceSpec::lookupBuiltinComplete("AWS::No::Such", any).status,
            PropertyLookup::Status::Opaque);
  EXPECT_EQ(ResourceSpec::lookupBuiltinComplete("Custom::Thing", any).status,
            PropertyLookup::Status::Opaque);
}

}  // namespace
}  // namespace c2a
