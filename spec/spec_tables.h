#pragma once
// The in-memory form of a resource specification, private to spec/. Every source (the built-in
// table, db.json, CloudFormationResourceSpecification.json) is read into it, and the update-type
// walk runs over it.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_set>
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
/// Names are views: into the built-in table's text (static storage), or into the NameStore of
/// the Tables that hold the table. Copying names is what made parsing the built-in table slow.
class PropertyTable {
 public:
  /// Adds or overwrites a property; `name` must outlive the table. Call sort() before find().
  void add(std::string_view name, SpecProperty property);
  /// Sorts by name, a later definition of a name overriding an earlier one; a table that is
  /// already sorted (the generated one) costs one pass.
  void sort();
  [[nodiscard]] const SpecProperty* find(std::string_view name) const;
  [[nodiscard]] const std::vector<std::pair<std::string_view, SpecProperty>>& entries() const {
    return entries_;
  }

 private:
  std::vector<std::pair<std::string_view, SpecProperty>> entries_;
};

/// Owns the property names of tables read from a file that does not outlive them (db.json, the
/// official specification): each distinct name stored once, at an address that never moves.
class NameStore {
 public:
  NameStore() = default;
  // A copy's tables would still view the names of the store copied from.
  NameStore(const NameStore&) = delete;
  NameStore& operator=(const NameStore&) = delete;
  NameStore(NameStore&&) noexcept = default;
  NameStore& operator=(NameStore&&) noexcept = default;

  std::string_view intern(std::string_view name) { return *names_.emplace(name).first; }

 private:
  std::unordered_set<std::string> names_;  // node-based: moving the set keeps the addresses
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
  NameStore names;  // the property names that are not in static storage
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
