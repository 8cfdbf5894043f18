#pragma once
// Which stack of the inputs each change set is for, and the comparison of all of them with the
// diff: a root change set pairs with the stack it names (or the only one), a nested stack's change
// set with the nested stack whose resource in its parent's change set carries its ChangeSetId.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/cloudformation_change_set.h"
#include "model/diff.h"

namespace c2a {

/// Compares `changeSets` (read and merged: readChangeSets) with `diff`, among the stacks `keep`
/// selects (all when absent). A change set that pairs with no stack, or two with one, is bad input.
ChangeSetComparison compareChangeSets(ModelDiff& diff, const std::vector<ChangeSet>& changeSets,
                                      const std::optional<std::set<std::string>>& keep);

}  // namespace c2a
