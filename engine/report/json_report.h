#pragma once
#include "engine/model/json.h"
#include "engine/pipeline/analyze.h"

namespace c2a {

/// The report of CONTRACT.md: schemaVersion, verdict, fingerprint, summary, changes, aggregations.
Json reportToJson(const Analysis& analysis);

}  // namespace c2a
