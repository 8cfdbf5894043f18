#pragma once
// The deployment plan (model/plan.h) as the JSON report's `plan` section (docs/report.md,
// docs/plan.md, docs/report.schema.json).
#include "engine/report/report.h"
#include "model/json.h"

namespace c2a {

/// One entry per top-level stack: `{stack, update, cleanup, outputs, cycles}`; each phase a list
/// of waves `{steps}`, each step `{component, action, certainty, changes, nested}`.
Json planToJson(const Report& report);

}  // namespace c2a
