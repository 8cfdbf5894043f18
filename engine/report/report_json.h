#pragma once
// The report model as the contract's JSON (docs/report.md, docs/report.schema.json).
#include "engine/report/report.h"
#include "model/json.h"

namespace c2a {

/// {schemaVersion, tool, verdict, fingerprint, summary, stacks, changes, aggregations, plan,
/// failures, approvals, accepted, baseline, warnings}.
Json reportToJson(const Report& report);

/// {file, line, column} (line and column only where known).
Json locationToJson(const SourceLocation& location);
/// Change ids of `changes` (indexes), in their order.
Json idsToJson(const Report& report, const std::vector<std::size_t>& changes);
/// A change's `acceptance`: source, by, at, reason, file, location, ruleAction.
Json acceptanceToJson(const Acceptance& acceptance);
/// The report's `approvals`, `accepted`, `baseline` and `gate` sections.
Json approvalsToJson(const Report& report);
Json acceptedToJson(const Report& report);
Json baselineToJson(const Report& report);
Json gateToJson(const Report& report);
/// The `failures` section: `{code, message, changeId, location}` per foreseen failure.
Json failuresToJson(const Report& report);

/// An aggregation node and its subtree; change ids at the leaves.
Json aggregationToJson(const Report& report, const AggregationNode& node);

}  // namespace c2a
