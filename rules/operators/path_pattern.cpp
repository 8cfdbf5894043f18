#include "rules/operators/path_pattern.h"

#include <algorithm>
#include <utility>

#include "rules/evaluation/json_walk.h"

namespace c2a::rules {

// Walks both together over states (segments of the path consumed, of the pattern consumed); each
// state is visited once: O(|path| * |pattern|).
PatternRelation relate(const Path& path, std::span<const PathSegment> pattern) {
  const std::size_t columns = pattern.size() + 1;
  std::vector<bool> seen((path.size() + 1) * columns, false);
  std::vector<std::pair<std::size_t, std::size_t>> pending;
  auto visit = [&](std::size_t i, std::size_t j) {
    if (!seen[i * columns + j]) {
      seen[i * columns + j] = true;
      pending.emplace_back(i, j);
    }
  };
  PatternRelation relation;
  visit(0, 0);
  while (!pending.empty()) {
    auto [i, j] = pending.back();
    pending.pop_back();
    if (j == pattern.size()) {
      relation.inside = true;
      continue;
    }
    if (i == path.size()) {
      relation.above.push_back(j);
      continue;
    }
    const auto& segment = pattern[j];
    switch (segment.kind) {
      case PathSegment::Kind::Key:
        if (path[i] == segment.key) visit(i + 1, j + 1);
        break;
      case PathSegment::Kind::AnyOne: visit(i + 1, j + 1); break;
      case PathSegment::Kind::AnyDepth:
        visit(i, j + 1);
        visit(i + 1, j);
        break;
    }
  }
  std::sort(relation.above.begin(), relation.above.end());
  return relation;
}

// The pattern positions reachable after each key of the path, as a set: O(|path| * |pattern|)
// however many `**` the pattern has (trying every split of the path among them is exponential).
bool matchesExactly(std::span<const std::string> path, std::span<const PathSegment> pattern) {
  const std::size_t end = pattern.size();
  // `**` may match nothing: a position before one reaches the position after it too.
  auto closeOverEmpty = [&](std::vector<char>& at) {
    for (std::size_t j = 0; j < end; ++j) {
      if (at[j] != 0 && pattern[j].kind == PathSegment::Kind::AnyDepth) at[j + 1] = 1;
    }
  };
  std::vector<char> at(end + 1, 0);
  std::vector<char> next(end + 1, 0);
  at[0] = 1;
  closeOverEmpty(at);
  for (const auto& key : path) {
    std::fill(next.begin(), next.end(), 0);
    bool any = false;
    for (std::size_t j = 0; j < end; ++j) {
      if (at[j] == 0) continue;
      const auto& segment = pattern[j];
      const bool step = segment.kind == PathSegment::Kind::AnyOne ||
                        (segment.kind == PathSegment::Kind::Key && segment.key == key);
      if (step) next[j + 1] = 1;
      if (segment.kind == PathSegment::Kind::AnyDepth) next[j] = 1;
      any = any || step || segment.kind == PathSegment::Kind::AnyDepth;
    }
    if (!any) return false;
    closeOverEmpty(next);
    at.swap(next);
  }
  return at[end] != 0;
}

namespace {

bool touchesAt(const Path& path, const PropertyChange& change,
               std::span<const PathSegment> pattern) {
  auto relation = relate(path, pattern);
  if (relation.inside) return true;
  for (auto j : relation.above) {
    auto rest = pattern.subspan(j);
    if ((change.oldValue && reachesAny(*change.oldValue, rest)) ||
        (change.newValue && reachesAny(*change.newValue, rest))) {
      return true;
    }
  }
  return false;
}

}  // namespace

// A MOVE is at both its old and its new place.
bool touches(const PropertyChange& change, std::span<const PathSegment> pattern) {
  return touchesAt(change.path, change, pattern) ||
         (!change.oldPath.empty() && touchesAt(change.oldPath, change, pattern));
}

}  // namespace c2a::rules
