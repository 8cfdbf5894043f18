#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorIn, ElementOfAList) {
  EXPECT_TRUE(holdsFor("in", "a", Json::array({"a", "b"})));
  EXPECT_TRUE(holdsFor("in", 5, Json::array({"5"})));
  EXPECT_TRUE(holdsFor("in", Json::array({1}), Json::array({Json::array({1}), 2})));
  EXPECT_FALSE(holdsFor("in", "c", Json::array({"a", "b"})));
  EXPECT_FALSE(holdsFor("in", "a", Json::array()));
}

TEST(OperatorIn, SubstringOfAString) {
  EXPECT_TRUE(holdsFor("in", "log", "prod-logs"));
  EXPECT_TRUE(holdsFor("in", 5, "v5"));
  EXPECT_FALSE(holdsFor("in", "dev", "prod-logs"));
  EXPECT_FALSE(holdsFor("in", Json::object(), "{}"));
}

TEST(OperatorIn, AnythingElseIsFalse) {
  EXPECT_FALSE(holdsFor("in", "a", Json::parse(R"({"a": 1})")));
  EXPECT_FALSE(holdsFor("in", 5, 5));
  EXPECT_FALSE(holdsFor("in", nullptr, nullptr));
}

TEST(OperatorIn, WildcardsAndAll) {
  auto world = bucketWorld();
  auto keys = [] { return path("bucket.Properties.Tags.*.Key"); };
  EXPECT_TRUE(conditionHolds(*world, compare(keys(), "in", lit(Json::array({"team", "x"})))));
  EXPECT_TRUE(conditionHolds(*world, all(keys(), "in", lit(Json::array({"env", "team"})))));
  EXPECT_FALSE(conditionHolds(*world, all(keys(), "in", lit(Json::array({"env"})))));
  EXPECT_FALSE(conditionHolds(*world, compare(keys(), "in", lit(Json::array({"owner"})))));
}

}  // namespace
}  // namespace c2a::rules::testing
