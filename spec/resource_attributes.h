#pragma once
// CloudFormation's semantics for the resource attributes that sit beside Properties (seed 004).
#include <optional>
#include <string_view>
#include <vector>

#include "model/update_type.h"

namespace c2a {

/// The update type of a change to a top-level resource attribute, or nullopt when `name` is not one
/// (then it is Properties, or something the spec does not know).
std::optional<UpdateType> resourceAttributeUpdateType(std::string_view name);

/// The attribute names, in the order CloudFormation's documentation lists them.
std::vector<std::string_view> resourceAttributeNames();

/// True for attributes whose change alone makes CloudFormation do nothing to the resource
/// (DependsOn, CreationPolicy, UpdatePolicy, DeletionPolicy, UpdateReplacePolicy): they take effect
/// with the next real update or deletion.
bool isPassiveResourceAttribute(std::string_view name);

}  // namespace c2a
