#pragma once
// Following a path's segments through a JSON tree: a key (digits index arrays), `*` (one level,
// any key or index), `**` (zero or more levels). Shared by operand resolution and `appliesTo`.
#include <charconv>
#include <optional>
#include <span>
#include <string>

#include "model/json.h"
#include "rules/ast.h"

namespace c2a::rules {

inline std::optional<std::size_t> arrayIndex(const std::string& key) {
  std::size_t index = 0;
  const char* end = key.data() + key.size();
  auto [last, error] = std::from_chars(key.data(), end, index);
  if (key.empty() || error != std::errc{} || last != end) return std::nullopt;
  return index;
}

/// Calls `visit(const Json&)` for every value `segments` reach from `node`, in document order;
/// `visit` returns false to stop. Returns false when stopped. With two `**`, a value may be
/// reached more than once.
template <typename Visit>
bool walkPath(const Json& node, std::span<const PathSegment> segments, Visit&& visit) {
  if (segments.empty()) return visit(node);
  const auto& segment = segments.front();
  auto rest = segments.subspan(1);
  switch (segment.kind) {
    case PathSegment::Kind::Key:
      if (node.is_object()) {
        if (auto it = node.find(segment.key); it != node.end()) return walkPath(*it, rest, visit);
      } else if (node.is_array()) {
        if (auto index = arrayIndex(segment.key); index && *index < node.size()) {
          return walkPath(node[*index], rest, visit);
        }
      }
      return true;
    case PathSegment::Kind::AnyOne:
      if (node.is_structured()) {
        for (const auto& child : node) {
          if (!walkPath(child, rest, visit)) return false;
        }
      }
      return true;
    case PathSegment::Kind::AnyDepth:
      if (!walkPath(node, rest, visit)) return false;
      if (node.is_structured()) {
        for (const auto& child : node) {
          if (!walkPath(child, segments, visit)) return false;
        }
      }
      return true;
  }
  return true;
}

/// Whether `segments` reach at least one value from `node`.
inline bool reachesAny(const Json& node, std::span<const PathSegment> segments) {
  return !walkPath(node, segments, [](const Json&) { return false; });
}

}  // namespace c2a::rules
