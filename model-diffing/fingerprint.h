#pragma once
// What an approval binds to: each change's digest, and the change set's fingerprint over them.
#include <string>

#include "model/diff.h"
#include "model/operation.h"
#include "model/template_evaluation.h"

namespace c2a::diffing {

/// Fills `diff.digests` and `diff.fingerprint`. A change's digest is "sha256:<hex>" over the change
/// as the templates define it (its JSON without rule effects: the identity, the old and new values
/// and their evaluated values), for a component operation the bodies it acts on (the new body of
/// an INSERT, the old one of a REMOVE, both of a REPLACE or RENAME) and those bodies evaluated with
/// `deployments` where that changes them, and where it deploys: its stack's name, account and
/// region where the inputs give them. An approval of the change holds only while this stays the
/// same (docs/approvals.md): one given for the dev parameters or account is not one for prod.
/// The fingerprint is "sha256:<hex>" over the ids and digests in report order. The digests are
/// made on up to `threads` threads (--jobs), the same on any number.
void fingerprintDiff(ModelDiff& diff, const Deployments& deployments, unsigned threads = 1);

/// The fingerprint again, over the digests kept, after operations were dropped with theirs.
void refingerprint(ModelDiff& diff);

}  // namespace c2a::diffing
