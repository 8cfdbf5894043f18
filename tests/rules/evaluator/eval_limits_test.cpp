#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

// 200 changes; three unrelated change bindings make 8 million combinations.
class EvalLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int i = 0; i < 200; ++i) {
      auto sides =
          fixture.both(resource(std::string("Q").append(std::to_string(i)), "AWS::SQS::Queue"));
      fixture.update(sides, "Properties.X", Json(1), Json(2));
    }
  }

  static Rule explosive() {
    auto r = rule("cartesian", {changes("a"), changes("b"), changes("c")},
                  {compare(path("c.new"), "==", lit(3))}, effect("a", Risk::High));
    r.where = SourceLocation{"big.rules", 7, 1};
    return r;
  }

  DiffFixture fixture;
};

TEST_F(EvalLimits, StoppedRuleIsReportedAndOthersStillRun) {
  auto set =
      ruleSet({explosive(), rule("fine", {changes("change")}, {}, effect("change", Risk::Low))});
  EvaluationOptions options;
  options.maxAssignmentsPerRule = 10'000;
  auto warnings = fixture.decide(set, options);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].where.file, "big.rules");
  EXPECT_EQ(warnings[0].where.line, 7);
  EXPECT_NE(warnings[0].message.find("cartesian"), std::string::npos);
  EXPECT_NE(warnings[0].message.find("10000"), std::string::npos);
  // What the rule did not try could have rejected a change: nothing may be approved.
  EXPECT_TRUE(warnings[0].notAnalysed);
  for (const auto& decision : fixture.decisions) EXPECT_EQ(decision.risk, Risk::Low);
}

TEST_F(EvalLimits, ChildrenCountTowardsTheirTopLevelRule) {
  auto parent = rule("parent", {changes("a")}, {}, std::nullopt,
                     {rule("child", {changes("b"), changes("c")},
                           {compare(path("b.type"), "==", path("c.type")),
                            compare(path("a.type"), "==", path("b.type"))},
                           effect("a", Risk::High))});
  auto set = ruleSet({parent});
  EvaluationOptions options;
  options.maxAssignmentsPerRule = 50'000;
  auto warnings = fixture.decide(set, options);
  EXPECT_EQ(warnings.size(), 1u);
}

TEST_F(EvalLimits, WithinTheLimitNoWarning) {
  auto set = ruleSet({rule(
      "pairs", {changes("a"), where(changes("b"), {compare(path("a"), "appliesTo", path("b"))})},
      {}, effect("a", Risk::High))});
  auto warnings = fixture.decide(set);
  EXPECT_TRUE(warnings.empty());
  for (const auto& decision : fixture.decisions) EXPECT_EQ(decision.risk, Risk::High);
}

}  // namespace
}  // namespace c2a::rules::testing
