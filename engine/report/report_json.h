#pragma once
// The report model as the contract's JSON (docs/report.md, docs/report.schema.json).
#include <string>

#include "engine/report/report.h"
#include "model/json.h"

namespace c2a {

/// {schemaVersion, tool, verdict, fingerprint, summary, stacks, changes, aggregations, plan,
/// failures, approvals, accepted, baseline, warnings} as the JSON format prints it (two-space
/// indents, ASCII, a final newline), written as it goes: the changes and the aggregation trees,
/// most of a report, are never built as a tree first.
std::string reportJsonText(const Report& report);
/// The same, parsed back (for tests that read a report's fields).
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

}  // namespace c2a
