// --fail-on: which verdicts fail the process, against approved, review and rejected change sets.
#include <gtest/gtest.h>

#include "model/verdict.h"

namespace c2a {
namespace {

Decision decided(Action action, Risk risk) {
  Decision d;
  d.action = action;
  d.risk = risk;
  return d;
}

int exitFor(const Decisions& decisions, FailOn failOn) {
  return gate(decisions, summarize(decisions), failOn).exitStatus;
}

TEST(Gate, EveryFailOnValueAgainstApprovedReviewAndRejected) {
  const Decisions approved{decided(Action::Approve, Risk::High),
                           decided(Action::Approve, Risk::Low)};
  const Decisions reviewLow{decided(Action::Approve, Risk::High), decided(Action::None, Risk::Low)};
  const Decisions reviewUnknown{decided(Action::None, Risk::Unknown)};
  const Decisions reviewHigh{decided(Action::None, Risk::High), decided(Action::None, Risk::Low)};
  const Decisions rejected{decided(Action::Reject, Risk::Low), decided(Action::None, Risk::High)};
  const Decisions none{};

  struct Row {
    FailOn failOn;
    int approved, reviewLow, reviewUnknown, reviewHigh, rejected;
  };
  const Row rows[] = {
      {FailOn::Review, 0, 1, 1, 1, 2}, {FailOn::Unknown, 0, 0, 1, 1, 2},
      {FailOn::High, 0, 0, 0, 1, 2},   {FailOn::Rejected, 0, 0, 0, 0, 2},
      {FailOn::Never, 0, 0, 0, 0, 0},
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(std::string(toString(row.failOn)));
    EXPECT_EQ(exitFor(none, row.failOn), 0);
    EXPECT_EQ(exitFor(approved, row.failOn), row.approved);
    EXPECT_EQ(exitFor(reviewLow, row.failOn), row.reviewLow);
    EXPECT_EQ(exitFor(reviewUnknown, row.failOn), row.reviewUnknown);
    EXPECT_EQ(exitFor(reviewHigh, row.failOn), row.reviewHigh);
    EXPECT_EQ(exitFor(rejected, row.failOn), row.rejected);
  }
}

TEST(Gate, TheDefaultIsTheVerdictsOwnStatus) {
  for (const auto& decisions : {Decisions{}, Decisions{decided(Action::None, Risk::Low)},
                                Decisions{decided(Action::Reject, Risk::High)},
                                Decisions{decided(Action::Approve, Risk::High)}}) {
    auto summary = summarize(decisions);
    int expected = summary.verdict == Verdict::Approved ? 0
                   : summary.verdict == Verdict::Review ? 1
                                                        : 2;
    EXPECT_EQ(gate(decisions, summary, FailOn::Review).exitStatus, expected);
  }
}

TEST(Gate, NamesTheChangesThatFailIt) {
  Decisions decisions{decided(Action::None, Risk::Low), decided(Action::None, Risk::High),
                      decided(Action::Approve, Risk::High), decided(Action::Reject, Risk::Low)};
  auto high = gate(decisions, summarize(decisions), FailOn::High);
  EXPECT_TRUE(high.fails);
  EXPECT_EQ(high.changes, (std::vector<std::size_t>{1, 3}));
  auto never = gate(decisions, summarize(decisions), FailOn::Never);
  EXPECT_FALSE(never.fails);
  EXPECT_TRUE(never.changes.empty());
}

TEST(Gate, DecidingChangesAreTheRejectedOnesElseThoseWaiting) {
  Decisions decisions{decided(Action::None, Risk::Low), decided(Action::Reject, Risk::Low),
                      decided(Action::Approve, Risk::Low)};
  EXPECT_EQ(decidingChanges(decisions, Verdict::Rejected), (std::vector<std::size_t>{1}));
  EXPECT_EQ(decidingChanges(decisions, Verdict::Review), (std::vector<std::size_t>{0}));
  EXPECT_TRUE(decidingChanges(decisions, Verdict::Approved).empty());
}

TEST(Gate, FailOnNamesRoundTrip) {
  for (const char* name : {"rejected", "high", "unknown", "review", "never"}) {
    auto failOn = failOnFromString(name);
    ASSERT_TRUE(failOn) << name;
    EXPECT_EQ(toString(*failOn), name);
  }
  EXPECT_FALSE(failOnFromString("HIGH"));
  EXPECT_FALSE(failOnFromString("all"));
}

}  // namespace
}  // namespace c2a
