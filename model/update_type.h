#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "model/path.h"

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

/// The update type of the value at `path` (from the component root) of a resource of `type`.
/// The pipeline backs it with the resource specification; stages take it as a parameter so they
/// need not know where update types come from.
using UpdateTypeLookup = std::function<UpdateType(std::string_view resourceType, const Path& path)>;

/// The resource type CloudFormation deploys under a logical id whose template says `resourceType`:
/// the type itself, or for a type a transform expands (SAM's `AWS::Serverless::Api`), the type the
/// transform makes under the same logical id (`AWS::ApiGateway::RestApi`). Two types that deploy
/// as the same one are the same resource. Empty: every type deploys as itself.
using DeployedTypeLookup = std::function<std::string(std::string_view resourceType)>;

}  // namespace c2a
