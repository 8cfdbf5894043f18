#include "rules/evaluation/inside_levels.h"

#include <string>

#include "model/intrinsics.h"

namespace c2a::rules {
namespace {

constexpr int kMaxDepth = 32;

// `{"Fn::GetAtt": "A.B"}` as `{"Fn::GetAtt": ["A", "B"]}` (the differ's normal form).
Json normalForm(const Json& value) {
  const auto& argument = value.begin().value();
  if (value.begin().key() == "Fn::GetAtt" && argument.is_string()) {
    const auto& text = argument.get_ref<const std::string&>();
    if (auto dot = text.find('.'); dot != std::string::npos) {
      return Json{{"Fn::GetAtt", Json::array({text.substr(0, dot), text.substr(dot + 1)})}};
    }
  }
  return value;
}

void descend(const Json& old, const Json& now, Path& path, std::vector<InsideLevel>& out,
             int depth) {
  if (depth > kMaxDepth) return;
  auto visit = [&](std::string key, const Json& a, const Json& b) {
    if (a == b) return;
    path.push_back(std::move(key));
    out.push_back({path, a, b});
    descend(a, b, path, out, depth + 1);
    path.pop_back();
  };
  if (old.is_object() && now.is_object()) {
    for (const auto& [key, value] : old.items()) {
      if (auto it = now.find(key); it != now.end()) visit(key, value, *it);
    }
  } else if (old.is_array() && now.is_array() && old.size() == now.size()) {
    for (std::size_t i = 0; i < old.size(); ++i) visit(std::to_string(i), old[i], now[i]);
  }
}

}  // namespace

std::vector<InsideLevel> insideLevels(const PropertyChange& change) {
  std::vector<InsideLevel> out;
  if (!change.oldValue || !change.newValue) return out;
  if (!isIntrinsic(*change.oldValue) || !isIntrinsic(*change.newValue) ||
      change.oldValue->begin().key() != change.newValue->begin().key()) {
    return out;
  }
  const Json old = normalForm(*change.oldValue);
  const Json now = normalForm(*change.newValue);
  Path path = change.path;
  descend(old, now, path, out, 0);
  return out;
}

}  // namespace c2a::rules
