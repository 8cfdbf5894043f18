#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorGreaterThan, Numbers) {
  EXPECT_TRUE(holdsFor(">", 6, 5));
  EXPECT_FALSE(holdsFor(">", 5, 6));
  EXPECT_FALSE(holdsFor(">", 5, 5));
  EXPECT_TRUE(holdsFor(">", "6", 5));  // strings holding numbers
  EXPECT_TRUE(holdsFor(">", 6.0, "5"));
}

TEST(OperatorGreaterThan, NonNumbersNeverCompare) {
  EXPECT_FALSE(holdsFor(">", "abc", 5));
  EXPECT_FALSE(holdsFor(">", 5, "abc"));
  EXPECT_FALSE(holdsFor(">", "a", "b"));
  EXPECT_FALSE(holdsFor(">", true, 5));
  EXPECT_FALSE(holdsFor(">", nullptr, 5));
  EXPECT_FALSE(holdsFor(">", Json::array({1}), 5));
}

TEST(OperatorGreaterThan, PathsAndWildcards) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.Port"), ">", lit(80))));
  EXPECT_TRUE(conditionHolds(*world, all(path("bucket.Properties.Port"), ">", lit("80"))));
  // Count is "5": some property compares, though most are not numbers.
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.*"), ">", lit(4))));
  EXPECT_FALSE(conditionHolds(*world, all(path("bucket.Properties.*"), ">", lit(5))));
}

}  // namespace
}  // namespace c2a::rules::testing
