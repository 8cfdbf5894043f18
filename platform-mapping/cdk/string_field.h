#pragma once
// Reading the manifests and templates of a cloud assembly: a string member, or nothing.
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

/// The string `object[key]`, or null when `object` is no object or the member no string.
inline const std::string* stringAt(const Json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get_ptr<const std::string*>() : nullptr;
}

}  // namespace c2a
