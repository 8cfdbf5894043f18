#include "model/get_att.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

TEST(GetAtt, ListForm) {
  auto parsed = parseGetAtt(Json::parse(R"(["Queue", "Arn"])"));
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->logicalId, "Queue");
  EXPECT_EQ(parsed->attribute, "Arn");
  EXPECT_EQ(parsed->attributeExpression, nullptr);
}

TEST(GetAtt, StringFormSplitsAtFirstDot) {
  auto parsed = parseGetAtt(Json("Nested.Outputs.Url"));
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->logicalId, "Nested");
  EXPECT_EQ(parsed->attribute, "Outputs.Url");
}

TEST(GetAtt, IntrinsicAttribute) {
  auto argument = Json::parse(R"(["Queue", {"Ref": "AttrParam"}])");
  auto parsed = parseGetAtt(argument);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->logicalId, "Queue");
  EXPECT_EQ(parsed->attribute, "");
  ASSERT_NE(parsed->attributeExpression, nullptr);
  EXPECT_EQ(*parsed->attributeExpression, Json::parse(R"({"Ref": "AttrParam"})"));
}

TEST(GetAtt, UnreadableArguments) {
  EXPECT_FALSE(parseGetAtt(Json::parse(R"([{"Ref": "X"}, "Arn"])")));
  EXPECT_FALSE(parseGetAtt(Json::parse("[]")));
  EXPECT_FALSE(parseGetAtt(Json::parse("42")));
  EXPECT_FALSE(parseGetAtt(Json(".Arn")));
}

}  // namespace
}  // namespace c2a
