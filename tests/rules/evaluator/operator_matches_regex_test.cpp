#include <gtest/gtest.h>

#include <string>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorMatchesRegex, SearchesUnlessAnchored) {
  EXPECT_TRUE(holdsFor("matchesRegex", "prod-12", "^prod-[0-9]+$"));
  EXPECT_TRUE(holdsFor("matchesRegex", "my-prod-12", "prod"));
  EXPECT_FALSE(holdsFor("matchesRegex", "my-prod-12", "^prod"));
  EXPECT_FALSE(holdsFor("matchesRegex", "prod-x", "^prod-[0-9]+$"));
  EXPECT_TRUE(holdsFor("matchesRegex", 8080, "^80"));
}

TEST(OperatorMatchesRegex, BadPatternsNeverMatchAndAreReported) {
  EXPECT_FALSE(holdsFor("matchesRegex", "(", "("));
  EXPECT_FALSE(holdsFor("matchesRegex", "x", 5));
  const auto& info = operatorNamed("matchesRegex");
  ASSERT_NE(info.validate, nullptr);
  EXPECT_EQ(info.validate("^a+$"), "");
  EXPECT_NE(info.validate("(unclosed").find("invalid regular expression"), std::string::npos);
  EXPECT_NE(info.validate(Json::array()), "");
}

TEST(OperatorMatchesRegex, LinearTimeOnCatastrophicPatterns) {
  // (a+)+$ takes exponential time in a backtracking engine; RE2 does not backtrack.
  EXPECT_FALSE(holdsFor("matchesRegex", std::string(5000, 'a') + "!", "^(a+)+$"));
}

TEST(OperatorMatchesRegex, WildcardsAndAll) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(
      *world, compare(path("bucket.Properties.Tags.*.Key"), "matchesRegex", lit("^t"))));
  EXPECT_TRUE(conditionHolds(
      *world, all(path("bucket.Properties.Tags.*.Key"), "matchesRegex", lit("^(env|team)$"))));
  EXPECT_FALSE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "matchesRegex", lit("^t"))));
}

}  // namespace
}  // namespace c2a::rules::testing
