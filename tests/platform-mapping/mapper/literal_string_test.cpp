#include "platform-mapping/cloudformation/intrinsics/literal_string.h"

#include <gtest/gtest.h>

namespace c2a {
namespace {

std::optional<std::string> literal(std::string_view json, std::string_view stack = "S") {
  return literalString(Json::parse(json), stack);
}

TEST(LiteralString, Literals) {
  EXPECT_EQ(literal(R"("plain")"), "plain");
  EXPECT_EQ(literal("42"), std::nullopt);
  EXPECT_EQ(literal(R"({"Ref": "Env"})"), std::nullopt);
}

TEST(LiteralString, StackName) {
  EXPECT_EQ(literal(R"({"Ref": "AWS::StackName"})"), "S");
  EXPECT_EQ(literal(R"({"Ref": "AWS::StackName"})", ""), std::nullopt);
  EXPECT_EQ(literal(R"({"Ref": "AWS::Region"})"), std::nullopt);
}

TEST(LiteralString, Sub) {
  EXPECT_EQ(literal(R"({"Fn::Sub": "${AWS::StackName}-x"})"), "S-x");
  EXPECT_EQ(literal(R"({"Fn::Sub": "${!Lit}-${AWS::StackName}"})"), "${Lit}-S");
  EXPECT_EQ(literal(R"({"Fn::Sub": ["${A}-${B}", {"A": "a", "B": {"Ref": "AWS::StackName"}}]})"),
            "a-S");
  EXPECT_EQ(literal(R"({"Fn::Sub": "${Env}-x"})"), std::nullopt);
  EXPECT_EQ(literal(R"({"Fn::Sub": ["${A}", {"A": {"Ref": "Env"}}]})"), std::nullopt);
  EXPECT_EQ(literal(R"({"Fn::Sub": "unterminated ${"})"), "unterminated ${");
}

TEST(LiteralString, Join) {
  EXPECT_EQ(literal(R"({"Fn::Join": [":", ["a", {"Ref": "AWS::StackName"}, "b"]]})"), "a:S:b");
  EXPECT_EQ(literal(R"({"Fn::Join": [":", []]})"), "");
  EXPECT_EQ(literal(R"({"Fn::Join": [":", ["a", {"Ref": "Env"}]]})"), std::nullopt);
  EXPECT_EQ(literal(R"({"Fn::Join": [":", "a"]})"), std::nullopt);
}

}  // namespace
}  // namespace c2a
