#include <gtest/gtest.h>

#include "eval_support.h"
#include "model/operation_json.h"
#include "rules/evaluation/effects.h"

namespace c2a::rules::testing {
namespace {

CombinedEffect combine(std::vector<Effect> effects) {
  std::vector<const Effect*> pointers;
  for (const auto& e : effects) pointers.push_back(&e);
  return combineEffects(pointers);
}

TEST(EffectCombination, RiskIsTheHighestSet) {
  EXPECT_EQ(combine({effect("c", Risk::Low), effect("c", Risk::High)}).risk, Risk::High);
  EXPECT_EQ(combine({effect("c", Risk::High), effect("c", Risk::Low)}).risk, Risk::High);
  EXPECT_EQ(combine({effect("c", Risk::Low), effect("c", Risk::Unknown)}).risk, Risk::Unknown);
  EXPECT_EQ(combine({effect("c", Risk::Low)}).risk, Risk::Low);
  EXPECT_EQ(combine({effect("c", std::nullopt, Action::Approve)}).risk, Risk::Unknown);
  EXPECT_EQ(combine({effect("c", std::nullopt, Action::Approve), effect("c", Risk::Low)}).risk,
            Risk::Low);
  EXPECT_EQ(combine({}).risk, Risk::Unknown);
}

TEST(EffectCombination, RejectBeatsApprove) {
  auto combined =
      combine({effect("c", Risk::Low, Action::Approve), effect("c", std::nullopt, Action::Reject)});
  EXPECT_EQ(combined.action, Action::Reject);
  EXPECT_EQ(combined.risk, Risk::Low);
}

TEST(EffectCombination, ApproveNotWhenRiskIsHigh) {
  EXPECT_EQ(combine({effect("c", Risk::Low, Action::Approve), effect("c", Risk::High)}).action,
            Action::None);
  EXPECT_EQ(combine({effect("c", Risk::High, Action::Approve)}).action, Action::None);
  EXPECT_EQ(combine({effect("c", std::nullopt, Action::Approve)}).action, Action::Approve);
  EXPECT_EQ(combine({effect("c", Risk::Unknown, Action::Approve)}).action, Action::Approve);
  EXPECT_EQ(combine({}).action, Action::None);
}

// Two bucket changes; rules about them in every order give the same result.
class EffectRules : public ::testing::Test {
 protected:
  void SetUp() override {
    auto sides = fixture.both(resource("Bucket", "AWS::S3::Bucket"));
    name = fixture.update(sides, "Properties.BucketName", Json("a"), Json("b"));
    tags = fixture.update(sides, "Properties.Tags.0.Key", Json("a"), Json("b"));
  }

  static Rule on(const std::string& description, const std::string& field, const Json& value,
                 std::optional<Risk> risk, std::optional<Action> action) {
    return rule(description, {changes("change")},
                {compare(path("change." + field), "==", lit(value))},
                effect("change", risk, action));
  }

  void run(std::vector<Rule> rules) {
    auto set = ruleSet(std::move(rules));
    fixture.decide(set);
  }

  DiffFixture fixture;
  std::size_t name = 0, tags = 0;
};

TEST_F(EffectRules, OrderIndependent) {
  auto low = on("approve updates", "type", "UPDATE", Risk::Low, Action::Approve);
  auto high = on("names are risky", "path", "Properties.BucketName", Risk::High, std::nullopt);
  for (int order = 0; order < 2; ++order) {
    run(order == 0 ? std::vector<Rule>{low, high} : std::vector<Rule>{high, low});
    EXPECT_EQ(fixture.decision(name).risk, Risk::High);
    EXPECT_EQ(fixture.decision(name).action, Action::None);
    EXPECT_EQ(fixture.decision(name).rules,
              (std::vector<std::string>{"approve updates", "names are risky"}));
    EXPECT_EQ(fixture.decision(tags).risk, Risk::Low);
    EXPECT_EQ(fixture.decision(tags).action, Action::Approve);
    EXPECT_EQ(fixture.decision(tags).rules, (std::vector<std::string>{"approve updates"}));
  }
}

TEST_F(EffectRules, RejectWins) {
  run({on("approve", "type", "UPDATE", Risk::Low, Action::Approve),
       on("reject tags", "path", "Properties.Tags.0.Key", std::nullopt, Action::Reject)});
  EXPECT_EQ(fixture.decision(tags).action, Action::Reject);
  EXPECT_EQ(fixture.decision(name).action, Action::Approve);
}

TEST_F(EffectRules, NoMatchingRuleNeedsReview) {
  run({on("replacements", "type", "REPLACE", Risk::High, Action::Reject)});
  for (auto index : {name, tags}) {
    EXPECT_EQ(fixture.decision(index).risk, Risk::Unknown);
    EXPECT_EQ(fixture.decision(index).action, Action::None);
    EXPECT_TRUE(fixture.decision(index).rules.empty());
  }
}

TEST_F(EffectRules, DecisionsComeBesideTheDiffWhichStaysAsItWas) {
  auto before = operationToJson(fixture.op(name)).dump();
  run({on("reject", "type", "UPDATE", Risk::High, Action::Reject)});
  ASSERT_EQ(fixture.decisions.size(), fixture.diff.operations.size());
  EXPECT_EQ(fixture.decision(name).action, Action::Reject);
  EXPECT_EQ(operationToJson(fixture.op(name)).dump(), before);
  run({});
  EXPECT_EQ(fixture.decision(name).risk, Risk::Unknown);
  EXPECT_EQ(fixture.decision(name).action, Action::None);
  EXPECT_TRUE(fixture.decision(name).rules.empty());
}

TEST_F(EffectRules, RulesListedOnceSortedWithLocationsForUnnamedRules) {
  auto unnamed = on("", "type", "UPDATE", Risk::Low, std::nullopt);
  unnamed.where = SourceLocation{"team.rules", 12, 3};
  // Matches twice (two changes of the component): listed once.
  auto twice =
      rule("b: component rule",
           {components("bucket"),
            where(changes("change"), {compare(path("change"), "appliesTo", path("bucket"))})},
           {}, effect("bucket", Risk::Low));
  run({twice, unnamed, on("a: updates", "type", "UPDATE", Risk::Low, std::nullopt)});
  EXPECT_EQ(fixture.decision(name).rules,
            (std::vector<std::string>{"a: updates", "b: component rule", "rule at team.rules:12"}));
}

}  // namespace
}  // namespace c2a::rules::testing
