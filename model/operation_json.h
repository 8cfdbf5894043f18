#pragma once
// An operation as the report contract's JSON (CONTRACT.md, "changes" entries).
#include <string>

#include "model/json.h"
#include "model/json_writer.h"
#include "model/operation.h"

namespace c2a {

/// The change as the templates define it (no decision, no location): the form the fingerprint
/// hashes; the report adds what the rules decided and where the change is written. Writes the
/// members into the object `out` has open.
void writeOperationMembers(JsonWriter& out, const Operation& operation);

/// `{...members}` as canonical text (JsonStyle::Canonical): what a fingerprint hashes.
std::string operationCanonicalText(const Operation& operation);

/// The same as a tree, the text written and read back (invalid UTF-8 already
/// replaced); for tests and the fuzz checks, which read its fields.
Json operationToJson(const Operation& operation);

}  // namespace c2a
