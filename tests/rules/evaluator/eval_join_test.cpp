#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

// 2000 buckets, one change each; every tenth bucket is flagged. A nested loop over buckets and
// changes would try 4 million pairs per rule; the join tries one change per bucket.
class EvalJoin : public ::testing::Test {
 protected:
  static constexpr int kResources = 2000;

  void SetUp() override {
    for (int i = 0; i < kResources; ++i) {
      Json body = {{"Properties", {{"Flag", i % 10 == 0}, {"Index", i}}}};
      auto sides = fixture.both(resource("Bucket" + std::to_string(i), "AWS::S3::Bucket", body));
      fixture.update(sides, "Properties.Index", Json(i), Json(i));
      if (i % 10 == 0) expected.push_back(fixture.diff.operations.back().id);
    }
  }

  static Expression flagged() { return compare(path("bucket.Properties.Flag"), "==", lit(true)); }
  static Expression onBucket() { return compare(path("change"), "appliesTo", path("bucket")); }

  DiffFixture fixture;
  std::vector<std::string> expected;
};

TEST_F(EvalJoin, ChangesOfABoundComponent) {
  auto ids = reached(fixture, rule("r",
                                   {where(resources("bucket", "AWS::S3::Bucket"), {flagged()}),
                                    where(changes("change"), {onBucket()})},
                                   {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, expected);
}

TEST_F(EvalJoin, ComponentOfABoundChange) {
  auto ids = reached(fixture, rule("r",
                                   {changes("change"), where(resources("bucket", "AWS::S3::Bucket"),
                                                             {onBucket(), flagged()})},
                                   {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, expected);
}

TEST_F(EvalJoin, JoinInsideAConjunctionAndWithAPattern) {
  auto ids = reached(
      fixture,
      rule("r", {resources("bucket", "AWS::S3::Bucket"), changes("change")},
           {both(flagged(), compare(path("change"), "appliesTo", path("bucket.Properties.Index")))},
           effect("change", Risk::High)));
  EXPECT_EQ(ids, expected);
}

// Without a join (the appliesTo sits under `or`) the result is the same, on a smaller world.
TEST(EvalJoinSmall, SameResultWithoutTheJoin) {
  DiffFixture f;
  std::vector<std::string> expected;
  for (int i = 0; i < 30; ++i) {
    auto sides = f.both(resource(std::string("B").append(std::to_string(i)), "AWS::S3::Bucket",
                                 {{"Properties", {{"Flag", i % 3 == 0}}}}));
    f.update(sides, "Properties.X", Json(1), Json(2));
    f.operate(OperationType::Replace, sides.first, sides.second);
    if (i % 3 == 0) {
      expected.push_back(f.diff.operations[f.diff.operations.size() - 2].id);
      expected.push_back(f.diff.operations.back().id);
    }
  }
  auto flagged = compare(path("bucket.Properties.Flag"), "==", lit(true));
  auto on = compare(path("change"), "appliesTo", path("bucket"));
  auto never = compare(lit(1), "==", lit(2));
  auto joined =
      reached(f, rule("r", {where(components("bucket"), {flagged}), where(changes("change"), {on})},
                      {}, effect("change", Risk::High)));
  auto scanned = reached(f, rule("r",
                                 {where(components("bucket"), {flagged}),
                                  where(changes("change"), {either(never, on)})},
                                 {}, effect("change", Risk::High)));
  EXPECT_EQ(joined, expected);
  EXPECT_EQ(scanned, expected);
}

}  // namespace
}  // namespace c2a::rules::testing
