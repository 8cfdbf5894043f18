#pragma once
// How a property change stands to a path pattern (`change appliesTo bucket.Properties.Tags.*.Key`).
#include <span>
#include <vector>

#include "model/operation.h"
#include "rules/ast.h"

namespace c2a::rules {

/// Segment by segment, `*` standing for any one segment and `**` for any run (empty too):
struct PatternRelation {
  /// The pattern matches a prefix of the path: the change is inside the area.
  bool inside = false;
  /// Pattern positions where the path ran out first: the change is above the area, which goes on
  /// below it as pattern[j...] (sorted, unique).
  std::vector<std::size_t> above;
};

PatternRelation relate(const Path& path, std::span<const PathSegment> pattern);

/// Whether the pattern matches the whole of `path` (not just a prefix of it).
bool matchesExactly(std::span<const std::string> path, std::span<const PathSegment> pattern);

/// Whether `change` touches the area: it is inside it, or above it and the rest of the pattern
/// reaches something in its old or new value (replacing `Properties.Tags` touches
/// `Properties.Tags.*.Key` when there are tags with keys; a change of `Policies.0.Resource` does
/// not touch `Policies.**.Action`, though `**` could stand for all of that path).
bool touches(const PropertyChange& change, std::span<const PathSegment> pattern);

}  // namespace c2a::rules
