#include <gtest/gtest.h>

#include "tests/model-diffing/diff_fixture.h"

namespace c2a {
namespace {

using testing::countOf;
using testing::diffTemplates;

TEST(Propagation, ReferenceCyclesTerminate) {
  // A and B name each other through immutable properties; replacing A replaces B, which reaches
  // A again: each is replaced once.
  auto before = Json::parse(R"({"Resources":{
    "A":{"Type":"AWS::SQS::Queue","Properties":{"QueueName":{"Fn::Sub":"a-${B.QueueName}"}}},
    "B":{"Type":"AWS::SQS::Queue","Properties":{"QueueName":{"Fn::Sub":"b-${A.QueueName}"}}},
    "C":{"Type":"AWS::SQS::Queue","Properties":{"QueueName":"seed-1","VisibilityTimeout":{"Fn::GetAtt":["A","Arn"]}}}}})");
  auto after = before;
  after["Resources"]["A"]["Properties"]["QueueName"] = Json{{"Fn::Sub", "a2-${B.QueueName}"}};
  auto fixture = diffTemplates(before, after);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Replace), 2u);
  std::size_t propagatedToC = 0;
  for (const auto& op : fixture->diff.operations) {
    if (op.name == "C" && op.propagated) ++propagatedToC;
  }
  EXPECT_EQ(propagatedToC, 1u);
}

TEST(Propagation, NewResourcesAreNotUpdatedByReplacements) {
  auto before = Json::parse(R"({"Resources":{
    "Bucket":{"Type":"AWS::S3::Bucket","Properties":{"BucketName":"one"}}}})");
  auto after = Json::parse(R"({"Resources":{
    "Bucket":{"Type":"AWS::S3::Bucket","Properties":{"BucketName":"two"}},
    "Queue":{"Type":"AWS::SQS::Queue","Properties":{"QueueName":{"Ref":"Bucket"}}}}})");
  auto fixture = diffTemplates(before, after);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Replace), 1u);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Insert), 1u);
  EXPECT_EQ(fixture->diff.operations.size(),
            3u);  // UPDATE BucketName, REPLACE Bucket, INSERT Queue
}

TEST(Propagation, ReplacedRoleUpdatesPolicyInPlace) {
  // Seed 004: a replaced role makes a policy that refs it update in place (Roles is mutable).
  auto before = Json::parse(R"({"Resources":{
    "Role":{"Type":"AWS::IAM::Role","Properties":{"RoleName":"r1","AssumeRolePolicyDocument":{}}},
    "Policy":{"Type":"AWS::IAM::Policy","Properties":{"PolicyName":"p","PolicyDocument":{},"Roles":[{"Ref":"Role"}]}}}})");
  auto after = before;
  after["Resources"]["Role"]["Properties"]["RoleName"] = "r2";
  auto fixture = diffTemplates(before, after);
  EXPECT_EQ(countOf(fixture->diff, OperationType::Replace), 1u);
  bool policyUpdated = false;
  for (const auto& op : fixture->diff.operations) {
    if (op.name == "Policy") {
      ASSERT_EQ(op.type, OperationType::Update);
      EXPECT_TRUE(op.propagated);
      EXPECT_EQ(toDotted(op.property->path), "Properties.Roles.0");
      EXPECT_EQ(op.property->updateType, UpdateType::Mutable);
      policyUpdated = true;
    }
  }
  EXPECT_TRUE(policyUpdated);
}

TEST(Fingerprint, IsStableAndDependsOnChanges) {
  auto before = Json::parse(
      R"({"Resources":{"Q":{"Type":"AWS::SQS::Queue","Properties":{"DelaySeconds":1}}}})");
  auto after = Json::parse(
      R"({"Resources":{"Q":{"Type":"AWS::SQS::Queue","Properties":{"DelaySeconds":2}}}})");
  auto other = Json::parse(
      R"({"Resources":{"Q":{"Type":"AWS::SQS::Queue","Properties":{"DelaySeconds":3}}}})");
  auto first = diffTemplates(before, after);
  auto second = diffTemplates(before, after);
  auto third = diffTemplates(before, other);
  EXPECT_EQ(first->diff.fingerprint, second->diff.fingerprint);
  EXPECT_NE(first->diff.fingerprint, third->diff.fingerprint);
  EXPECT_EQ(first->diff.fingerprint.rfind("sha256:", 0), 0u);
  EXPECT_EQ(first->diff.fingerprint.size(), 7u + 64u);
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

TEST(Propagation, ReferenceInsideFnIfIsOnlyPossible) {
  auto before = Json::parse(R"({"Conditions":{"C":{"Fn::Equals":["a","a"]}},"Resources":{
    "Q":{"Type":"AWS::SQS::Queue","Properties":{"QueueName":"q1"}},
    "S":{"Type":"AWS::SNS::Subscription","Properties":{"Protocol":"sqs","TopicArn":"arn:t",
         "Endpoint":{"Fn::If":["C",{"Fn::GetAtt":["Q","Arn"]},"arn:other"]}}}}})");
  auto after = before;
  after["Resources"]["Q"]["Properties"]["QueueName"] = "q2";
  auto fixture = testing::diffTemplates(before, after);
  bool checked = false;
  for (const auto& op : fixture->diff.operations) {
    if (op.name != "S") continue;
    EXPECT_EQ(op.certainty, Certainty::Possible) << op.id;
    checked = true;
  }
  EXPECT_TRUE(checked);
}

}  // namespace
}  // namespace c2a
