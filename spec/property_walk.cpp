#include "spec/property_walk.h"

#include "model/intrinsics.h"

namespace c2a {
namespace {

class PropertyWalk {
 public:
  PropertyWalk(const SpecTables& tables, const Path& path) : tables_(tables), path_(path) {}

  // `missing` is what a name the table does not list yields: Unknown at the top, where the spec
  // lists every property; Mutable in nested types, whose unlisted keys carry nothing to act on
  // (and the generated table drops Mutable leaves there to stay small).
  UpdateType inTable(const PropertyTable& table, std::size_t at, UpdateType missing) const {
    at = skipConditionBranches(at);
    if (at == path_.size() || isFunctionName(path_[at])) return UpdateType::Mutable;
    const SpecProperty* property = table.find(path_[at]);
    if (property == nullptr) return missing;
    if (property->updateType != UpdateType::Mutable) return property->updateType;
    return inShape(property->shape, at + 1);
  }

 private:
  UpdateType inShape(ShapeId id, std::size_t at) const {
    at = skipConditionBranches(at);
    if (at == path_.size() || isFunctionName(path_[at])) return UpdateType::Mutable;
    const Shape& shape = tables_.shapes[id];
    switch (shape.kind) {
      case Shape::Kind::Leaf: return UpdateType::Mutable;
      case Shape::Kind::Array:
      case Shape::Kind::Map: return inShape(shape.target, at + 1);  // over the index or key
      case Shape::Kind::Ref:
        return inTable(tables_.nestedTypes[shape.target], at, UpdateType::Mutable);
      case Shape::Kind::Union: {
        // The spec cannot say which member the template uses: the most severe answer stands.
        UpdateType result = UpdateType::Mutable;
        for (ShapeId member : shape.members) result = moreSevere(result, inShape(member, at));
        return result;
      }
    }
    return UpdateType::Mutable;
  }

  std::size_t skipConditionBranches(std::size_t at) const {
    return pastConditionBranches(path_, at);
  }

  const SpecTables& tables_;
  const Path& path_;
};

}  // namespace

UpdateType walkPropertyPath(const SpecTables& tables, const SpecResource& resource,
                            const Path& path, std::size_t from) {
  return PropertyWalk(tables, path).inTable(resource.properties, from, UpdateType::Unknown);
}

}  // namespace c2a
