#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorEquals, JsonEquality) {
  EXPECT_TRUE(holdsFor("==", "a", "a"));
  EXPECT_FALSE(holdsFor("==", "a", "b"));
  EXPECT_TRUE(holdsFor("==", nullptr, nullptr));
  EXPECT_FALSE(holdsFor("==", nullptr, "null"));
  EXPECT_TRUE(holdsFor("==", 5, 5.0));
  EXPECT_TRUE(
      holdsFor("==", Json::parse(R"({"a":1,"b":[true]})"), Json::parse(R"({"b":[true],"a":1})")));
  EXPECT_FALSE(holdsFor("==", Json::parse("[1,2]"), Json::parse("[2,1]")));
  EXPECT_FALSE(holdsFor("==", Json::parse(R"({"a":1})"), Json::parse(R"({"a":1,"b":2})")));
}

TEST(OperatorEquals, LooseScalars) {
  EXPECT_TRUE(holdsFor("==", 5, "5"));
  EXPECT_TRUE(holdsFor("==", "5", 5));
  EXPECT_TRUE(holdsFor("==", 5.0, 5));
  EXPECT_TRUE(holdsFor("==", 0.5, "0.5"));
  EXPECT_TRUE(holdsFor("==", true, "true"));
  EXPECT_TRUE(holdsFor("==", "false", false));
  // The differ's definition (model/same_value.h): CloudFormation passes the text on as written, so
  // "5.0" and "False" are other values than 5 and false, for a rule as for the diff.
  EXPECT_FALSE(holdsFor("==", "5.0", 5));
  EXPECT_FALSE(holdsFor("==", "False", false));
  EXPECT_TRUE(holdsFor("!=", "5.0", 5));
  EXPECT_TRUE(holdsFor("==", Json::parse(R"(["1", true])"), Json::parse(R"([1, "true"])")));
  EXPECT_FALSE(holdsFor("==", " 5", 5));
  EXPECT_FALSE(holdsFor("==", "five", 5));
  EXPECT_FALSE(holdsFor("==", true, 1));
  EXPECT_FALSE(holdsFor("==", "yes", true));
}

TEST(OperatorEquals, TripleEqualsIsAnAlias) {
  EXPECT_EQ(findOperator("==="), findOperator("=="));
}

TEST(OperatorEquals, ExistentialOverWildcards) {
  auto world = bucketWorld();
  EXPECT_TRUE(
      conditionHolds(*world, compare(path("bucket.Properties.Tags.*.Key"), "==", lit("team"))));
  EXPECT_FALSE(
      conditionHolds(*world, compare(path("bucket.Properties.Tags.*.Key"), "==", lit("owner"))));
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.**.Leaf"), "==", lit("x"))));
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.Port"), "==", lit("8080"))));
  // Some value on the left equal to some value on the right.
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.Tags.*.Key"),
                                             "==", path("bucket.Properties.Tags.*.Key"))));
  EXPECT_FALSE(
      conditionHolds(*world, compare(path("bucket.Properties.Missing"), "==", lit(nullptr))));
}

TEST(OperatorEquals, AllNeedsEveryValueAndAtLeastOne) {
  auto world = bucketWorld();
  EXPECT_FALSE(conditionHolds(*world, all(path("bucket.Properties.Tags.*.Key"), "==", lit("env"))));
  EXPECT_TRUE(conditionHolds(
      *world, all(path("bucket.Properties.Tags.*"), "==", path("bucket.Properties.Tags.*"))));
  EXPECT_TRUE(conditionHolds(*world, all(path("bucket.Properties.Port"), "==", lit(8080))));
  EXPECT_FALSE(conditionHolds(*world, all(path("bucket.Properties.Missing.*"), "==", lit("x"))));
}

TEST(OperatorEquals, ListLiteralIsOneValue) {
  auto world = bucketWorld();
  EXPECT_FALSE(conditionHolds(*world, compare(path("bucket.Properties.Tags.*.Key"),
                                              "==", lit(Json::array({"env", "team"})))));
  EXPECT_TRUE(conditionHolds(*world, compare(path("bucket.Properties.Tags.0"), "==",
                                             lit(Json::parse(R"({"Value":"prod","Key":"env"})")))));
}

}  // namespace
}  // namespace c2a::rules::testing
