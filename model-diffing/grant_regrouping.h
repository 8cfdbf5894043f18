#pragma once
// Identity-policy statements regrouped between policies: a policy split in two, merged into
// another, renamed or moved into a role's inline policies. Each statement a change adds is one
// the same principals were already granted before, and each it removes one they are still
// granted after, written the same way. Such a change grants nothing new and takes nothing away.
#include "model/diff.h"

namespace c2a::diffing {

/// Sets Operation::regrouped on the INSERTs and REMOVEs of identity policies, inline policies
/// and statements whose every statement is held by the same principals on the other side.
/// Linear in the number of statements of both templates, whose two sides are read on up to
/// `threads` threads (--jobs) with the same result on any number.
void markRegroupedGrants(ModelDiff& diff, unsigned threads = 1);

}  // namespace c2a::diffing
