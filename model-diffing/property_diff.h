#pragma once
// The recursive diff of two matched components' bodies: one PropertyChange per change, at the
// deepest path where the change is whole (a changed leaf, an inserted array element).
#include <vector>

#include "model/json.h"
#include "model/operation.h"

namespace c2a::diffing {

/// Diffs two component bodies (normalised intrinsics, references already mapped through renames).
/// Intrinsic functions are compared as whole values, so paths never run into `Fn::...` keys.
/// `DependsOn` is a set: reordering it is no change. updateType is left Mutable; the caller asks
/// the spec. Paths are relative to the component root (`Properties.Tags.1.Value`).
std::vector<PropertyChange> diffProperties(const Json& before, const Json& after);

/// Array elements pair when at least this similar; below, it is a removal plus an insertion.
inline constexpr double kElementMatchThreshold = 0.5;

}  // namespace c2a::diffing
