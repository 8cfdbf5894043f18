#pragma once
// Following a path's segments through a JSON tree: a key (digits index arrays), `*` (one level,
// any key or index), `**` (zero or more levels). Shared by operand resolution and `appliesTo`.
#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/json.h"
#include "model/path.h"  // arrayIndex
#include "rules/ast.h"

namespace c2a::rules {

/// The values `segments` reach from `node`, each once, in document order. One set of reached
/// values per segment: O(values x segments) whatever the path, where following every route of
/// several `**` would take a route per way of splitting a value's depth among them (five `**`
/// over a 1 KB template: minutes).
std::vector<const Json*> reachedOnce(const Json& node, std::span<const PathSegment> segments);

namespace detail {

// Follows every route; with at most one `**` there is one route to each value.
template <typename Visit>
bool walkRoutes(const Json& node, std::span<const PathSegment> segments, Visit& visit) {
  if (segments.empty()) return visit(node);
  const auto& segment = segments.front();
  auto rest = segments.subspan(1);
  switch (segment.kind) {
    case PathSegment::Kind::Key:
      if (node.is_object()) {
        if (auto it = node.find(segment.key); it != node.end()) return walkRoutes(*it, rest, visit);
      } else if (node.is_array()) {
        if (auto index = arrayIndex(segment.key); index && *index < node.size()) {
          return walkRoutes(node[*index], rest, visit);
        }
      }
      return true;
    case PathSegment::Kind::AnyOne:
      if (node.is_structured()) {
        for (const auto& child : node) {
          if (!walkRoutes(child, rest, visit)) return false;
        }
      }
      return true;
    case PathSegment::Kind::AnyDepth:
      if (!walkRoutes(node, rest, visit)) return false;
      if (node.is_structured()) {
        for (const auto& child : node) {
          if (!walkRoutes(child, segments, visit)) return false;
        }
      }
      return true;
  }
  return true;
}

}  // namespace detail

/// Calls `visit(const Json&)` for every value `segments` reach from `node`, each once; `visit`
/// returns false to stop. Returns false when stopped. The order is fixed by the document: with
/// one `**`, a value's own match before those below it; with more, document order.
template <typename Visit>
bool walkPath(const Json& node, std::span<const PathSegment> segments, Visit&& visit) {
  auto deep = std::count_if(segments.begin(), segments.end(), [](const PathSegment& segment) {
    return segment.kind == PathSegment::Kind::AnyDepth;
  });
  if (deep <= 1) return detail::walkRoutes(node, segments, visit);
  for (const Json* reached : reachedOnce(node, segments)) {
    if (!visit(*reached)) return false;
  }
  return true;
}

/// Whether `segments` reach at least one value from `node`.
inline bool reachesAny(const Json& node, std::span<const PathSegment> segments) {
  return !walkPath(node, segments, [](const Json&) { return false; });
}

}  // namespace c2a::rules
