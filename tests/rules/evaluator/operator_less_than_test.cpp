#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorLessThan, Numbers) {
  EXPECT_TRUE(holdsFor("<", 5, 6));
  EXPECT_FALSE(holdsFor("<", 6, 5));
  EXPECT_FALSE(holdsFor("<", 5, 5));
  EXPECT_TRUE(holdsFor("<", "5", 6));  // strings holding numbers
  EXPECT_TRUE(holdsFor("<", 5.0, "6"));
}

TEST(OperatorLessThan, NonNumbersNeverCompare) {
  EXPECT_FALSE(holdsFor("<", "abc", 5));
  EXPECT_FALSE(holdsFor("<", 5, "abc"));
  EXPECT_FALSE(holdsFor("<", "a", "b"));
  EXPECT_FALSE(holdsFor("<", true, 5));
  EXPECT_FALSE(holdsFor("<", nullptr, 5));
  EXPECT_FALSE(holdsFor("<", Json::array({1}), 5));
}

TEST(OperatorLessThan, PathsAndWildcards) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.Port"), "<", lit(9000))));
  EXPECT_TRUE(conditionHolds(*world, all(path("bucket.Properties.Port"), "<", lit("9000"))));
  // Count is "5": some property compares, though most are not numbers.
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.*"), "<", lit(6))));
  EXPECT_FALSE(conditionHolds(*world, all(path("bucket.Properties.*"), "<", lit(5))));
}

}  // namespace
}  // namespace c2a::rules::testing
