#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorStartsWith, Strings) {
  EXPECT_TRUE(holdsFor("startsWith", "prod-logs", "prod"));
  EXPECT_TRUE(holdsFor("startsWith", "prod", ""));
  EXPECT_FALSE(holdsFor("startsWith", "prod-logs", "logs"));
  EXPECT_FALSE(holdsFor("startsWith", "pr", "prod"));
}

TEST(OperatorStartsWith, LooseScalarsAndOthers) {
  EXPECT_TRUE(holdsFor("startsWith", 8080, "80"));
  EXPECT_TRUE(holdsFor("startsWith", "8080", 80));
  EXPECT_FALSE(holdsFor("startsWith", Json::array({"prod"}), "prod"));
  EXPECT_FALSE(holdsFor("startsWith", nullptr, ""));
}

TEST(OperatorStartsWith, WildcardsAndAll) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(
      *world, compare(path("bucket.Properties.Tags.*.Key"), "startsWith", lit("t"))));
  EXPECT_FALSE(
      conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "startsWith", lit("t"))));
  // Every key starts with some key (itself).
  EXPECT_TRUE(conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "startsWith",
                                         path("bucket.Properties.Tags.*.Key"))));
}

}  // namespace
}  // namespace c2a::rules::testing
