#pragma once
// The report model: everything a report shows, built once by analyze() and read by every
// renderer (engine/report/formats/). Renderers read only this.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aggregations/aggregation_tree.h"
#include "model/cause_chain.h"
#include "model/decision.h"
#include "model/diff.h"
#include "model/error.h"
#include "model/infra_model.h"
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
  AggregationTree aggregations;
  VerdictSummary summary;
  std::vector<StackSummary> stacks;  // in name order; every stack with a change
  Diagnostics warnings;
  std::unique_ptr<CauseIndex> causes;  // over diff.operations: cause chains in linear time
  // Later sections (plan, failures, approvals) join here; renderers read them from here too.

  [[nodiscard]] const std::vector<Operation>& changes() const { return diff.operations; }
};

}  // namespace c2a
