#include "aggregations/aggregation_tree.h"

#include <gtest/gtest.h>

#include <set>

#include "aggregations/aggregation_module.h"
#include "model/error.h"

namespace c2a {
namespace {

struct Fixture {
  ModelDiff diff;
  Decisions decisions;

  std::size_t add(std::string name, OperationType type, std::string subtype, Action action,
                  Risk risk, std::string cause = "", std::string stack = "") {
    Operation op;
    op.name = name;
    op.type = type;
    op.subtype = std::move(subtype);
    op.stack = std::move(stack);
    op.id = op.stack + ":" + name + ":" + std::string(toString(type)) + ":" +
            std::to_string(diff.operations.size());
    if (type == OperationType::Update) {
      op.property = PropertyChange{};
      op.property->path = {"Properties", "X"};
    }
    if (!cause.empty()) op.cause = Cause{cause, "because"};
    diff.operations.push_back(std::move(op));
    Decision decision;
    decision.action = action;
    decision.risk = risk;
    decisions.push_back(decision);
    return diff.operations.size() - 1;
  }
  const std::string& id(std::size_t i) const { return diff.operations[i].id; }
};

TEST(AggregationTree, DefaultTreeGroupsByActionThenRiskThenTypeThenComponent) {
  Fixture f;
  auto name =
      f.add("Bucket", OperationType::Update, "AWS::S3::Bucket", Action::None, Risk::Unknown);
  auto replace = f.add("Bucket", OperationType::Replace, "AWS::S3::Bucket", Action::Reject,
                       Risk::High, f.id(0));
  auto queue = f.add("Queue", OperationType::Update, "AWS::SQS::Queue", Action::Approve, Risk::Low);
  auto topic = f.add("Topic", OperationType::Update, "AWS::SNS::Topic", Action::None, Risk::High);
  auto tree = aggregate(f.diff, f.decisions, defaultAggregationLevels(f.diff));
  EXPECT_EQ(tree.levels,
            (std::vector<std::string>{"action", "risk", "resource-type", "component"}));
  // What matters most comes first: reject, review, approve.
  ASSERT_EQ(tree.roots.size(), 3u);
  EXPECT_EQ(tree.roots[0].value, "reject");
  EXPECT_EQ(tree.roots[1].value, "review");
  EXPECT_EQ(tree.roots[2].value, "approve");
  // A group with a single child takes its levels in, down to the leaf.
  const auto& rejected = tree.roots[0];
  EXPECT_TRUE(rejected.children.empty());
  EXPECT_EQ(rejected.changes, (std::vector<std::size_t>{replace}));
  EXPECT_EQ(rejected.collapsed.size(), 3u);
  EXPECT_EQ(rejected.description,
            "rejected, high risk, AWS::S3::Bucket, Bucket: 1 replacement, caused by Bucket "
            "Properties.X changed");
  // Review holds two risks: high before unknown.
  const auto& review = tree.roots[1];
  ASSERT_EQ(review.children.size(), 2u);
  EXPECT_EQ(review.children[0].value, "high");
  EXPECT_EQ(review.children[0].changes, (std::vector<std::size_t>{topic}));
  EXPECT_EQ(review.children[1].changes, (std::vector<std::size_t>{name}));
  EXPECT_EQ(review.count, 2u);
  EXPECT_EQ(review.description, "needs review: 2 updates");
  EXPECT_EQ(tree.roots[2].changes, (std::vector<std::size_t>{queue}));
}

TEST(AggregationTree, CloudAssembliesAreReadStackByStack) {
  Fixture f;
  f.add("A", OperationType::Insert, "AWS::S3::Bucket", Action::None, Risk::Unknown, "", "Api");
  f.add("B", OperationType::Insert, "AWS::S3::Bucket", Action::None, Risk::Unknown, "", "Web");
  auto levels = defaultAggregationLevels(f.diff);
  EXPECT_EQ(levels.front(), "stack");
  auto tree = aggregate(f.diff, f.decisions, levels);
  ASSERT_EQ(tree.roots.size(), 2u);
  EXPECT_EQ(tree.roots[0].value, "Api");
  EXPECT_EQ(tree.roots[1].value, "Web");
  EXPECT_EQ(tree.roots[0].description,
            "stack Api, needs review, unknown risk, AWS::S3::Bucket, A: 1 addition");
}

TEST(AggregationTree, LeavesKeepReportOrderAndCountsAddUp) {
  Fixture f;
  for (int i = 0; i < 5; ++i) {
    f.add("R" + std::to_string(i), i % 2 ? OperationType::Insert : OperationType::Update,
          "AWS::SQS::Queue", Action::None, Risk::Unknown);
  }
  auto tree = aggregate(f.diff, f.decisions, {"operation"});
  ASSERT_EQ(tree.roots.size(), 2u);
  EXPECT_EQ(tree.roots[0].value, "INSERT");  // additions rank before updates
  EXPECT_EQ(tree.roots[0].changes, (std::vector<std::size_t>{1, 3}));
  EXPECT_EQ(tree.roots[1].changes, (std::vector<std::size_t>{0, 2, 4}));
  EXPECT_EQ(tree.roots[0].count + tree.roots[1].count, 5u);
  EXPECT_EQ(tree.roots[1].description, "updates: 3 updates");
}

TEST(AggregationTree, RootCauseGroupsSideEffectsUnderTheEditThatStartedThem) {
  Fixture f;
  auto edit =
      f.add("Bucket", OperationType::Update, "AWS::S3::Bucket", Action::None, Risk::Unknown);
  auto replace = f.add("Bucket", OperationType::Replace, "AWS::S3::Bucket", Action::None,
                       Risk::Unknown, f.id(edit));
  auto ref = f.add("Queue", OperationType::Update, "AWS::SQS::Queue", Action::None, Risk::Unknown,
                   f.id(replace));
  auto other =
      f.add("Topic", OperationType::Update, "AWS::SNS::Topic", Action::None, Risk::Unknown);
  auto tree = aggregate(f.diff, f.decisions, {"root-cause", "cause"});
  ASSERT_EQ(tree.roots.size(), 2u);
  EXPECT_EQ(tree.roots[0].value, f.id(edit));
  EXPECT_EQ(tree.roots[0].count, 3u);
  EXPECT_EQ(tree.roots[1].changes, (std::vector<std::size_t>{other}));
  (void)ref;
}

TEST(AggregationTree, OnlyTheIncludedChanges) {
  Fixture f;
  f.add("A", OperationType::Insert, "AWS::S3::Bucket", Action::Approve, Risk::Low);
  auto kept = f.add("B", OperationType::Insert, "AWS::S3::Bucket", Action::None, Risk::Unknown);
  std::vector<bool> include{false, true};
  auto tree = aggregate(f.diff, f.decisions, {"action"}, &include);
  ASSERT_EQ(tree.roots.size(), 1u);
  EXPECT_EQ(tree.roots[0].changes, (std::vector<std::size_t>{kept}));
  std::vector<bool> none{false, false};
  EXPECT_TRUE(aggregate(f.diff, f.decisions, {"action"}, &none).roots.empty());
}

TEST(AggregationTree, UnknownLevelIsAUsageErrorNamingTheKnownOnes) {
  Fixture f;
  f.add("A", OperationType::Insert, "AWS::S3::Bucket", Action::Approve, Risk::Low);
  try {
    aggregate(f.diff, f.decisions, {"colour"});
    FAIL() << "expected a usage error";
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().kind, ErrorKind::Usage);
    EXPECT_NE(error.diagnostic().message.find("resource-type"), std::string::npos);
  }
}

TEST(AggregationModules, EveryModuleIsNamedOnceAndGroupsEveryKindOfChange) {
  Fixture f;
  f.add("A", OperationType::Insert, "AWS::S3::Bucket", Action::Approve, Risk::Low);
  f.add("P", OperationType::Update, "", Action::None, Risk::Unknown, "", "App");
  f.add("B", OperationType::Remove, "AWS::S3::Bucket", Action::Reject, Risk::High, f.id(0));
  std::set<std::string> names;
  for (const auto& module : aggregationModules()) {
    EXPECT_TRUE(names.insert(std::string(module.name)).second) << module.name;
    EXPECT_FALSE(module.summary.empty()) << module.name;
    EXPECT_EQ(findAggregationModule(module.name), &module);
    auto tree = aggregate(f.diff, f.decisions, {std::string(module.name)});
    std::size_t total = 0;
    for (const auto& root : tree.roots) {
      total += root.count;
      EXPECT_FALSE(root.value.empty()) << module.name;
      EXPECT_FALSE(root.description.empty()) << module.name;
    }
    EXPECT_EQ(total, 3u) << module.name;
  }
  EXPECT_EQ(names.size(), 12u);
}

}  // namespace
}  // namespace c2a
