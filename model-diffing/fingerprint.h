#pragma once
// What an approval binds to: each change's digest, and the change set's fingerprint over them.
#include <string>

#include "model/diff.h"
#include "model/operation.h"

namespace c2a::diffing {

/// "sha256:<hex>" over one change as the templates define it (its JSON without rule effects: the
/// identity, the old and new values and their evaluated values) and, for a component operation,
/// the bodies it acts on: the new body of an INSERT, the old one of a REMOVE, both of a REPLACE or
/// RENAME. An approval of the change holds only while this stays the same (docs/approvals.md).
std::string changeDigest(const Operation& operation, const InfraModel* before,
                         const InfraModel* after);

/// Fills `diff.digests` (one per operation) and `diff.fingerprint`: "sha256:<hex>" over the ids
/// and digests in report order. It depends only on the set of changes and their values.
void fingerprintDiff(ModelDiff& diff);

}  // namespace c2a::diffing
