#pragma once
// Private to the template readers: adding members to an ordered JSON object while it is read.
#include <cstddef>
#include <string>
#include <unordered_map>

#include "model/json.h"

namespace c2a {

/// Adds members to one ordered_json object in constant time: ordered_json finds keys by linear
/// search, which made reading an object of 50 000 keys take seconds (quadratic in the input).
/// A repeated key keeps its first place and takes the new value, as ordered_json's operator[].
class ObjectMembers {
 public:
  /// Sets `key` in `object` (which only this ObjectMembers changes); returns the stored value.
  Json& set(Json& object, std::string key, Json value);
  [[nodiscard]] bool contains(const Json& object, const std::string& key);

 private:
  static constexpr std::size_t kLinearSearchLimit = 16;  // small objects need no index
  Json::object_t::Container& membersOf(Json& object) { return object.get_ref<Json::object_t&>(); }
  /// Position of `key` in `members`, or members.size().
  std::size_t find(const Json::object_t::Container& members, const std::string& key);

  std::unordered_map<std::string, std::size_t> index_;  // key → position, once the object is large
};

}  // namespace c2a
