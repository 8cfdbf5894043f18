#pragma once
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "model/decision.h"

namespace c2a {

/// What a pipeline does with a diff: deploy on, wait for a human, or stop.
enum class Verdict { Approved, Review, Rejected };

std::string_view toString(Verdict verdict);

struct VerdictSummary {
  Verdict verdict = Verdict::Approved;
  std::size_t changes = 0;
  std::size_t approved = 0;
  std::size_t rejected = 0;
  std::size_t review = 0;
  /// Parts of the input c2a could not analyse (Diagnostic::notAnalysed): they make an approved
  /// verdict review.
  std::size_t notAnalysed = 0;
  /// Resources where a change set given (--change-set) contradicts c2a: one of the two is wrong,
  /// so they make an approved verdict review too.
  std::size_t disagreements = 0;
};

/// Rejected if any change is rejected; approved if every change is approved (or there is none);
/// review otherwise: a change no rule covers needs a human, nothing is approved by accident.
VerdictSummary summarize(const Decisions& decisions);

/// The changes that decided the verdict, by index: the rejected ones for `rejected`, the ones
/// waiting for a human for `review`, none for `approved`.
std::vector<std::size_t> decidingChanges(const Decisions& decisions, Verdict verdict);

/// Which verdicts fail the process (`--fail-on`). Review is the contract's default: exit 0
/// approved, 1 review, 2 rejected. The others pass (exit 0) what they do not fail on:
///   rejected: only a rejection fails;
///   high:     a rejection, or a change waiting for a human at high risk;
///   unknown:  a rejection, or a change waiting for a human at unknown or high risk;
///   review:   a rejection, or any change waiting for a human;
///   never:    nothing (the report still says the verdict).
enum class FailOn { Rejected, High, Unknown, Review, Never };

std::string_view toString(FailOn failOn);
std::optional<FailOn> failOnFromString(std::string_view text);

struct Gate {
  FailOn failOn = FailOn::Review;
  bool fails = false;
  int exitStatus = 0;                // 0 when it passes; else the verdict's: 1 review, 2 rejected
  std::vector<std::size_t> changes;  // the changes that fail it, by index, in report order
  std::size_t notAnalysed = 0;       // parts of the input not analysed that fail it
  std::size_t disagreements = 0;     // disagreements with a change set that fail it
};

/// Whether one change fails the gate: a rejection always does (but with `never`); a change
/// waiting for a human as the FailOn above says; an approved change never does.
bool failsGate(const Decision& decision, FailOn failOn);

/// Unseen input (summary.notAnalysed) fails the gate as a change at unknown risk waiting for
/// review does: with review, unknown and high.
Gate gate(const Decisions& decisions, const VerdictSummary& summary, FailOn failOn);

}  // namespace c2a
