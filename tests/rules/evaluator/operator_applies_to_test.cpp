#include <gtest/gtest.h>

#include "eval_support.h"
#include "rules/operators/path_pattern.h"

namespace c2a::rules::testing {
namespace {

using Ids = std::vector<std::string>;
using Positions = std::vector<std::size_t>;

// Bucket: a tag key update, a whole-array update of Rules (rules with Ids), a name update, a
// REPLACE. Queue: one update.
class OperatorAppliesTo : public ::testing::Test {
 protected:
  void SetUp() override {
    auto bucket = fixture.both(resource("Bucket", "AWS::S3::Bucket"));
    auto queue = fixture.both(resource("Queue", "AWS::SQS::Queue"));
    tagKey = fixture.update(bucket, "Properties.Tags.0.Key", Json("a"), Json("b"));
    rules = fixture.update(bucket, "Properties.Rules", Json::array(),
                           Json::parse(R"([{"Id": "expire", "Status": "Enabled"}])"));
    name = fixture.update(bucket, "Properties.BucketName", Json("x"), Json("y"));
    replace = fixture.operate(OperationType::Replace, bucket.first, bucket.second);
    queueUpdate = fixture.update(queue, "Properties.QueueName", Json("q"), Json("r"));
  }

  std::vector<std::string> appliesTo(const std::string& target) {
    return reached(
        fixture,
        rule("probe",
             {resources("bucket", "AWS::S3::Bucket"),
              where(changes("change"), {compare(path("change"), "appliesTo", path(target))})},
             {}, effect("change", Risk::High)));
  }

  std::string id(std::size_t operation) { return fixture.op(operation).id; }

