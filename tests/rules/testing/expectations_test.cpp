// A rule test case's expectations checked against an outcome (rules/testing/expectations.h),
// without the pipeline: the verdict, each change's risk, action and deciding rule, the messages
// when they are not met, and the located error when an expectation is malformed.
#include "rules/testing/expectations.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/error.h"
#include "readers/source_document.h"

namespace c2a::rules::testing {
namespace {

using Failures = std::vector<std::string>;

// The expectations of the first case of a test file written as `text`.
struct Expectations {
  explicit Expectations(const std::string& text)
      : document(readYaml(text, "team.tests.yaml", ReadLimits{})) {}

  [[nodiscard]] Failures check(const CaseOutcome& outcome) const {
    return checkExpectations(document.root["cases"][0]["expect"], "/cases/0/expect",
                             *document.locations, outcome);
  }

  // The located message of the error checking throws, or "no error".
  [[nodiscard]] std::string error(const CaseOutcome& outcome) const {
    try {
      (void)check(outcome);  // only whether it throws
    } catch (const C2aError& thrown) {
      return thrown.diagnostic().str();
    }
    return "no error";
  }

  SourceDocument document;
};

Decision decided(Risk risk, Action action, std::vector<std::string> rules = {},
                 std::vector<std::string> ids = {}) {
  return Decision{risk, action, std::move(rules), std::move(ids)};
}

// A bucket replaced and rejected by one rule, a queue created and approved by none.
CaseOutcome bucketAndQueue() {
  CaseOutcome outcome;
  outcome.verdict = Verdict::Rejected;
  outcome.changes.push_back({"Resource:Bucket:REPLACE",
                             decided(Risk::High, Action::Reject, {"Buckets must not be replaced"},
                                     {"buckets-must-not-be-replaced"})});
  outcome.changes.push_back({"Resource:Jobs:INSERT", decided(Risk::Low, Action::Approve)});
  return outcome;
}

constexpr const char* kMet = R"(rules: rules.c2a
cases:
  - name: the bucket
    before: before.yaml
    after: after.yaml
    expect:
      verdict: rejected
      changes:
        Resource:Bucket:REPLACE: { risk: high, action: reject, rule: Buckets must not be replaced }
        Resource:Jobs:INSERT: { risk: low, action: approve }
)";

TEST(RuleTestExpectations, MetGiveNoFailure) {
  EXPECT_EQ(Expectations(kMet).check(bucketAndQueue()), Failures{});
}

TEST(RuleTestExpectations, ARuleIsNamedByItsDescriptionOrItsId) {
  Expectations byId(R"(cases:
  - expect:
      changes:
        Resource:Bucket:REPLACE: { rule: buckets-must-not-be-replaced }
)");
  EXPECT_EQ(byId.check(bucketAndQueue()), Failures{});
}

TEST(RuleTestExpectations, EachUnmetExpectationIsOneFailureInTheOrderWritten) {
  auto outcome = bucketAndQueue();
  outcome.verdict = Verdict::Review;
  outcome.changes[0].decision.action = Action::None;
  outcome.changes[1].decision.risk = Risk::Unknown;
  EXPECT_EQ(Expectations(kMet).check(outcome),
            (Failures{"verdict: expected rejected, got review",
                      "Resource:Bucket:REPLACE: expected action reject, got none (decided by: "
                      "Buckets must not be replaced [buckets-must-not-be-replaced])",
                      "Resource:Jobs:INSERT: expected risk low, got unknown (no rule matched)"}));
}

TEST(RuleTestExpectations, ARuleThatDidNotApplyNamesTheRulesThatDecided) {
  Expectations other(R"(cases:
  - expect:
      changes:
        Resource:Bucket:REPLACE: { rule: Buckets may be replaced }
        Resource:Jobs:INSERT: { rule: Queues are routine }
)");
  EXPECT_EQ(other.check(bucketAndQueue()),
            (Failures{"Resource:Bucket:REPLACE: expected rule \"Buckets may be replaced\" to apply "
                      "(decided by: Buckets must not be replaced [buckets-must-not-be-replaced])",
                      "Resource:Jobs:INSERT: expected rule \"Queues are routine\" to apply (no "
                      "rule matched)"}));
}

TEST(RuleTestExpectations, AValueThatIsNotAStringIsShownAsWritten) {
  Expectations number(R"(cases:
  - expect:
      changes:
        Resource:Jobs:INSERT: { risk: 3 }
)");
  EXPECT_EQ(number.check(bucketAndQueue()),
            Failures{"Resource:Jobs:INSERT: expected risk 3, got low (no rule matched)"});
}

TEST(RuleTestExpectations, AMissingChangeListsTheChangesThereAre) {
  Expectations missing(R"(cases:
  - expect:
      changes:
        Resource:Topic:INSERT: { action: approve }
)");
  EXPECT_EQ(missing.check(bucketAndQueue()),
            Failures{"no change `Resource:Topic:INSERT` in the diff; its changes are:\n"
                     "  Resource:Bucket:REPLACE\n  Resource:Jobs:INSERT"});
  EXPECT_EQ(missing.check(CaseOutcome{}),
            Failures{"no change `Resource:Topic:INSERT` in the diff; its changes are: (none)"});
}

TEST(RuleTestExpectations, MalformedExpectationsAreLocatedErrors) {
  auto outcome = bucketAndQueue();
  EXPECT_EQ(Expectations("cases:\n  - expect:\n      verdict: [rejected]\n").error(outcome),
            "team.tests.yaml:3:7: verdict is a string");
  EXPECT_EQ(Expectations("cases:\n  - expect:\n      verdcit: rejected\n").error(outcome),
            "team.tests.yaml:3:7: unknown key `verdcit` in expect (expected verdict, changes)");
  EXPECT_EQ(
      Expectations("cases:\n  - expect:\n      changes: [Resource:Jobs:INSERT]\n").error(outcome),
      "team.tests.yaml:3:7: `changes` maps change ids to expectations");
  EXPECT_EQ(Expectations("cases:\n  - expect:\n      changes:\n        Resource:Jobs:INSERT: low\n")
                .error(outcome),
            "team.tests.yaml:4:9: expect risk, action and/or rule");
  EXPECT_EQ(Expectations("cases:\n  - expect:\n      changes:\n        Resource:Jobs:INSERT:\n"
                         "          riks: low\n")
                .error(outcome),
            "team.tests.yaml:5:11: unknown key `riks` (expected risk, action, rule)");
  EXPECT_EQ(Expectations("cases:\n  - expect:\n      changes:\n        Resource:Jobs:INSERT:\n"
                         "          rule: [Queues are routine]\n")
                .error(outcome),
            "team.tests.yaml:5:11: `rule` is a rule description or id");
}

TEST(RuleTestExpectations, AnErrorAfterAFailureStillMakesTheCaseAnError) {
  Expectations both(R"(cases:
  - expect:
      verdict: approved
      colour: green
)");
  EXPECT_EQ(both.error(bucketAndQueue()),
            "team.tests.yaml:4:7: unknown key `colour` in expect (expected verdict, changes)");
}

}  // namespace
}  // namespace c2a::rules::testing
