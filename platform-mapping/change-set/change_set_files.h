#pragma once
// The change sets of one deployment, from the files and directories given to --change-set: the
// root stack's and its nested stacks' (made with --include-nested-stacks), each perhaps described
// twice, without and with property values. CloudFormation may leave a resource out of the
// description with values, so descriptions of one change set are merged, as the CDK does.
#include <string>
#include <vector>

#include "model/cloudformation_change_set.h"
#include "readers/read_limits.h"

namespace c2a {

/// Every change set in `paths` (files, or directories whose *.json, *.yaml and *.yml files are
/// read in name order). Descriptions of one change set (the same ChangeSetId, else the same stack
/// and change-set name) are merged into one; two that contradict each other are bad input.
std::vector<ChangeSet> readChangeSets(const std::vector<std::string>& paths,
                                      const ReadLimits& limits);

/// Adds `other`, another description of `into`'s change set, to it.
void mergeDescriptions(ChangeSet& into, ChangeSet other);

}  // namespace c2a
