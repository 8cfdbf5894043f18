#include <gtest/gtest.h>

#include <string>

#include "eval_support.h"
#include "rules/operators/glob.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorMatches, Globs) {
  EXPECT_TRUE(globMatches("prod-logs", "prod-*"));
  EXPECT_TRUE(globMatches("prod-logs", "*logs"));
  EXPECT_TRUE(globMatches("prod-logs", "p?od*s"));
  EXPECT_TRUE(globMatches("prod-logs", "*"));
  EXPECT_TRUE(globMatches("", "*"));
  EXPECT_TRUE(globMatches("", ""));
  EXPECT_TRUE(globMatches("abc", "a*b*c"));
  EXPECT_TRUE(globMatches("abcbc", "a*bc"));
  EXPECT_TRUE(globMatches("aXbYc", "a**b*c"));
  EXPECT_FALSE(globMatches("abc", "a*c*b"));
  EXPECT_FALSE(globMatches("prod", "prod?"));
  EXPECT_FALSE(globMatches("x", ""));
  EXPECT_FALSE(globMatches("abc", "abcd*"));
  EXPECT_FALSE(globMatches("ab", "a*b*b"));
}

TEST(OperatorMatches, EscapedWildcardsAreLiteral) {
  EXPECT_TRUE(globMatches("a*b", "a\\*b"));
  EXPECT_FALSE(globMatches("axb", "a\\*b"));
  EXPECT_TRUE(globMatches("a?", "a\\?"));
  EXPECT_FALSE(globMatches("ab", "a\\?"));
  EXPECT_TRUE(globMatches("a\\", "a\\"));  // a trailing backslash is itself
}

TEST(OperatorMatches, LongPiecesAndAdversarialPatterns) {
  std::string longPiece(150, 'x');
  longPiece[70] = 'y';
  // Built with append: GCC 12 warns falsely (-Wrestrict) about "literal" + string.
  const std::string text = std::string("start").append(longPiece).append("end");
  EXPECT_TRUE(globMatches(text, std::string("start*").append(longPiece.substr(1)).append("*")));
  EXPECT_FALSE(globMatches(text, std::string("*").append(150, 'x').append("*")));
  // Exponential for a backtracking matcher; linear here.
  std::string as(20000, 'a');
  std::string pattern;
  for (int i = 0; i < 30; ++i) pattern += "*a";
  EXPECT_FALSE(globMatches(as, pattern + "b*"));
  EXPECT_TRUE(globMatches(as, pattern + "*"));
}

TEST(OperatorMatches, ThroughTheTable) {
  EXPECT_TRUE(holdsFor("matches", "prod-logs", "prod-*"));
  EXPECT_TRUE(holdsFor("matches", 8080, "80*"));
  EXPECT_FALSE(holdsFor("matches", "prod-logs", "dev-*"));
  EXPECT_FALSE(holdsFor("matches", "prod", 5));
  const auto& info = operatorNamed("matches");
  ASSERT_NE(info.validate, nullptr);
  EXPECT_EQ(info.validate("prod-*"), "");
  EXPECT_NE(info.validate(5), "");
}

TEST(OperatorMatches, WildcardsAndAll) {
  auto world = bucketWorld();
  EXPECT_TRUE(
      conditionHolds(*world, compare(path("bucket.Properties.Tags.*.Key"), "matches", lit("t*"))));
  EXPECT_TRUE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "matches", lit("*e*"))));
  EXPECT_FALSE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "matches", lit("t*"))));
}

}  // namespace
}  // namespace c2a::rules::testing
