// The top-level rules spread over threads (--jobs) decide what one thread decides: the same
// risks, actions and rules on every change, the same warnings, the same candidates counted, also
// when the shared candidate budget runs out part way and rules are stopped or never run.
#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

struct Outcome {
  Decisions decisions;
  std::vector<std::string> warnings;
  std::size_t candidates = 0;
};

class EvalThreads : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int i = 0; i < 200; ++i) {
      auto sides = fixture.both(resource("Q" + std::to_string(i), "AWS::SQS::Queue"));
      fixture.update(sides, "Properties.X", Json(i), Json(i + 1));
    }
  }

  // Three unrelated change bindings: 8 million combinations, a runaway rule.
  static Rule explosive(int n) {
    auto r = rule("cartesian " + std::to_string(n), {changes("a"), changes("b"), changes("c")},
                  {compare(path("c.new"), "==", lit(-1))}, effect("a", Risk::High));
    r.where = SourceLocation{"big.rules", n, 1};
    return r;
  }

  // Runaway rules between rules that each decide some changes, low, high or rejected.
  static RuleSet mixed() {
    std::vector<Rule> rules;
    for (int i = 0; i < 12; ++i) {
      const auto risk = i % 3 == 0 ? Risk::High : Risk::Low;
      auto decided = effect("change", risk);
      if (i % 4 == 1) decided.action = Action::Approve;
      if (i == 7) decided.action = Action::Reject;
      rules.push_back(
          rule("r" + std::to_string(i), {changes("change")},
               {compare(path("change.new"), ">", lit(i * 15))}, decided,
               {rule("child " + std::to_string(i), {}, {}, effect("change", Risk::Low))}));
      if (i % 4 == 2) rules.push_back(explosive(i));
    }
    return ruleSet(std::move(rules));
  }

  Outcome run(const RuleSet& set, std::size_t budget, unsigned jobs) {
    EvaluationOptions options;
    options.maxCandidates = budget;
    options.jobs = jobs;
    auto outcome = applyRules(set, fixture.diff, options);
    Outcome out{std::move(outcome.decisions), {}, outcome.candidates};
    for (const auto& warning : outcome.warnings) {
      out.warnings.push_back(warning.where.str() + " " + warning.message +
                             (warning.notAnalysed ? " (not analysed)" : ""));
    }
    return out;
  }

  DiffFixture fixture;
};

TEST_F(EvalThreads, AnyNumberOfThreadsDecidesAsOne) {
  auto set = mixed();
  // Budgets that stop no rule, stop the first runaway one at its half, stop one part way, and
  // leave later rules unrun.
  for (std::size_t budget : {std::size_t{100'000'000}, std::size_t{30'000}, std::size_t{20'000},
                             std::size_t{12'345}, std::size_t{2'500}}) {
    const auto one = run(set, budget, 1);
    ASSERT_EQ(one.decisions.size(), fixture.diff.operations.size());
    for (unsigned jobs : {2U, 3U, 8U}) {
      SCOPED_TRACE("budget " + std::to_string(budget) + ", " + std::to_string(jobs) + " threads");
      const auto many = run(set, budget, jobs);
      EXPECT_EQ(many.warnings, one.warnings);
      EXPECT_EQ(many.candidates, one.candidates);
      ASSERT_EQ(many.decisions.size(), one.decisions.size());
      for (std::size_t i = 0; i < one.decisions.size(); ++i) {
        EXPECT_EQ(many.decisions[i].risk, one.decisions[i].risk) << i;
        EXPECT_EQ(many.decisions[i].action, one.decisions[i].action) << i;
        EXPECT_EQ(many.decisions[i].rules, one.decisions[i].rules) << i;
        EXPECT_EQ(many.decisions[i].ruleIds, one.decisions[i].ruleIds) << i;
      }
    }
  }
}

// The budgets above do what they say: the outcome is not trivially the same everywhere.
TEST_F(EvalThreads, TheBudgetsStopRules) {
  auto set = mixed();
  const auto ample = run(set, 100'000'000, 4);
  EXPECT_TRUE(ample.warnings.empty());
  EXPECT_GT(ample.candidates, 100'000U);
  // The first runaway rule stops at its half, the second where the budget ends, later ones
  // never run.
  const auto tight = run(set, 20'000, 4);
  ASSERT_EQ(tight.warnings.size(), 2U);
  EXPECT_NE(tight.warnings[0].find("'cartesian 2' was stopped after trying 10000"),
            std::string::npos)
      << tight.warnings[0];
  EXPECT_NE(tight.warnings[1].find("'cartesian 2' 10000, 'cartesian 6' 8600"), std::string::npos)
      << tight.warnings[1];
  EXPECT_EQ(tight.candidates, 20'000U);
}

}  // namespace
}  // namespace c2a::rules::testing
