#include "spec/on_demand_tables.h"

#include "spec/property_lookup.h"
#include "spec/property_walk.h"

namespace c2a {

OnDemandTables::OnDemandTables(std::span<const std::string_view> chunks, SpecTableIndex index,
                               std::string source)
    : chunks_(chunks), source_(std::move(source)), index_(index), origin_(index_.origin) {
  tables_.nestedTypes.resize(index_.nestedTypes.size());
  nestedRead_.assign(index_.nestedTypes.size(), false);
}

const SpecResource* OnDemandTables::readResource(std::string_view resourceType) {
  const SpecResource* resource = tables_.findResource(resourceType);
  if (resource == nullptr) {
    auto offset = index_.find(resourceType);
    if (!offset) return nullptr;
    readSpecTableBlock(chunks_, *offset, source_, tables_);
    resource = tables_.findResource(resourceType);
    if (resource == nullptr) return nullptr;
    readShapesOf(resource->properties);
  }
  return resource;
}

PropertyLookup OnDemandTables::lookup(std::string_view resourceType,
                                      std::span<const std::string> path) {
  const std::lock_guard lock(mutex_);
  const SpecResource* resource = readResource(resourceType);
  if (resource == nullptr) return {};
  return lookupPropertyPath(tables_, *resource, path);
}

std::optional<UpdateType> OnDemandTables::walk(std::string_view resourceType, const Path& path,
                                               std::size_t from) {
  // Held through the walk: another thread reading a type may grow the shapes it walks over.
  const std::lock_guard lock(mutex_);
  const SpecResource* resource = readResource(resourceType);
  if (resource == nullptr) return std::nullopt;
  return walkPropertyPath(tables_, *resource, path, from);
}

const SpecResource* OnDemandTables::resource(std::string_view resourceType) {
  const std::lock_guard lock(mutex_);
  return readResource(resourceType);
}

bool OnDemandTables::lists(std::string_view resourceType) const {
  return index_.find(resourceType).has_value();
}

std::vector<std::string> OnDemandTables::resourceTypes() const {
  std::vector<std::string> out;
  out.reserve(index_.resources.size());
  for (std::size_t i = 0; i < index_.resources.size(); ++i) {
    out.emplace_back(index_.resourceTypeAt(i));
  }
  return out;
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
