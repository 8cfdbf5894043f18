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
  options.maxCandidates = 20'000;
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
  options.maxCandidates = 100'000;
  auto warnings = fixture.decide(set, options);
  EXPECT_EQ(warnings.size(), 1u);
}

// Ten runaway rules used to take ten times one: the budget is the run's. One rule may use half:
// the first runaway one stops at its own limit, the second where the budget ends; the rest do
// not run, and one warning names who spent it and who lost.
TEST_F(EvalLimits, RulesShareOneBudget) {
  std::vector<Rule> rules;
  rules.push_back(rule("first", {changes("change")}, {}, effect("change", Risk::Low)));
  for (int i = 0; i < 4; ++i) {
    auto r = explosive();
    r.description = "cartesian " + std::to_string(i);
    r.where = SourceLocation{"big.rules", 10 * i + 1, 1};
    rules.push_back(r);
  }
  rules.push_back(rule("last", {changes("change")}, {}, effect("change", Risk::High)));
  EvaluationOptions options;
  options.maxCandidates = 20'000;
  auto set = ruleSet(std::move(rules));
  auto warnings = fixture.decide(set, options);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].message.find("'cartesian 0' was stopped after trying 10000"),
            std::string::npos);
  const auto& spent = warnings[1];
  EXPECT_EQ(spent.where.line, 11);  // the rule running when it ran out
  EXPECT_NE(spent.message.find("shared budget of 20000"), std::string::npos) << spent.message;
  EXPECT_NE(spent.message.find("'cartesian 0' 10000, 'cartesian 1' 9800, 'first' 200"),
            std::string::npos)
      << spent.message;
  EXPECT_NE(spent.message.find("4 rules were stopped or not run: 'cartesian 1', 'cartesian 2', "
                               "'cartesian 3', 'last'"),
            std::string::npos)
      << spent.message;
  EXPECT_NE(spent.message.find("--max-rule-candidates"), std::string::npos);
  for (const auto& warning : warnings) EXPECT_TRUE(warning.notAnalysed);
  // `last` never ran: its high risk is missing, which the not-analysed warnings stand in for.
  for (const auto& decision : fixture.decisions) EXPECT_EQ(decision.risk, Risk::Low);
}

// Each rule's hits are told apart from the others' without looking through them: 2,000 rules
// that all reach every change are all named on each.
TEST_F(EvalLimits, ManyRulesReachingOneChangeAreAllKept) {
  std::vector<Rule> rules;
  for (int i = 0; i < 2000; ++i) {
    rules.push_back(
        rule("r" + std::to_string(i), {changes("change")}, {},
             effect("change", i == 1999 ? Risk::High : Risk::Low),
             {rule("child " + std::to_string(i), {}, {}, effect("change", Risk::Low))}));
  }
  auto set = ruleSet(std::move(rules));
  auto warnings = fixture.decide(set);
  EXPECT_TRUE(warnings.empty());
  for (const auto& decision : fixture.decisions) {
    EXPECT_EQ(decision.risk, Risk::High);
    EXPECT_EQ(decision.rules.size(), 4000u);  // each rule and its child, once per change
  }
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
