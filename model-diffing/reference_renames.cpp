#include "model-diffing/reference_renames.h"

#include "model/intrinsics.h"

namespace c2a::diffing {
namespace {

const std::string* renamed(const RenameMap& renames, const std::string& name) {
  auto it = renames.find(name);
  return it == renames.end() ? nullptr : &it->second;
}

Json rename(const Json& value, const RenameMap& renames, bool topLevel);

// The renames as the intrinsic table's rename behaviours ask for them.
class RenamesOfMap : public LogicalIdRenames {
 public:
  explicit RenamesOfMap(const RenameMap& renames) : renames_(renames) {}
  [[nodiscard]] const std::string* renamed(const std::string& id) const override {
    return c2a::diffing::renamed(renames_, id);
  }
  [[nodiscard]] Json inside(const Json& value) const override {
    return rename(value, renames_, false);
  }

 private:
  const RenameMap& renames_;
};

Json rename(const Json& value, const RenameMap& renames, bool topLevel) {
  if (value.is_array()) {
    Json out = Json::array();
    for (const auto& element : value) out.push_back(rename(element, renames, false));
    return out;
  }
  if (!value.is_object()) return value;
  if (isIntrinsic(value)) {
    if (auto out = renamedCall(value, RenamesOfMap(renames))) return std::move(*out);
  }
  Json out = Json::object();
  for (const auto& [key, member] : value.items()) {
    if (topLevel && key == "DependsOn") {
      Json names = member;
      if (names.is_string()) {
        if (const auto* to = renamed(renames, names.get<std::string>())) names = *to;
      } else if (names.is_array()) {
        for (auto& name : names) {
          if (!name.is_string()) continue;
          if (const auto* to = renamed(renames, name.get<std::string>())) name = *to;
        }
      }
      out[key] = std::move(names);
      continue;
    }
    out[key] = rename(member, renames, false);
  }
  return out;
}

}  // namespace

Json applyRenames(const Json& value, const RenameMap& renames) {
  if (renames.empty()) return value;
  return rename(value, renames, true);
}

}  // namespace c2a::diffing
