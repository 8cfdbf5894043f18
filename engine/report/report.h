#pragma once
// The report model: everything a report shows, built once by analyze() and read by every
// renderer (engine/report/formats/). Renderers read only this.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aggregations/aggregation_tree.h"
#include "engine/report/security_view.h"
#include "model/cause_chain.h"
#include "model/cloudformation_change_set.h"
#include "model/decision.h"
#include "model/diff.h"
#include "model/error.h"
#include "model/failure.h"
#include "model/infra_model.h"
#include "model/plan.h"
#include "model/source_location.h"
#include "model/verdict.h"

namespace c2a {

/// An input the report was made from, so a stored report says what it came from.
struct ReportSource {
  std::string role;    // "before", "after", "rules"
  std::string path;    // as given on the command line
  std::string sha256;  // of the file; of an assembly directory's top-level files
};

struct ReportMetadata {
  std::string tool = "c2a";
  std::string version;
  std::vector<ReportSource> sources;
  std::vector<std::string> presets;  // bundled rule packs in use
};

/// Where a change is written on each side it has: the component's entry for component
/// operations, the property's value for property operations.
struct ChangeLocation {
  std::optional<SourceLocation> before;
  std::optional<SourceLocation> after;
  /// The line of the CDK app's own code that made the AFTER side's construct (its creation
  /// stack), relative to the source root: where a pull request's diff can show it. Unset for a
  /// removal, and for a file outside the source root.
  std::optional<SourceLocation> source;
};

/// Where an approval of a change that no rule approved comes from.
enum class AcceptanceSource {
  Approval,  // an approvals file (`c2a approve`, `--approvals`): a person, bound to the change set
  Inline,    // the AFTER template's `Metadata.c2a.accept` on the resource
  Baseline,  // a baseline file (`--baseline`): change ids accepted earlier
};

/// "approval", "inline", "baseline": the JSON report's words.
inline std::string_view toString(AcceptanceSource source) {
  switch (source) {
    case AcceptanceSource::Approval: return "approval";
    case AcceptanceSource::Inline: return "inline";
    case AcceptanceSource::Baseline: return "baseline";
  }
  return "approval";
}

/// Why a change the rules left to a human (or rejected, for inline acceptances that may override
/// rejections) counts as approved. Its risk stays what the rules said.
struct Acceptance {
  AcceptanceSource source = AcceptanceSource::Approval;
  std::string reason;  // the approval's comment, the inline entry's reason; "" for the baseline
  std::string by;      // approvals: who approved
  std::string at;      // approvals: when (ISO 8601, UTC)
  std::string file;    // the approvals or baseline file, or the AFTER template
  std::optional<SourceLocation> where;  // inline: the `accept` entry
  Action ruleAction = Action::None;     // what the rules decided: none, or reject (overridden)
};

/// A change an approvals file or the baseline names but that is not approved by it.
struct Refusal {
  std::string changeId;
  std::string reason;
};

/// One `--approvals` file and what it did to this change set.
struct ApprovalRecord {
  std::string file;
  std::string by;
  std::string at;
  std::string expires;  // RFC 3339, "" when it does not expire
  std::string comment;
  std::string fingerprint;  // of the change set it was written from (for information)
  std::string signature;    // "verified", "unsigned" or "not checked" (signed, no key given)
  bool applied = false;     // it approves at least one change here (same id, same values)
  std::string whyNot;       // when not applied
  std::vector<std::string> approved;  // change ids it approves here (rules may already have)
  std::vector<std::string> unknown;   // ids this change set does not have
  std::vector<Refusal> changed;       // ids whose values are not those approved
  std::vector<Refusal> refused;       // ids it may not approve (rejected by the rules)
};

/// The `--baseline` file and what it did.
struct BaselineRecord {
  std::string file;
  std::string signature;              // "verified", "unsigned" or "not checked" (signed, no key)
  std::size_t listed = 0;             // ids in the file
  std::vector<std::string> accepted;  // ids it accepts here (not approved otherwise already)
  std::vector<Refusal> changed;       // listed changes whose values are not those recorded
  std::vector<Refusal> refused;       // rejected changes it may not accept
  std::size_t unused = 0;             // listed ids this change set does not have
};

/// One stack's share of the changes; a lone template is one stack named "".
struct StackSummary {
  std::string name;
  VerdictSummary summary;
  std::vector<std::size_t> changes;  // operation indexes, report order
};

struct Report {
  ReportMetadata metadata;
  InfraModel before;
  InfraModel after;
  ModelDiff diff;  // points into before/after: a Report does not move
  /// One per operation of `diff`, same order. Without rules every change is risk unknown,
  /// action none: it needs review.
  Decisions decisions;
  bool rulesApplied = false;              // rules ran (even if none matched)
  std::vector<ChangeLocation> locations;  // one per operation
  /// One per operation: the replacement a property change causes and is decided with
  /// (engine/pipeline/replacement_causes.h); unset for every other change.
  std::vector<std::optional<std::size_t>> decidedWith;
  AggregationTree aggregations;
  VerdictSummary summary;
  std::vector<StackSummary> stacks;  // in name order; every stack with a change
  Diagnostics warnings;
  std::unique_ptr<CauseIndex> causes;  // over diff.operations: cause chains in linear time
  /// One per operation: set when an approvals file, an inline acceptance or the baseline
  /// approved a change the rules did not (its decision's action is then approve).
  std::vector<std::optional<Acceptance>> acceptances;
  std::vector<ApprovalRecord> approvals;  // one per --approvals file, in command-line order
  std::optional<BaselineRecord> baseline;
  /// The changes that decided the verdict (rejected ones, else those waiting for a human).
  std::vector<std::size_t> decidedBy;
  Gate gate;                 // --fail-on: whether the process fails, and on which changes
  bool failOnGiven = false;  // --fail-on was given (reports mention the gate only then)
  /// Deployments CloudFormation will refuse (deployment-prediction/failures.h), by change; each
  /// failing change is rejected.
  Failures failures;
  /// The change set given with --change-set against c2a's prediction; none without one.
  std::optional<ChangeSetComparison> changeSet;
  /// The order CloudFormation will act in (deployment-prediction/plan.h, docs/plan.md).
  Plan plan;
  /// What the changes grant, open and take away: IAM, managed-policy and security-group rows.
  std::vector<SecurityTable> security;

  [[nodiscard]] const std::vector<Operation>& changes() const { return diff.operations; }
};

}  // namespace c2a
