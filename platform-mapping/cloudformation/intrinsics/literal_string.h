#pragma once
// Evaluating a value to a string when that needs no deployment: export and import names.
#include <optional>
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

/// The string `value` evaluates to, if it can be known from the template alone: a literal, a
/// `Ref AWS::StackName` (when `stackName` is not empty), an Fn::Sub whose placeholders are
/// `${AWS::StackName}` or variables that are themselves known, an Fn::Join of known parts.
/// nullopt for anything else (a parameter, another pseudo parameter, a resource attribute).
std::optional<std::string> literalString(const Json& value, std::string_view stackName);

}  // namespace c2a
