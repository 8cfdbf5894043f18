#pragma once
// What a binding slot holds during evaluation: nothing yet, a component of the diff world, or an
// operation. Kept to two words so the search can copy and reset slots freely.
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
};

}  // namespace c2a::rules
