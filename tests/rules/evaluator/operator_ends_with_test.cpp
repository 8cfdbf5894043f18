#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorEndsWith, Strings) {
  EXPECT_TRUE(holdsFor("endsWith", "prod-logs", "logs"));
  EXPECT_TRUE(holdsFor("endsWith", "logs", ""));
  EXPECT_FALSE(holdsFor("endsWith", "prod-logs", "prod"));
  EXPECT_FALSE(holdsFor("endsWith", "gs", "logs"));
}

TEST(OperatorEndsWith, LooseScalarsAndOthers) {
  EXPECT_TRUE(holdsFor("endsWith", 8080, "80"));
  EXPECT_TRUE(holdsFor("endsWith", true, "rue"));
  EXPECT_FALSE(holdsFor("endsWith", Json::parse(R"({"a": "logs"})"), "logs"));
  EXPECT_FALSE(holdsFor("endsWith", "logs", nullptr));
}

TEST(OperatorEndsWith, WildcardsAndAll) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(
      *world, compare(path("bucket.Properties.Tags.*.Value"), "endsWith", lit("ta"))));
  EXPECT_FALSE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Value"), "endsWith", lit("ta"))));
  EXPECT_TRUE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Value"), "endsWith", lit(""))));
}

}  // namespace
}  // namespace c2a::rules::testing
