// The plan's ordering on hand-built models and diffs: waves, dependencies through resources that
// do not act, circles, stacks. What CloudFormation does is pinned by tests/cases/plan/.
#include "deployment-prediction/plan.h"

#include <gtest/gtest.h>

#include <map>

namespace c2a {
namespace {

/// Two models with the same resources (by default), dependencies added to both sides, and
/// operations written by hand.
class PlanFixture {
 public:
  PlanFixture() {
    before_.addStack("");
    after_.addStack("");
  }

  /// A resource on both sides (or one).
  void resource(const std::string& name, const std::string& stack = "", bool before = true,
                bool after = true, const std::string& type = "AWS::SQS::Queue") {
    Component component;
    component.type = ComponentType::Resource;
    component.subtype = type;
    component.name = name;
    component.stack = stack;
    if (before) this->before(stack)[name] = before_.addComponent(component);
    if (after) this->after(stack)[name] = after_.addComponent(component);
  }

  /// `source` refers to `target` on each side both have.
  void dependsOn(const std::string& source, const std::string& target,
                 const std::string& stack = "") {
    Relationship ref{RelationshipKind::Dependency, ReferenceKind::Ref, {"Properties", "X"}, ""};
    auto link = [&](InfraModel& model, std::map<std::string, ComponentIndex>& ids) {
      if (ids.count(source) != 0 && ids.count(target) != 0) {
        model.addRelationship(ids[source], ids[target], ref);
      }
    };
    link(before_, before(stack));
    link(after_, after(stack));
  }

  void operation(OperationType type, const std::string& name, const std::string& stack = "",
                 Certainty certainty = Certainty::Definite) {
    Operation op;
    op.type = type;
    op.stack = stack;
    op.name = name;
    op.subtype = "AWS::SQS::Queue";
    op.certainty = certainty;
    op.id =
        (stack.empty() ? "" : stack + "/") + "Resource:" + name + ":" + std::string(toString(type));
    if (type != OperationType::Insert) op.before = before(stack).at(name);
    if (type != OperationType::Remove) op.after = after(stack).at(name);
    if (type == OperationType::Update) {
      op.property = PropertyChange{};
      op.property->path = {"Properties", "X"};
    }
    diff_.operations.push_back(op);
  }

  void output(const std::string& name, const std::string& stack = "") {
    Component component;
    component.type = ComponentType::Output;
    component.name = name;
    component.stack = stack;
    Operation op;
    op.type = OperationType::Update;
    op.componentType = ComponentType::Output;
    op.stack = stack;
    op.name = name;
    op.id = "Output:" + name + ":Value:update";
    op.before = before_.addComponent(component);
    op.after = after_.addComponent(component);
    op.property = PropertyChange{};
    op.property->path = {"Value"};
    diff_.operations.push_back(op);
  }

  Plan plan() {
    diff_.before = &before_;
    diff_.after = &after_;
    return planDeployment(diff_);
  }

  InfraModel& afterModel() { return after_; }
  std::map<std::string, ComponentIndex>& after(const std::string& stack) {
    return after_ids_[stack];
  }

 private:
  std::map<std::string, ComponentIndex>& before(const std::string& stack) {
    return before_ids_[stack];
  }

