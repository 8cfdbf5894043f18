#include <gtest/gtest.h>

#include "model/sub_placeholders.h"

namespace c2a {
namespace {

TEST(SubString, PlainPlaceholder) {
  auto placeholders = subPlaceholders("arn:${Bucket}/x");
  ASSERT_EQ(placeholders.size(), 1U);
  EXPECT_EQ(placeholders[0].name, "Bucket");
  EXPECT_EQ(placeholders[0].attribute, "");
  EXPECT_EQ(placeholders[0].expression, "Bucket");
  EXPECT_EQ(placeholders[0].offset, 4U);
  EXPECT_EQ(placeholders[0].length, 9U);
}

TEST(SubString, DottedAttributeSplitsAtFirstDot) {
  auto placeholders = subPlaceholders("${Queue.Arn} ${Nested.Outputs.Url}");
  ASSERT_EQ(placeholders.size(), 2U);
  EXPECT_EQ(placeholders[0].name, "Queue");
  EXPECT_EQ(placeholders[0].attribute, "Arn");
  EXPECT_EQ(placeholders[1].name, "Nested");
  EXPECT_EQ(placeholders[1].attribute, "Outputs.Url");
  EXPECT_EQ(placeholders[1].offset, 13U);
}

TEST(SubString, EscapedLiteralIsNotAPlaceholder) {
  auto placeholders = subPlaceholders("${!Literal} and ${Real}");
  ASSERT_EQ(placeholders.size(), 1U);
  EXPECT_EQ(placeholders[0].name, "Real");
}

TEST(SubString, UnterminatedIsPlainText) {
  EXPECT_TRUE(subPlaceholders("${Bucket").empty());
  EXPECT_TRUE(subPlaceholders("${").empty());
  EXPECT_TRUE(subPlaceholders("$").empty());
  auto placeholders = subPlaceholders("${A} then ${B");
  ASSERT_EQ(placeholders.size(), 1U);
  EXPECT_EQ(placeholders[0].name, "A");
}

TEST(SubString, SeveralPlaceholdersInOrder) {
  auto placeholders = subPlaceholders("${A}-${B.Arn}-$x-{C}-${D}");
  ASSERT_EQ(placeholders.size(), 3U);
  EXPECT_EQ(placeholders[0].name, "A");
  EXPECT_EQ(placeholders[1].name, "B");
  EXPECT_EQ(placeholders[2].name, "D");
}

TEST(SubString, PseudoParametersAreReturnedAsWritten) {
  // Deciding that AWS::Region is no reference is the caller's business.
  auto placeholders = subPlaceholders("${AWS::Region}.${AWS::URLSuffix}");
  ASSERT_EQ(placeholders.size(), 2U);
  EXPECT_EQ(placeholders[0].name, "AWS::Region");
  EXPECT_EQ(placeholders[1].name, "AWS::URLSuffix");
}

TEST(SubString, WhitespaceIsKept) {
  auto placeholders = subPlaceholders("${ Bucket }");
  ASSERT_EQ(placeholders.size(), 1U);
  EXPECT_EQ(placeholders[0].name, " Bucket ");
}

TEST(SubString, EmptyPlaceholderIsPlainText) {
  EXPECT_TRUE(subPlaceholders("${}").empty());
  EXPECT_TRUE(subPlaceholders("").empty());
}

}  // namespace
}  // namespace c2a
