#include "rules/evaluation/inside_levels.h"

#include <string>

#include "model/intrinsics.h"
#include "model/same_value.h"

namespace c2a::rules {
namespace {

constexpr int kMaxDepth = 32;

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
  // In the differ's normal form (`"A.B"` as `["A", "B"]`), so both sides read alike.
  const Json old = normalizeIntrinsics(*change.oldValue);
  const Json now = normalizeIntrinsics(*change.newValue);
  Path path = change.path;
  descend(old, now, path, out, 0);
  return out;
}

}  // namespace c2a::rules
