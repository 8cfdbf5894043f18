#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorContains, ListHasTheElement) {
  EXPECT_TRUE(holdsFor("contains", Json::array({1, 2}), "2"));
  EXPECT_TRUE(holdsFor("contains", Json::parse(R"([{"a": 1}])"), Json::parse(R"({"a": "1"})")));
  EXPECT_FALSE(holdsFor("contains", Json::array({"a"}), "b"));
  EXPECT_FALSE(holdsFor("contains", Json::array(), nullptr));
}

TEST(OperatorContains, StringHasTheSubstring) {
  EXPECT_TRUE(holdsFor("contains", "prod-logs", "logs"));
  EXPECT_TRUE(holdsFor("contains", "v5", 5));
  EXPECT_FALSE(holdsFor("contains", "prod-logs", "dev"));
  EXPECT_FALSE(holdsFor("contains", 55, "5"));  // a number is no string
  EXPECT_FALSE(holdsFor("contains", Json::parse(R"({"a": 1})"), "a"));
}

TEST(OperatorContains, WildcardsAndAll) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.Tags"), "contains",
                                             lit(Json::parse(R"({"Key":"env","Value":"prod"})")))));
  EXPECT_FALSE(conditionHolds(*world, compare(path("bucket.Properties.Tags"), "contains",
                                              lit(Json::parse(R"({"Key":"env"})")))));
  EXPECT_TRUE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "contains", lit("e"))));
  EXPECT_FALSE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "contains", lit("n"))));
  EXPECT_TRUE(
      conditionHolds(*world, compare(path("bucket.Properties.Tags.*.Key"), "contains", lit("n"))));
}

}  // namespace
}  // namespace c2a::rules::testing
