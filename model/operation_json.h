#pragma once
// An operation as the report contract's JSON (CONTRACT.md, "changes" entries).
#include "model/json.h"
#include "model/operation.h"

namespace c2a {

/// The change as the templates define it (no decision, no location): the form the fingerprint
/// hashes; the report adds what the rules decided and where the change is written.
Json operationToJson(const Operation& operation);

}  // namespace c2a
