#pragma once
// The in-memory form of a resource specification, private to spec/. Every source (the built-in
// table, db.json, CloudFormationResourceSpecification.json) is read into it, and the update-type
// walk runs over it.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/update_type.h"
#include "spec/resource_spec.h"

namespace c2a {

using ShapeId = std::uint32_t;
using NestedTypeId = std::uint32_t;

/// How a property's value is laid out, as far as the walk down a path cares: a leaf (primitive or
/// free-form JSON), a nested property type, a list or map of something, or one of several shapes.
struct Shape {
  enum class Kind : std::uint8_t { Leaf, Ref, Array, Map, Union };
  Kind kind = Kind::Leaf;
  std::uint32_t target = 0;      // Ref: a NestedTypeId; Array, Map: the element's ShapeId
  std::vector<ShapeId> members;  // Union

  friend bool operator==(const Shape&, const Shape&) = default;
};

struct SpecProperty {
  UpdateType updateType = UpdateType::Mutable;
  ShapeId shape = 0;
};

/// The properties of one resource type or nested property type, sorted by name once complete.
class PropertyTable {
 public:
  /// Adds or overwrites a property; call sort() before the first find().
  void add(std::string name, SpecProperty property);
  void sort();
  [[nodiscard]] const SpecProperty* find(std::string_view name) const;
  [[nodiscard]] const std::vector<std::pair<std::string, SpecProperty>>& entries() const {
    return entries_;
  }

 private:
  std::vector<std::pair<std::string, SpecProperty>> entries_;
};

struct SpecResource {
  bool stateful = false;
  /// Properties that name the physical resource (`BucketName`, `TableName`): a value given there
  /// is a custom name, which CloudFormation cannot keep across a replacement. Sorted.
  std::vector<std::string> physicalNames;
  PropertyTable properties;
};

struct ResourceSpec::Tables {
  static constexpr ShapeId kLeaf = 0;

  std::string origin;
  // Ordered so that the generated table and every dump are deterministic.
  std::map<std::string, SpecResource, std::less<>> resources;
  std::vector<PropertyTable> nestedTypes;
  std::vector<Shape> shapes{Shape{}};  // shapes[kLeaf] is the leaf

  /// Stores a shape and returns its id; every leaf is kLeaf.
  ShapeId addShape(Shape shape);
  [[nodiscard]] const SpecResource* findResource(std::string_view type) const;
};

using SpecTables = ResourceSpec::Tables;

/// Immutable > Conditional > Mutable; Unknown is not ranked (callers never pass it).
UpdateType moreSevere(UpdateType a, UpdateType b);

}  // namespace c2a
