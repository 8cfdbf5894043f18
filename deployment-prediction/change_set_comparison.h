#pragma once
// A change set against c2a's prediction: for each resource either one changes, the answer to
// "created, deleted, modified, replaced?" from both, the one reported, and where they contradict
// each other. CloudFormation computed the change set with what c2a may not know (the stack's
// actual parameter values, its physical resources), so its Replacement is the answer used.
#include <string>

#include "model/cloudformation_change_set.h"
#include "model/diff.h"

namespace c2a {

/// Compares the resource operations of `stack` ("" for a lone template) with `changeSet`: adds
/// the change set as a part of `comparison` and an answer per resource either of them changes
/// (actions, replacement, what happens to the old physical resource, property values). Sets the
/// certainty of each REPLACE the change set answers for: definite where it says `True`, possible
/// where it says `Conditional` or, against c2a, `False`.
void compareChangeSet(ModelDiff& diff, const ChangeSet& changeSet, const std::string& stack,
                      ChangeSetComparison& comparison);

}  // namespace c2a
