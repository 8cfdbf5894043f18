#pragma once
// Plain-text sentences about one change for the reports CI services show in a browser or a log
// (SARIF, JUnit). Template text in them has passed terminalSafe (control characters and
// bidirectional overrides shown escaped, not applied); the caller still escapes for its medium.
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "engine/report/report.h"

namespace c2a::formats {

/// "AWS::S3::Bucket ArchiveBucket will be replaced." / "AWS::S3::Bucket ArchiveBucket:
/// Properties.BucketName changed (Immutable)." / "stack Api: Parameter Stage is added."
std::string changeSentence(const Operation& op);

/// "old: X", "new: Y" for a property change (as much as it has); empty for component operations.
/// A value longer than `maxValue` bytes is cut (at a character boundary) and says so: the JSON
/// report has it whole.
std::vector<std::string> valueLines(const Operation& op,
                                    std::size_t maxValue = std::numeric_limits<std::size_t>::max());

/// "Because Properties.BucketName is immutable <- ArchiveBucket Properties.BucketName changed.",
/// or "" for a change without a cause.
std::string becauseLine(const Report& report, std::size_t index);

/// "Rejected, high risk: RULE; RULE." / "Needs review, unknown risk: no rule decides it." /
/// "Approved, low risk: RULE." / with an acceptance: "Approved, high risk: approved by alice
/// (approvals.json, ...): COMMENT. Rules: RULE." / for a change that will fail (`failure`, from
/// failureReason): "Rejected, high risk: deployment fails (CODE). Rules: RULE." whatever the rules
/// decided.
std::string decisionLine(const Decision& decision, const Acceptance* acceptance = nullptr,
                         const std::string& failure = "");

/// decisionLine of change `index`, with its acceptance and its foreseen failures.
std::string decisionLine(const Report& report, std::size_t index);

/// "WILL FAIL (CODE): MESSAGE", one per failure foreseen for change `index` (terminal-safe).
std::vector<std::string> failureLines(const Report& report, std::size_t index);

/// The sentence, the values (the body of an addition or removal), the cause, the decision and the
/// foreseen failures, one per line.
std::string changeDetails(const Report& report, std::size_t index,
                          std::size_t maxValue = std::numeric_limits<std::size_t>::max());

}  // namespace c2a::formats
