#pragma once
#include <optional>
#include <string_view>

namespace c2a {

/// What CloudFormation does when a property changes (the resource specification's UpdateType).
enum class UpdateType {
  Mutable,      // updated in place
  Immutable,    // the resource is replaced
  Conditional,  // the resource may be replaced
  Unknown,      // the type or property is not in the specification (custom resources, modules)
};

std::string_view toString(UpdateType type);
std::optional<UpdateType> updateTypeFromString(std::string_view text);

}  // namespace c2a
