#pragma once
// What an operand evaluates to: a JSON value (with where it came from, when it came from a
// component), a bound component, a bound change, or a path pattern on a component.
#include <cstddef>
#include <optional>
#include <vector>

#include "model/infra_model.h"
#include "model/json.h"
#include "rules/ast.h"

namespace c2a::rules {

/// A component of the diff world: the same entity on either side (both set when it exists on both;
/// a renamed one has different names on the two sides).
struct ComponentRef {
  std::optional<ComponentIndex> before;
  std::optional<ComponentIndex> after;
  bool operator==(const ComponentRef&) const = default;
};

struct Value {
  enum class Kind { Json, Component, Change, Pattern };
  Kind kind = Kind::Json;
  const Json* json = nullptr;        // Json: points into a model, an operation or `owned`
  std::shared_ptr<Json> owned;       // Json values computed on the fly (`change.type`)
  ComponentRef component;            // Component, Pattern
  std::size_t change = 0;            // Change: index into ModelDiff::operations
  std::size_t level = 0;             // Change: levels above the changed value (bound.h)
  std::size_t inside = 0;            // Change: the level inside its intrinsic function (bound.h)
  std::vector<PathSegment> pattern;  // Pattern: below `component`

  [[nodiscard]] const Json& asJson() const { return owned ? *owned : *json; }
};

}  // namespace c2a::rules
