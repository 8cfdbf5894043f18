#include "model-diffing/reference_renames.h"

#include <gtest/gtest.h>

namespace c2a::diffing {
namespace {

TEST(ReferenceRenames, FollowRefGetAttSubAndDependsOn) {
  RenameMap renames{{"Old", "New"}};
  auto before = Json::parse(R"({"DependsOn":["Old","Keep"],"Properties":{
    "A":{"Ref":"Old"},"B":{"Fn::GetAtt":["Old","Arn"]},
    "C":{"Fn::Sub":"a-${Old.Arn}-${!Old}-${Other}-${Old}"},
    "D":{"Fn::Sub":["x-${Old}-${v}",{"v":{"Ref":"Old"}}]}}})");
  auto expected = Json::parse(R"({"DependsOn":["New","Keep"],"Properties":{
    "A":{"Ref":"New"},"B":{"Fn::GetAtt":["New","Arn"]},
    "C":{"Fn::Sub":"a-${New.Arn}-${!Old}-${Other}-${New}"},
    "D":{"Fn::Sub":["x-${New}-${v}",{"v":{"Ref":"New"}}]}}})");
  EXPECT_EQ(applyRenames(before, renames), expected);
}

}  // namespace
}  // namespace c2a::diffing
