// One home for recognising CloudFormation's intrinsic functions (model/intrinsics.h).
#include "model/intrinsics.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

TEST(Intrinsics, FunctionNamesAreRefAndFn) {
  EXPECT_TRUE(isFunctionName("Ref"));
  EXPECT_TRUE(isFunctionName("Fn::GetAtt"));
  EXPECT_TRUE(isFunctionName("Fn::If"));
  EXPECT_FALSE(isFunctionName("Condition"));
  EXPECT_FALSE(isFunctionName("Properties"));
  EXPECT_FALSE(isFunctionName("ref"));
}

TEST(Intrinsics, AOneKeyObjectCallingAFunctionOrNamingACondition) {
  EXPECT_TRUE(isIntrinsic(Json::parse(R"({"Ref": "Bucket"})")));
  EXPECT_TRUE(isIntrinsic(Json::parse(R"({"Fn::Sub": "${AWS::StackName}-x"})")));
  EXPECT_TRUE(isIntrinsic(Json::parse(R"({"Condition": "IsProd"})")));
  // A Condition key with a non-string value is data, as is any object of several keys.
  EXPECT_FALSE(isIntrinsic(Json::parse(R"({"Condition": {"StringEquals": {}}})")));
  EXPECT_FALSE(isIntrinsic(Json::parse(R"({"Ref": "A", "Other": 1})")));
  EXPECT_FALSE(isIntrinsic(Json::parse(R"("Ref")")));
  EXPECT_TRUE(isConditionReference(Json::parse(R"({"Condition": "IsProd"})")));
  EXPECT_FALSE(isConditionReference(Json::parse(R"({"Ref": "IsProd"})")));
}

}  // namespace
}  // namespace c2a