  InfraModel before_;
  InfraModel after_;
  std::map<std::string, std::map<std::string, ComponentIndex>> before_ids_;
  std::map<std::string, std::map<std::string, ComponentIndex>> after_ids_;
  ModelDiff diff_;
};

/// "name:action" per step, waves separated by " | ".
std::string shape(const std::vector<PlanWave>& waves) {
  std::string out;
  for (const auto& wave : waves) {
    if (!out.empty()) out += " | ";
    std::string steps;
    for (const auto& step : wave.steps) {
      steps += (steps.empty() ? "" : " ") + step.name + ":" + std::string(toString(step.action));
    }
    out += steps;
  }
  return out;
}

TEST(Plan, NoChangeNoPlan) {
  PlanFixture f;
  f.resource("A");
  EXPECT_TRUE(f.plan().empty());
}

TEST(Plan, IndependentStepsShareAWaveSortedByLogicalId) {
  PlanFixture f;
  f.resource("B");
  f.resource("A");
  f.resource("C", "", false, true);
  f.operation(OperationType::Update, "B");
  f.operation(OperationType::Update, "A");
  f.operation(OperationType::Insert, "C");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(shape(plan[0].update), "A:update B:update C:create");
  EXPECT_TRUE(plan[0].cleanup.empty());
}

TEST(Plan, UpdatesOfOneResourceAreOneStep) {
  PlanFixture f;
  f.resource("A");
  f.operation(OperationType::Update, "A");
  f.operation(OperationType::Update, "A");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  ASSERT_EQ(plan[0].update.size(), 1u);
  ASSERT_EQ(plan[0].update[0].steps.size(), 1u);
  EXPECT_EQ(plan[0].update[0].steps[0].changes, (std::vector<std::size_t>{0, 1}));
}

TEST(Plan, ChainsMakeWavesAndCleanupRunsInReverse) {
  PlanFixture f;
  for (const char* name : {"C", "B", "A"}) f.resource(name);
  f.dependsOn("B", "A");
  f.dependsOn("C", "B");
  for (const char* name : {"A", "B", "C"}) f.operation(OperationType::Replace, name);
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(shape(plan[0].update), "A:replace | B:replace | C:replace");
  EXPECT_EQ(shape(plan[0].cleanup), "C:delete-old | B:delete-old | A:delete-old");
}

// c2a's conservative choice (docs/plan.md): an unchanged resource between two acting ones still
// orders them, as CloudFormation walks the whole graph.
TEST(Plan, DependenciesThroughResourcesThatDoNotActCount) {
  PlanFixture f;
  for (const char* name : {"A", "B", "C", "D"}) f.resource(name);
  f.dependsOn("A", "B");
  f.dependsOn("B", "C");
  f.dependsOn("C", "D");
  f.operation(OperationType::Update, "A");
  f.operation(OperationType::Update, "D");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(shape(plan[0].update), "D:update | A:update");
}

TEST(Plan, WavesCountTheLongestChain) {
  PlanFixture f;
  for (const char* name : {"A", "B", "C", "D"}) f.resource(name);
  f.dependsOn("D", "A");  // D waits for A directly and for C through B
  f.dependsOn("B", "A");
  f.dependsOn("C", "B");
  f.dependsOn("D", "C");
  for (const char* name : {"A", "B", "C", "D"}) f.operation(OperationType::Update, name);
  EXPECT_EQ(shape(f.plan()[0].update), "A:update | B:update | C:update | D:update");
}

TEST(Plan, CirclesEndInOneWaveAndAreNamed) {
  PlanFixture f;
  for (const char* name : {"A", "B", "C"}) f.resource(name);
  f.dependsOn("A", "B");
  f.dependsOn("B", "A");
  f.dependsOn("C", "A");
  for (const char* name : {"A", "B", "C"}) f.operation(OperationType::Update, name);
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(shape(plan[0].update), "A:update B:update | C:update");
  EXPECT_EQ(plan[0].cycles, (std::vector<std::vector<std::string>>{{"A", "B"}}));
}

TEST(Plan, SelfReferenceIsNoCircle) {
  PlanFixture f;
  f.resource("A");
  f.dependsOn("A", "A");
  f.operation(OperationType::Update, "A");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_TRUE(plan[0].cycles.empty());
  EXPECT_EQ(shape(plan[0].update), "A:update");
}

TEST(Plan, PossibleStepsSayWhatTheyRestOn) {
  PlanFixture f;
  f.resource("A");
  f.resource("B");
  f.operation(OperationType::Replace, "A", "", Certainty::Possible);
  f.operation(OperationType::Update, "A");
  f.operation(OperationType::Update, "B", "", Certainty::Possible);
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  const auto& wave = plan[0].update.at(0).steps;
  ASSERT_EQ(wave.size(), 2u);
  EXPECT_EQ(wave[0].certainty, Certainty::Possible);  // the replacement may be an update
  EXPECT_EQ(wave[1].certainty, Certainty::Possible);
  EXPECT_EQ(plan[0].cleanup.at(0).steps.at(0).certainty, Certainty::Possible);
}

TEST(Plan, OutputsAloneDeployNothing) {
  PlanFixture f;
  f.resource("A");
  f.output("Name");
  EXPECT_TRUE(f.plan().empty());
  f.operation(OperationType::Update, "A");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].outputs, (std::vector<std::size_t>{0}));
}

TEST(Plan, DependenciesAcrossStacksDoNotOrderSteps) {
  PlanFixture f;
  f.resource("A", "One");
  f.resource("B", "Two");
  f.afterModel().addRelationship(
      f.after("Two").at("B"), f.after("One").at("A"),
      {RelationshipKind::Dependency, ReferenceKind::ImportValue, {}, ""});
  f.operation(OperationType::Update, "B", "Two");
  f.operation(OperationType::Update, "A", "One");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 2u);
  // One plan per stack, the stack imported from first.
  EXPECT_EQ(plan[0].stack, "One");
  EXPECT_EQ(plan[1].stack, "Two");
  EXPECT_EQ(shape(plan[1].update), "B:update");
}

TEST(Plan, StacksThatImportNothingGoByName) {
  PlanFixture f;
  f.resource("A", "Zeta");
  f.resource("B", "Alpha");
  f.operation(OperationType::Update, "A", "Zeta");
  f.operation(OperationType::Update, "B", "Alpha");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 2u);
  EXPECT_EQ(plan[0].stack, "Alpha");
  EXPECT_EQ(plan[1].stack, "Zeta");
}

TEST(Plan, NestedStackPlanIsInsideItsResourceStep) {
  PlanFixture f;
  f.resource("Child", "Root", true, true, "AWS::CloudFormation::Stack");
  f.resource("Reader", "Root");
  f.dependsOn("Reader", "Child", "Root");
  f.resource("Queue", "Root/Child");
  f.operation(OperationType::Update, "Queue", "Root/Child");
  f.operation(OperationType::Update, "Reader", "Root");
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].stack, "Root");
  EXPECT_EQ(shape(plan[0].update), "Child:update | Reader:update");
  const auto& step = plan[0].update[0].steps[0];
  EXPECT_TRUE(step.changes.empty());
  EXPECT_EQ(step.certainty, Certainty::Definite);
  ASSERT_EQ(step.nested.size(), 1u);
  EXPECT_EQ(step.nested[0].stack, "Root/Child");
  EXPECT_EQ(shape(step.nested[0].update), "Queue:update");
}

TEST(Plan, LongChainsEnd) {
  PlanFixture f;
  constexpr int kLength = 5000;
  for (int i = 0; i < kLength; ++i) f.resource("R" + std::to_string(i));
  for (int i = 1; i < kLength; ++i)
    f.dependsOn("R" + std::to_string(i), "R" + std::to_string(i - 1));
  f.operation(OperationType::Update, "R0");
  f.operation(OperationType::Update, "R" + std::to_string(kLength - 1));
  auto plan = f.plan();
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].update.size(), 2u);
}

}  // namespace
}  // namespace c2a
