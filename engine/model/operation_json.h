#pragma once
// An operation as the report contract's JSON (CONTRACT.md, "changes" entries).
#include "engine/model/json.h"
#include "engine/model/operation.h"

namespace c2a {

/// With `withEffects` false, risk/action/rules are left out: the form the fingerprint hashes.
Json operationToJson(const Operation& operation, bool withEffects = true);

}  // namespace c2a
