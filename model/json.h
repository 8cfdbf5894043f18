#pragma once
// Property values are JSON trees that keep the key order of the template they came from.
#include <nlohmann/json.hpp>

namespace c2a {
using Json = nlohmann::ordered_json;
}  // namespace c2a