  DiffFixture fixture;
  std::size_t tagKey = 0, rules = 0, name = 0, replace = 0, queueUpdate = 0;
};

TEST_F(OperatorAppliesTo, ComponentTakesEveryOperationOnIt) {
  EXPECT_EQ(appliesTo("bucket"), (Ids{id(tagKey), id(rules), id(name), id(replace)}));
}

TEST_F(OperatorAppliesTo, PatternSelectsTheChangesInsideItsArea) {
  EXPECT_EQ(appliesTo("bucket.Properties.Tags"), (Ids{id(tagKey)}));
  EXPECT_EQ(appliesTo("bucket.Properties.BucketName"), (Ids{id(name)}));
}

TEST_F(OperatorAppliesTo, ChangeAboveThePatternTouchesIt) {
  // Replacing the whole Rules array changes every Rules.*.Id.
  EXPECT_EQ(appliesTo("bucket.Properties.Rules.*.Id"), (Ids{id(rules)}));
}

TEST_F(OperatorAppliesTo, StarIsOneSegment) {
  EXPECT_EQ(appliesTo("bucket.Properties.Tags.*.Key"), (Ids{id(tagKey)}));
  EXPECT_EQ(appliesTo("bucket.*.BucketName"), (Ids{id(name)}));
  EXPECT_EQ(appliesTo("bucket.*.Key"), Ids{});
}

TEST_F(OperatorAppliesTo, DoubleStarIsAnyRun) {
  EXPECT_EQ(appliesTo("bucket.**.Key"), (Ids{id(tagKey)}));
  EXPECT_EQ(appliesTo("bucket.Properties.**.Key"), (Ids{id(tagKey)}));
  EXPECT_EQ(appliesTo("bucket.**"), (Ids{id(tagKey), id(rules), id(name)}));
  EXPECT_EQ(appliesTo("bucket.**.Id"), (Ids{id(rules)}));  // inside the new rules
}

TEST_F(OperatorAppliesTo, ChangeAboveTheAreaNeedsTheRestInItsValues) {
  // `**` could stand for all of Properties.BucketName, but the name holds no Key below it.
  EXPECT_EQ(appliesTo("bucket.**.Key"), (Ids{id(tagKey)}));
  EXPECT_EQ(appliesTo("bucket.Properties.Rules.*.Missing"), Ids{});
}

TEST_F(OperatorAppliesTo, MoveIsAtItsOldAndNewPlace) {
  auto bucket = std::pair{*fixture.op(tagKey).before, *fixture.op(tagKey).after};
  auto move = fixture.update(bucket, "Properties.Tags.0", Json::object(), Json::object(),
                             PropertyOperationType::Move);
  fixture.diff.operations[move].property->oldPath = fromDotted("Properties.Tags.4");
  // The tag key change inside the moved element (now at Tags.0) receives the effect too.
  EXPECT_EQ(appliesTo("bucket.Properties.Tags.4"), (Ids{id(tagKey), id(move)}));
}

TEST_F(OperatorAppliesTo, ComponentLevelOperationOnlyForAnEmptyPattern) {
  EXPECT_EQ(appliesTo("bucket.Properties"), (Ids{id(tagKey), id(rules), id(name)}));
}

TEST_F(OperatorAppliesTo, OtherComponentsNever) {
  auto ids = appliesTo("bucket");
  EXPECT_EQ(std::find(ids.begin(), ids.end(), id(queueUpdate)), ids.end());
}

TEST_F(OperatorAppliesTo, ChangeOnTheRightStandsForItsComponent) {
  auto ids = reached(fixture, rule("probe",
                                   {changes("replace", OperationType::Replace),
                                    where(changes("change", OperationType::Update),
                                          {compare(path("change"), "appliesTo", path("replace"))})},
                                   {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, (Ids{id(tagKey), id(rules), id(name)}));
}

TEST(OperatorAppliesToRename, RenamedComponentPairsBothNames) {
  DiffFixture fixture;
  auto sides =
      fixture.both(resource("OldName", "AWS::S3::Bucket"), resource("NewName", "AWS::S3::Bucket"));
  auto rename = fixture.operate(OperationType::Rename, sides.first, sides.second);
  for (const auto* name : {"OldName", "NewName"}) {
    auto ids = reached(
        fixture,
        rule("probe",
             {components("bucket", ComponentType::Resource, {}, name),
              where(changes("change"), {compare(path("change"), "appliesTo", path("bucket"))})},
             {}, effect("change", Risk::High)));
    EXPECT_EQ(ids, (Ids{fixture.op(rename).id})) << name;
  }
}

TEST(OperatorAppliesToPattern, PrefixRelation) {
  auto segments = [](const std::string& dotted) { return path("x." + dotted).path->segments; };
  auto inside = [&](const Path& at, const std::string& pattern) {
    return relate(at, segments(pattern)).inside;
  };
  auto above = [&](const Path& at, const std::string& pattern) {
    return relate(at, segments(pattern)).above;
  };
  EXPECT_TRUE(inside({"Properties", "Tags", "0", "Key"}, "Properties.Tags"));
  EXPECT_TRUE(inside({"Properties", "Tags", "3"}, "Properties.Tags.3"));
  EXPECT_FALSE(inside({"Properties", "Tags", "3"}, "Properties.Tags.2"));
  EXPECT_TRUE(above({"Properties", "Tags", "3"}, "Properties.Tags.2").empty());
  EXPECT_TRUE(inside({"A", "B", "C", "D"}, "**.C"));
  EXPECT_TRUE(inside({"A", "B", "C", "D"}, "A.**.D"));
  EXPECT_TRUE(inside({"A"}, "**"));
  EXPECT_FALSE(inside({"A", "B", "C", "D"}, "A.**.E.F"));
  EXPECT_EQ(above({"A", "B", "C", "D"}, "A.**.E.F"), (Positions{1}));
  EXPECT_EQ(above({"Properties", "Tags"}, "Properties.Tags.*.Key"), (Positions{2}));
  EXPECT_EQ(above({}, "A.B"), (Positions{0}));
}

TEST(OperatorAppliesToValues, JsonOperandsNeverApply) {
  const auto& info = operatorNamed("appliesTo");
  Json text = "Bucket";
  DiffFixture fixture;
  EvaluationContext context(fixture.diff);
  EXPECT_FALSE(info.apply(jsonValue(text), jsonValue(text), context));
}

}  // namespace
}  // namespace c2a::rules::testing
