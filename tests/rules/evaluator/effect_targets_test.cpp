#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

using Ids = std::vector<std::string>;

// Bucket: Properties.Tags replaced as a whole, two changes inside it, one beside it, a REPLACE.
// Queue: one update.
class EffectTargets : public ::testing::Test {
 protected:
  void SetUp() override {
    auto bucket = fixture.both(resource("Bucket", "AWS::S3::Bucket"));
    auto queue = fixture.both(resource("Queue", "AWS::SQS::Queue"));
    tags = fixture.update(bucket, "Properties.Tags", Json::array(), Json::array());
    tagKey = fixture.update(bucket, "Properties.Tags.0.Key", Json("a"), Json("b"));
    tagValue = fixture.update(bucket, "Properties.Tags.0.Value", Json("a"), Json("b"));
    tagsLike = fixture.update(bucket, "Properties.TagsExtra", Json("a"), Json("b"));
    replace = fixture.operate(OperationType::Replace, bucket.first, bucket.second);
    queueUpdate = fixture.update(queue, "Properties.QueueName", Json("a"), Json("b"));
  }

  std::vector<std::string> markPath(const std::string& dotted) {
    return reached(fixture,
                   rule("r", {changes("change")}, {compare(path("change.path"), "==", lit(dotted))},
                        effect("change", Risk::High)));
  }

  std::string id(std::size_t operation) const { return fixture.op(operation).id; }

  DiffFixture fixture;
  std::size_t tags = 0, tagKey = 0, tagValue = 0, tagsLike = 0, replace = 0, queueUpdate = 0;
};

TEST_F(EffectTargets, PropertyChangeEffectReachesTheChangesInsideIt) {
  EXPECT_EQ(markPath("Properties.Tags"), (Ids{id(tags), id(tagKey), id(tagValue)}));
}

TEST_F(EffectTargets, NotTheChangesAboveOrBeside) {
  EXPECT_EQ(markPath("Properties.Tags.0.Key"), (Ids{id(tagKey)}));
  EXPECT_EQ(markPath("Properties.TagsExtra"), (Ids{id(tagsLike)}));
}

TEST_F(EffectTargets, ComponentLevelOperationKeepsItsEffect) {
  auto ids = reached(fixture, rule("r", {changes("change", OperationType::Replace)}, {},
                                   effect("change", Risk::High)));
  EXPECT_EQ(ids, (Ids{id(replace)}));
}

TEST_F(EffectTargets, ComponentTargetReachesEveryOperationOnIt) {
  auto ids = reached(fixture, rule("r", {resources("bucket", "AWS::S3::Bucket")}, {},
                                   effect("bucket", Risk::High)));
  EXPECT_EQ(ids, (Ids{id(tags), id(tagKey), id(tagValue), id(tagsLike), id(replace)}));
}

TEST_F(EffectTargets, InnerEffectCombinesWithTheOuterOne) {
  auto set = ruleSet({rule("approve tags", {changes("change")},
                           {compare(path("change.path"), "==", lit("Properties.Tags"))},
                           effect("change", Risk::Low, Action::Approve)),
                      rule("keys are risky", {changes("change")},
                           {compare(path("change.path"), "endsWith", lit(".Key"))},
                           effect("change", Risk::High))});
  fixture.decide(set);
  EXPECT_EQ(fixture.decision(tagValue).action, Action::Approve);
  EXPECT_EQ(fixture.decision(tagKey).risk, Risk::High);
  EXPECT_EQ(fixture.decision(tagKey).action, Action::None);
  EXPECT_EQ(fixture.decision(tagKey).rules, (Ids{"approve tags", "keys are risky"}));
}

TEST_F(EffectTargets, FilterTargetReachesNothing) {
  auto ids = reached(fixture, rule("r", {filter("f", {})}, {}, effect("f", Risk::High)));
  EXPECT_EQ(ids, Ids{});
}

}  // namespace
}  // namespace c2a::rules::testing
