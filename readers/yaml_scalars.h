#pragma once
// Private to the YAML reader: what a YAML scalar means as a JSON value.
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

/// A plain (unquoted, untagged) scalar resolved with the YAML 1.2 core schema: null, booleans
/// (true/True/TRUE, false/...), integers (decimal, 0x hex, 0o octal), floats (1.5, 1e3, .inf,
/// .nan), else a string. YAML 1.1 words such as yes/no/on/off stay strings, as CloudFormation
/// keeps them.
Json resolvePlainScalar(const std::string& text);

/// A scalar with a standard tag (`!!str 123` is the string "123", `!!int "7"` the number 7).
/// `tag` is the full form yaml-cpp gives (`tag:yaml.org,2002:str`). Content the tag cannot
/// express (`!!int abc`) is resolved as if it were plain.
Json resolveStandardTaggedScalar(std::string_view tag, const std::string& text);

/// True for tags in the `tag:yaml.org,2002:` namespace (written `!!str`, `!!int`, ...).
bool isStandardTag(std::string_view tag);

}  // namespace c2a
