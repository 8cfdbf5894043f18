#pragma once
// The report model as the contract's JSON (docs/report.md, docs/report.schema.json).
#include "engine/report/report.h"
#include "model/json.h"

namespace c2a {

/// {schemaVersion, tool, verdict, fingerprint, summary, stacks, changes, aggregations, warnings}.
Json reportToJson(const Report& report);

/// {file, line, column} (line and column only where known).
Json locationToJson(const SourceLocation& location);

/// An aggregation node and its subtree; change ids at the leaves.
Json aggregationToJson(const Report& report, const AggregationNode& node);

}  // namespace c2a
