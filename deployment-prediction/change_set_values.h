#pragma once
// The property values a change set gives (described with --include-property-values) beside the
// values c2a reads from the templates: CloudFormation resolved them with the stack's real
// parameters and, for a drift-aware change set, its resources' actual state, so a value that
// differs says c2a's inputs are not what will be deployed, or the resource drifted.
#include <string>
#include <vector>

#include "model/cloudformation_change_set.h"
#include "model/diff.h"

namespace c2a {

/// One entry per detail of `resource` that has a path, compared where c2a knows both values (a
/// value without functions or dynamic references, evaluated where the diff evaluated it).
/// `changes` are c2a's operations of the resource.
std::vector<ChangeSetValue> compareValues(const ModelDiff& diff, const std::string& stack,
                                          const ChangeSetResource& resource,
                                          const std::vector<std::size_t>& changes);

/// A sentence per value that differs ("the change set says Properties.Timeout of Queue becomes
/// 60, c2a reads 30"), for the resource's disagreement.
std::vector<std::string> valueDisagreements(const std::string& logicalId,
                                            const std::vector<ChangeSetValue>& values);

/// "Properties.Timeout: 30 → 60, ..." for at most `most` values, for a change c2a does not see.
std::string valueSummary(const std::vector<ChangeSetValue>& values, std::size_t most);

}  // namespace c2a
