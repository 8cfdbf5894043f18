#include "spec/spec_tables.h"

#include <algorithm>

namespace c2a {

void PropertyTable::add(std::string_view name, SpecProperty property) {
  entries_.emplace_back(name, property);
}

void PropertyTable::sort() {
  auto strictlyIncreasing = [](const auto& a, const auto& b) { return a.first >= b.first; };
  if (std::adjacent_find(entries_.begin(), entries_.end(), strictlyIncreasing) == entries_.end()) {
    return;  // sorted, no name twice
  }
  // stable, then keep the last of equal names: a later definition overrides an earlier one.
  std::stable_sort(entries_.begin(), entries_.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  auto last = std::unique(entries_.rbegin(), entries_.rend(),
                          [](const auto& a, const auto& b) { return a.first == b.first; });
  entries_.erase(entries_.begin(), last.base());
}

const SpecProperty* PropertyTable::find(std::string_view name) const {
  auto it =
      std::lower_bound(entries_.begin(), entries_.end(), name,
                       [](const auto& entry, std::string_view key) { return entry.first < key; });
  if (it == entries_.end() || it->first != name) return nullptr;
  return &it->second;
}

ShapeId SpecTables::addShape(Shape shape) {
  if (shape.kind == Shape::Kind::Leaf) return kLeaf;
  shapes.push_back(std::move(shape));
  return static_cast<ShapeId>(shapes.size() - 1);
}

const SpecResource* SpecTables::findResource(std::string_view type) const {
  auto it = resources.find(type);
  return it == resources.end() ? nullptr : &it->second;
}

UpdateType moreSevere(UpdateType a, UpdateType b) {
  auto rank = [](UpdateType type) {
    switch (type) {
      case UpdateType::Immutable: return 2;
      case UpdateType::Conditional: return 1;
      default: return 0;
    }
  };
  return rank(b) > rank(a) ? b : a;
}

}  // namespace c2a
