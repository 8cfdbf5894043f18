#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

using Ids = std::vector<std::string>;

// Buckets ProdA ("prod-a") and DevB ("dev-b"), each with a name update and a tag insert.
class EvalBindings : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const auto& [name, bucketName] :
         {std::pair{"ProdA", "prod-a"}, std::pair{"DevB", "dev-b"}}) {
      Json body = {{"Properties", {{"BucketName", bucketName}}}};
      auto sides = fixture.both(resource(name, "AWS::S3::Bucket", body));
      nameUpdates.push_back(
          fixture.update(sides, "Properties.BucketName", Json("old"), Json(bucketName)));
      tagInserts.push_back(fixture.update(sides, "Properties.Tags.0", std::nullopt,
                                          Json::parse(R"({"Key":"k"})"),
                                          PropertyOperationType::Insert));
    }
  }

  std::string id(std::size_t operation) const { return fixture.op(operation).id; }

  static Expression prodBucket() {
    return compare(path("bucket.Properties.BucketName"), "startsWith", lit("prod"));
  }
  static Expression onBucket() { return compare(path("change"), "appliesTo", path("bucket")); }

  DiffFixture fixture;
  std::vector<std::size_t> nameUpdates, tagInserts;
};

TEST_F(EvalBindings, BindingLevelWhereFiltersItsCandidates) {
  auto ids = reached(fixture, rule("r",
                                   {where(resources("bucket", "AWS::S3::Bucket"), {prodBucket()}),
                                    where(changes("change"), {onBucket()})},
                                   {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, (Ids{id(nameUpdates[0]), id(tagInserts[0])}));
}

TEST_F(EvalBindings, RuleLevelWhereMustHoldToo) {
  auto ids =
      reached(fixture, rule("r", {resources("bucket", "AWS::S3::Bucket"), changes("change")},
                            {prodBucket(), onBucket(),
                             compare(path("change.propertyOperationType"), "==", lit("INSERT"))},
                            effect("change", Risk::High)));
  EXPECT_EQ(ids, (Ids{id(tagInserts[0])}));
}

TEST_F(EvalBindings, BindingLevelWhereMayNameALaterBinding) {
  auto ids = reached(
      fixture, rule("r",
                    {where(resources("bucket", "AWS::S3::Bucket"), {prodBucket(), onBucket()}),
                     changes("change", OperationType::Update, PropertyOperationType::Update)},
                    {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, (Ids{id(nameUpdates[0])}));
}

TEST_F(EvalBindings, FilterBindingIsARuleCondition) {
  auto ids = reached(
      fixture, rule("r",
                    {resources("bucket", "AWS::S3::Bucket"), where(changes("change"), {onBucket()}),
                     filter("onlyProd", {prodBucket()})},
                    {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, (Ids{id(nameUpdates[0]), id(tagInserts[0])}));
}

TEST_F(EvalBindings, ChildrenInheritTheParentsBindings) {
  auto child = rule("child", {where(changes("change"), {onBucket()})},
                    {compare(path("change.path"), "==", lit("Properties.BucketName"))},
                    effect("change", Risk::High));
  auto ids = reached(
      fixture, rule("parent", {where(resources("bucket", "AWS::S3::Bucket"), {prodBucket()})}, {},
                    std::nullopt, {child}));
  EXPECT_EQ(ids, (Ids{id(nameUpdates[0])}));
}

TEST_F(EvalBindings, ChildRunsForEveryParentAssignmentAndMayTargetItsBindings) {
  // The child's effect targets the parent's component, once per bucket that has an INSERT.
  auto child =
      rule("child", {where(changes("change", {}, PropertyOperationType::Insert), {onBucket()})}, {},
           effect("bucket", Risk::High));
  auto ids = reached(
      fixture, rule("parent", {resources("bucket", "AWS::S3::Bucket")}, {}, std::nullopt, {child}));
  EXPECT_EQ(ids,
            (Ids{id(nameUpdates[0]), id(tagInserts[0]), id(nameUpdates[1]), id(tagInserts[1])}));
}

TEST_F(EvalBindings, ChildConditionsOnParentBindingsOnly) {
  auto child = rule("child", {}, {prodBucket()}, effect("change", Risk::High));
  auto ids =
      reached(fixture,
              rule("parent",
                   {resources("bucket", "AWS::S3::Bucket"), where(changes("change"), {onBucket()})},
                   {}, std::nullopt, {child}));
  EXPECT_EQ(ids, (Ids{id(nameUpdates[0]), id(tagInserts[0])}));
}

TEST_F(EvalBindings, ChangeQueryFilters) {
  auto set = [&](Binding binding) {
    return reached(fixture, rule("r", {std::move(binding)}, {}, effect("change", Risk::High)));
  };
  EXPECT_EQ(set(changes("change", OperationType::Update)).size(), 4u);
  EXPECT_EQ(set(changes("change", OperationType::Replace)), Ids{});
  EXPECT_EQ(set(changes("change", {}, PropertyOperationType::Insert)),
            (Ids{id(tagInserts[0]), id(tagInserts[1])}));
  EXPECT_EQ(set(changes("change", {}, {}, Certainty::Possible)), Ids{});
}

TEST_F(EvalBindings, ComponentQueryFilters) {
  auto set = [&](Binding binding) {
    binding.name = "bucket";
    return reached(fixture, rule("r", {std::move(binding), where(changes("change"), {onBucket()})},
                                 {}, effect("change", Risk::High)));
  };
  EXPECT_EQ(set(components("bucket", {}, {}, "DevB")),
            (Ids{id(nameUpdates[1]), id(tagInserts[1])}));
  EXPECT_EQ(set(components("bucket", {}, "AWS::S3::Bucket")).size(), 4u);
  EXPECT_EQ(set(components("bucket", ComponentType::Parameter)), Ids{});
  EXPECT_EQ(set(components("bucket", ComponentType::Resource, "AWS::SQS::Queue")), Ids{});
  EXPECT_EQ(set(components("bucket")).size(), 4u);
}

TEST_F(EvalBindings, NoCandidatesNoEffect) {
  // The queue binding constrains the change (`change appliesTo queue`) and there is no queue.
  auto ids = reached(
      fixture,
      rule("r",
           {resources("queue", "AWS::SQS::Queue"),
            where(changes("change"), {compare(path("change"), "appliesTo", path("queue"))})},
           {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, Ids{});
}

TEST_F(EvalBindings, UnusedBindingDoesNotConstrain) {
  // Nothing mentions `queue`: that there is no queue says nothing about the changes. (C2A's
  // presets bind every kind of change at the top for all their children.)
  auto ids = reached(fixture, rule("r", {resources("queue", "AWS::SQS::Queue"), changes("change")},
                                   {}, effect("change", Risk::High)));
  EXPECT_EQ(ids.size(), 4u);
}

TEST(EvalWorld, UnchangedComponentsAreSelectableThroughTheirBody) {
  auto world = graphWorld();
  auto& f = world->fixture;
  // Role has no operation: it pairs with itself by name, and its body is readable.
  f.after.component(*world->role.after).properties = {{"Properties", {{"Admin", true}}}};
  auto ids =
      reached(f, rule("r",
                      {where(components("role", {}, "AWS::IAM::Role"),
                             {compare(path("role.Properties.Admin"), "==", lit("true"))}),
                       where(changes("change"), {compare(path("change"), "->", path("role"))})},
                      {}, effect("change", Risk::High)));
  EXPECT_EQ(ids, (Ids{f.op(world->functionUpdate).id}));
}

TEST(EvalWorld, StacksAndConstructsAreSelectable) {
  auto world = graphWorld();
  auto& f = world->fixture;
  for (auto type : {ComponentType::Stack, ComponentType::Construct}) {
    auto ids = reached(
        f, rule("r",
                {components("container", type),
                 where(changes("change"), {compare(path("container"), ">>", path("change"))})},
                {}, effect("change", Risk::High)));
    EXPECT_EQ(ids, (Ids{f.op(world->functionUpdate).id})) << toString(type);
  }
}

TEST(EvalWorld, RemovedAndInsertedComponentsAreSelectable) {
  DiffFixture f;
  auto gone = f.before.addComponent(
      resource("Gone", "AWS::S3::Bucket", {{"Properties", {{"BucketName", "old"}}}}));
  auto added = f.after.addComponent(
      resource("Added", "AWS::S3::Bucket", {{"Properties", {{"BucketName", "new"}}}}));
  auto remove = f.operate(OperationType::Remove, gone, std::nullopt);
  auto insert = f.operate(OperationType::Insert, std::nullopt, added);
  for (const auto& [name, operation] : {std::pair{"old", remove}, std::pair{"new", insert}}) {
    auto ids = reached(
        f, rule("r",
                {where(resources("bucket", "AWS::S3::Bucket"),
                       {compare(path("bucket.Properties.BucketName"), "==", lit(name))}),
                 where(changes("change"), {compare(path("change"), "appliesTo", path("bucket"))})},
                {}, effect("change", Risk::High)));
    EXPECT_EQ(ids, (Ids{f.op(operation).id})) << name;
  }
}

}  // namespace
}  // namespace c2a::rules::testing
