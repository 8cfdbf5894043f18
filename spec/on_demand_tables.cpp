#include "spec/on_demand_tables.h"

#include "spec/property_lookup.h"

namespace c2a {

OnDemandTables::OnDemandTables(std::span<const std::string_view> chunks, std::string source)
    : chunks_(chunks), source_(std::move(source)), index_(indexSpecTableText(chunks)) {
  tables_.nestedTypes.resize(index_.nestedTypes.size());
  nestedRead_.assign(index_.nestedTypes.size(), false);
}

PropertyLookup OnDemandTables::lookup(std::string_view resourceType,
                                      std::span<const std::string> path) {
  const std::lock_guard lock(mutex_);
  const SpecResource* resource = tables_.findResource(resourceType);
  if (resource == nullptr) {
    auto block = index_.resources.find(resourceType);
    if (block == index_.resources.end()) return {};
    readSpecTableBlock(chunks_, block->second, source_, tables_);
    resource = tables_.findResource(resourceType);
    if (resource == nullptr) return {};
    readShapesOf(resource->properties);
  }
  return lookupPropertyPath(tables_, *resource, path);
}

void OnDemandTables::readShape(ShapeId id) {
  const Shape shape = tables_.shapes[id];  // a copy: reading adds shapes
  switch (shape.kind) {
    case Shape::Kind::Leaf: return;
    case Shape::Kind::Ref: return readNested(shape.target);
    case Shape::Kind::Array:
    case Shape::Kind::Map: return readShape(shape.target);
    case Shape::Kind::Union:
      for (ShapeId member : shape.members) readShape(member);
      return;
  }
}

void OnDemandTables::readNested(std::uint32_t id) {
  if (id >= nestedRead_.size() || nestedRead_[id]) return;
  nestedRead_[id] = true;  // first: nested types may refer to themselves
  readSpecTableBlock(chunks_, index_.nestedTypes[id], source_, tables_);
  readShapesOf(tables_.nestedTypes[id]);
}

void OnDemandTables::readShapesOf(const PropertyTable& table) {
  // Copied out first: reading nested types adds shapes (and may move the shapes vector).
  std::vector<ShapeId> shapes;
  for (const auto& [name, property] : table.entries()) shapes.push_back(property.shape);
  for (ShapeId shape : shapes) readShape(shape);
}

}  // namespace c2a
