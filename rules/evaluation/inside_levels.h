#pragma once
// The levels inside an intrinsic function that C2A's diff has and c2a's does not. c2a compares an
// intrinsic function whole (`{"Ref": "Jobs"}` → `{"Ref": "WorkQueue"}` is one UPDATE of the
// property holding it, docs/diff.md); C2A's diff is a tree that goes on into the function: an
// UPDATE of `...Ref` from `Jobs` to `WorkQueue`, of `...Fn::GetAtt.0`, and of each container in
// between. C2A rule files bind those levels (`change appliesTo p.Ref` with `change.old ==
// rename.old.name`), so a `level: "tree"` query binds them too (bound.h).
#include <vector>

#include "model/json.h"
#include "model/operation.h"
#include "model/path.h"

namespace c2a::rules {

struct InsideLevel {
  Path path;  // from the component root: the change's path and the way in
  Json old;   // the values there, inside the change's old and new values
  Json now;
};

/// For a change whose old and new values are the same single-key intrinsic function (`Ref`,
/// `Fn::*`, `Condition`) with different arguments: the values inside it that differ, outermost
/// first (the function's argument, then into objects by the keys both sides have and into arrays
/// of equal length by index, wherever the two sides differ). Empty for any other change.
/// `Fn::GetAtt` is read in its list form (`"Jobs.Arn"` as `["Jobs", "Arn"]`), as the differ
/// compares it.
std::vector<InsideLevel> insideLevels(const PropertyChange& change);

}  // namespace c2a::rules
