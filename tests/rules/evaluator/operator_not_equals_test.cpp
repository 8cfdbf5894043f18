#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorNotEquals, PairsThatDiffer) {
  EXPECT_TRUE(holdsFor("!=", "a", "b"));
  EXPECT_FALSE(holdsFor("!=", "a", "a"));
  EXPECT_FALSE(holdsFor("!=", 5, "5"));
  EXPECT_FALSE(holdsFor("!=", "true", true));
  EXPECT_EQ(findOperator("!=="), findOperator("!="));
}

// `a != b` is `not (a == b)` whatever a reaches.
TEST(OperatorNotEquals, IsTheNegationOfEquals) {
  auto world = bucketWorld();
  auto both = [&](const std::string& lhs, const Json& rhs) {
    bool differs = conditionHolds(*world, compare(path(lhs), "!=", lit(rhs)));
    bool notEqual = conditionHolds(*world, negate(compare(path(lhs), "==", lit(rhs))));
    EXPECT_EQ(differs, notEqual) << lhs << " != " << rhs.dump();
    return differs;
  };
  EXPECT_FALSE(both("bucket.Properties.BucketName", "prod-logs"));
  EXPECT_TRUE(both("bucket.Properties.BucketName", "dev-logs"));
  EXPECT_FALSE(both("bucket.Properties.Tags.*.Key", "env"));   // one tag is env
  EXPECT_TRUE(both("bucket.Properties.Tags.*.Key", "owner"));  // none is owner
  EXPECT_TRUE(both("bucket.Properties.Missing", "x"));         // nothing equals x
}

TEST(OperatorNotEquals, AllNeedsAValue) {
  auto world = bucketWorld();
  EXPECT_TRUE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "!=", lit("owner"))));
  EXPECT_FALSE(conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "!=", lit("env"))));
  EXPECT_FALSE(conditionHolds(*world, all(path("bucket.Properties.Missing"), "!=", lit("x"))));
}

}  // namespace
}  // namespace c2a::rules::testing
