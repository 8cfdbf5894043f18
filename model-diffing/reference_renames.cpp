#include "model-diffing/reference_renames.h"

#include <algorithm>

#include "model/intrinsics.h"

namespace c2a::diffing {
namespace {

const std::string* renamed(const RenameMap& renames, const std::string& name) {
  auto it = renames.find(name);
  return it == renames.end() ? nullptr : &it->second;
}

void rename(Json& value, const RenameMap& renames, bool topLevel);

// The renames as the intrinsic table's rename behaviours ask for them.
class RenamesOfMap : public LogicalIdRenames {
 public:
  explicit RenamesOfMap(const RenameMap& renames) : renames_(renames) {}
  [[nodiscard]] const std::string* renamed(const std::string& id) const override {
    return c2a::diffing::renamed(renames_, id);
  }
  [[nodiscard]] Json inside(const Json& value) const override {
    Json out = value;
    rename(out, renames_, false);
    return out;
  }

 private:
  const RenameMap& renames_;
};

void renameName(Json& name, const RenameMap& renames) {
  if (!name.is_string()) return;
  if (const auto* to = renamed(renames, name.get_ref<const std::string&>())) name = *to;
}

void rename(Json& value, const RenameMap& renames, bool topLevel) {
  if (value.is_array()) {
    for (auto& element : value) rename(element, renames, false);
    return;
  }
  if (!value.is_object()) return;
  if (isIntrinsic(value)) {
    if (auto out = renamedCall(value, RenamesOfMap(renames))) {
      value = std::move(*out);
      return;
    }
  }
  for (auto& [key, member] : value.get_ref<Json::object_t&>()) {
    if (topLevel && key == "DependsOn") {
      if (member.is_array()) {
        for (auto& name : member) renameName(name, renames);
      } else {
        renameName(member, renames);
      }
      continue;
    }
    rename(member, renames, false);
  }
}

bool isIdCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

}  // namespace

Json applyRenames(Json value, const RenameMap& renames) {
  if (!renames.empty()) rename(value, renames, true);
  return value;
}

RenamedIds::RenamedIds(const RenameMap& renames) {
  ids_.reserve(renames.size());
  for (const auto& [from, to] : renames) {
    bool plain = !from.empty() && from.size() < lengths_.size() &&
                 std::all_of(from.begin(), from.end(), isIdCharacter);
    if (!plain) alwaysMentioned_ = true;
    if (plain) lengths_.set(from.size());
    ids_.insert(from);
  }
}

bool RenamedIds::mentionedInText(std::string_view text) const {
  std::size_t i = 0;
  while (i < text.size()) {
    if (!isIdCharacter(text[i])) {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < text.size() && isIdCharacter(text[i])) ++i;
    std::size_t length = i - start;
    if (length < lengths_.size() && lengths_.test(length) &&
        ids_.count(text.substr(start, length)) != 0) {
      return true;
    }
  }
  return false;
}

bool RenamedIds::mentionedIn(const Json& value) const {
  if (ids_.empty()) return false;
  if (alwaysMentioned_) return true;
  switch (value.type()) {
    case Json::value_t::string: return mentionedInText(value.get_ref<const std::string&>());
    case Json::value_t::array:
      return std::any_of(value.begin(), value.end(),
                         [&](const Json& element) { return mentionedIn(element); });
    case Json::value_t::object:
      for (const auto& [key, member] : value.get_ref<const Json::object_t&>()) {
        if (mentionedInText(key) || mentionedIn(member)) return true;
      }
      return false;
    default: return false;
  }
}

}  // namespace c2a::diffing
