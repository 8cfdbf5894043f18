#pragma once
// What a binding slot holds during evaluation: nothing yet, a component of the diff world, or an
// operation. Kept to a few words so the search can copy and reset slots freely.
#include <cstddef>
#include <cstdint>

namespace c2a::rules {

/// Index of a component of the diff world (DiffWorld::component), not of either model.
using WorldComponentId = std::size_t;

struct Bound {
  enum class Kind : std::uint8_t { None, Component, Change };
  Kind kind = Kind::None;
  // A WorldComponentId for Component, an index into ModelDiff::operations for Change.
  std::size_t index = 0;
  // For a Change bound by a `level: "enclosing"` query: how many levels above the changed value
  // the change is read (0: the change itself; 1: its parent...). At level N, `path`, `old` and
  // `new` are the enclosing value's path and its values in the component's BEFORE / AFTER body,
  // and `appliesTo` holds when its pattern matches that path exactly.
  std::size_t level = 0;
  // For a Change bound by a `level: "tree"` query: 0, or k to read the change at the k-th value
  // inside its intrinsic function (insideLevels(change)[k - 1], inside_levels.h): `path`, `old`
  // and `new` are that value's path and its old and new values, and `appliesTo` holds when its
  // pattern matches that path exactly. Never set together with `level`.
  std::size_t inside = 0;
};

}  // namespace c2a::rules
