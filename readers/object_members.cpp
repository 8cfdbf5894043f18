#include "readers/object_members.h"

namespace c2a {

std::size_t ObjectMembers::find(const Json::object_t::Container& members, const std::string& key) {
  if (index_.empty() && members.size() <= kLinearSearchLimit) {
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (members[i].first == key) return i;
    }
    return members.size();
  }
  if (index_.empty()) {
    for (std::size_t i = 0; i < members.size(); ++i) index_.try_emplace(members[i].first, i);
  }
  auto found = index_.find(key);
  return found == index_.end() ? members.size() : found->second;
}

Json& ObjectMembers::set(Json& object, std::string key, Json value) {
  auto& members = membersOf(object);
  std::size_t position = find(members, key);
  if (position < members.size()) {
    members[position].second = std::move(value);
    return members[position].second;
  }
  if (!index_.empty()) index_.emplace(key, members.size());
  // The key is known to be new: appended without a lookup, with room made without copies.
  return object.get_ref<Json::object_t&>().append(std::move(key), std::move(value));
}

bool ObjectMembers::contains(const Json& object, const std::string& key) {
  const auto& members = object.get_ref<const Json::object_t&>();
  return find(members, key) < members.size();
}

}  // namespace c2a
