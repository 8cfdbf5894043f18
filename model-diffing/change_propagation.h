#pragma once
// Change propagation (seed 002, seed 004): a replaced or renamed resource gets a new physical id,
// so every property that refers to it (Ref, GetAtt, Sub; across exports and nested stacks) is
// updated, and replaced in turn when that property is immutable, until nothing changes. Changed
// parameter defaults, mapping values and conditions reach the properties that use them the same
// way.
#include <string>

#include "model-diffing/deployed_values.h"
#include "model-diffing/operation_table.h"
#include "model/operation.h"
#include "model/update_type.h"

namespace c2a::diffing {

/// `evaluators` settle what a changed parameter, mapping entry or condition does to the values
/// that read it (deployed_values.h).
void propagateChanges(OperationTable& changes, const UpdateTypeLookup& updateTypes,
                      Evaluators& evaluators);

/// Sets `propagated` on every operation: true when the root of its cause chain is a change of
/// another component. A REPLACE caused by its own referencing property, itself caused by another
/// component's replacement, is a side effect of that replacement, and says so.
void markPropagated(std::vector<Operation>& operations);

/// "Properties.BucketName is immutable" and the like: why a property change replaces.
std::string replacementReason(const PropertyChange& change);

}  // namespace c2a::diffing
