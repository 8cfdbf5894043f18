#include "spec/spec_table_compaction.h"

#include <algorithm>
#include <deque>
#include <optional>

namespace c2a {
namespace {

class Compaction {
 public:
  explicit Compaction(const SpecTables& source)
      : source_(source), newIds_(source.nestedTypes.size()) {
    findTypesThatMatter();
  }

  SpecTables run() {
    out_.origin = source_.origin;
    for (const auto& [type, resource] : source_.resources) {
      SpecResource& copy = out_.resources[type];
      copy.stateful = resource.stateful;
      copy.physicalNames = resource.physicalNames;
      copy.properties = copyTable(resource.properties, true);
    }
    // Nested types get new ids in the order they are first referenced; copying one may reference
    // more.
    while (!pending_.empty()) {
      NestedTypeId old = pending_.front();
      pending_.pop_front();
      out_.nestedTypes[*newIds_[old]] = copyTable(source_.nestedTypes[old], false);
    }
    return std::move(out_);
  }

 private:
  // A nested type matters when some path through it meets an Immutable or Conditional property.
  // Types may refer to themselves, so this is the least fixpoint, found by iterating.
  void findTypesThatMatter() {
    matters_.assign(source_.nestedTypes.size(), false);
    bool changed = true;
    while (changed) {
      changed = false;
      for (std::size_t id = 0; id < source_.nestedTypes.size(); ++id) {
        if (matters_[id]) continue;
        for (const auto& [name, property] : source_.nestedTypes[id].entries()) {
          if (property.updateType != UpdateType::Mutable || shapeMatters(property.shape)) {
            matters_[id] = true;
            changed = true;
            break;
          }
        }
      }
    }
  }

  [[nodiscard]] bool shapeMatters(ShapeId id) const {
    const Shape& shape = source_.shapes[id];
    switch (shape.kind) {
      case Shape::Kind::Leaf: return false;
      case Shape::Kind::Ref: return matters_[shape.target];
      case Shape::Kind::Array:
      case Shape::Kind::Map: return shapeMatters(shape.target);
      case Shape::Kind::Union:
        return std::any_of(shape.members.begin(), shape.members.end(),
                           [this](ShapeId member) { return shapeMatters(member); });
    }
    return false;
  }

  PropertyTable copyTable(const PropertyTable& table, bool keepMutableLeaves) {
    PropertyTable copy;
    for (const auto& [name, property] : table.entries()) {
      if (property.updateType != UpdateType::Mutable) {
        // The walk stops at the first Immutable or Conditional property: its inside is irrelevant.
        copy.add(out_.names.intern(name), {property.updateType, SpecTables::kLeaf});
        continue;
      }
      ShapeId shape = copyShape(property.shape);
      if (shape != SpecTables::kLeaf || keepMutableLeaves)
        copy.add(out_.names.intern(name), {property.updateType, shape});
    }
    copy.sort();
    return copy;
  }

  ShapeId copyShape(ShapeId id) {
    const Shape& shape = source_.shapes[id];
    switch (shape.kind) {
      case Shape::Kind::Leaf: return SpecTables::kLeaf;
      case Shape::Kind::Ref:
        if (!matters_[shape.target]) return SpecTables::kLeaf;
        return out_.addShape({Shape::Kind::Ref, newId(shape.target), {}});
      case Shape::Kind::Array:
      case Shape::Kind::Map: {
        ShapeId element = copyShape(shape.target);
        if (element == SpecTables::kLeaf) return SpecTables::kLeaf;
        return out_.addShape({shape.kind, element, {}});
      }
      case Shape::Kind::Union: {
        // A leaf member adds nothing to the most severe answer over the members.
        Shape either{Shape::Kind::Union, 0, {}};
        for (ShapeId member : shape.members) {
          ShapeId copy = copyShape(member);
          if (copy != SpecTables::kLeaf) either.members.push_back(copy);
        }
        if (either.members.empty()) return SpecTables::kLeaf;
        if (either.members.size() == 1) return either.members.front();
        return out_.addShape(std::move(either));
      }
    }
    return SpecTables::kLeaf;
  }

  NestedTypeId newId(NestedTypeId old) {
    if (!newIds_[old]) {
      newIds_[old] = static_cast<NestedTypeId>(out_.nestedTypes.size());
      out_.nestedTypes.emplace_back();
      pending_.push_back(old);
    }
    return *newIds_[old];
  }

  const SpecTables& source_;
  std::vector<bool> matters_;
  std::vector<std::optional<NestedTypeId>> newIds_;
  std::deque<NestedTypeId> pending_;
  SpecTables out_;
};

}  // namespace

SpecTables compactSpecTables(const SpecTables& tables) {
  return Compaction(tables).run();
}

}  // namespace c2a
