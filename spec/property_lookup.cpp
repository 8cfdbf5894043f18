#include "spec/property_lookup.h"

#include <algorithm>
#include <functional>
#include <vector>

#include "model/intrinsics.h"

namespace c2a {
namespace {

bool isIndex(const std::string& segment) {
  return !segment.empty() &&
         std::all_of(segment.begin(), segment.end(), [](char c) { return c >= '0' && c <= '9'; });
}

class Lookup {
 public:
  Lookup(const SpecTables& tables, std::span<const std::string> path)
      : tables_(tables), path_(path) {}

  PropertyLookup inTable(const PropertyTable& table, std::size_t at) const {
    at = skipConditionBranches(at);
    if (at == path_.size()) return known();
    const std::string& name = path_[at];
    if (name == "**") return anyDepth(at, [&](auto& visit) { visit(table); });
    // A wildcard or an intrinsic function stands for values the specification cannot name.
    if (name == "*" || name == "**" || isFunctionName(name)) return opaque(at);
    const SpecProperty* property = table.find(name);
    if (property == nullptr) {
      PropertyLookup out{PropertyLookup::Status::Unknown, at, {}};
      for (const auto& entry : table.entries()) out.candidates.emplace_back(entry.first);
      return out;
    }
    return inShape(property->shape, at + 1);
  }

 private:
  PropertyLookup inShape(ShapeId id, std::size_t at) const {
    at = skipConditionBranches(at);
    if (at == path_.size()) return known();
    const std::string& step = path_[at];
    if (step == "**") return anyDepth(at, [&](auto& visit) { visitShape(id, visit); });
    if (isFunctionName(step)) return opaque(at);
    const Shape& shape = tables_.shapes[id];
    switch (shape.kind) {
      case Shape::Kind::Leaf: return opaque(at);  // a primitive, or free-form JSON
      case Shape::Kind::Array:
        if (step != "*" && !isIndex(step)) {
          return PropertyLookup{PropertyLookup::Status::NotAList, at, {}};
        }
        return inShape(shape.target, at + 1);
      case Shape::Kind::Map: return inShape(shape.target, at + 1);  // over the key
      case Shape::Kind::Ref: return inTable(tables_.nestedTypes[shape.target], at);
      case Shape::Kind::Union: {
        // Known when one member takes the path; a mistake only when every member refuses it.
        PropertyLookup refused{PropertyLookup::Status::Unknown, at, {}};
        for (ShapeId member : shape.members) {
          auto result = inShape(member, at);
          if (result.status != PropertyLookup::Status::Unknown &&
              result.status != PropertyLookup::Status::NotAList) {
            return result;
          }
          refused.status = result.status;
          refused.at = std::max(refused.at, result.at);
          refused.candidates.insert(refused.candidates.end(), result.candidates.begin(),
                                    result.candidates.end());
        }
        std::sort(refused.candidates.begin(), refused.candidates.end());
        refused.candidates.erase(std::unique(refused.candidates.begin(), refused.candidates.end()),
                                 refused.candidates.end());
        return refused;
      }
    }
    return opaque(at);
  }

  std::size_t skipConditionBranches(std::size_t at) const {
    return pastConditionBranches(path_, at);
  }

  // `**.Name`: Name must be a property somewhere below, or the pattern can match only inside
  // free-form JSON values.
  template <typename Start>
  PropertyLookup anyDepth(std::size_t at, Start start) const {
    if (at + 1 >= path_.size()) return opaque(at);
    const std::string& name = path_[at + 1];
    if (name == "*" || name == "**" || isFunctionName(name) || isIndex(name)) return opaque(at);
    bool found = false;
    std::vector<bool> seen(tables_.nestedTypes.size(), false);
    std::function<void(const PropertyTable&)> visit = [&](const PropertyTable& table) {
      if (found) return;
      if (table.find(name) != nullptr) {
        found = true;
        return;
      }
      visitTable(table, visit, &seen);
    };
    start(visit);
    return found ? opaque(at) : PropertyLookup{PropertyLookup::Status::NotBelow, at + 1, {}};
  }

  // Calls `visit` on every nested type the table's properties lead to (each once).
  template <typename Visit>
  void visitTable(const PropertyTable& table, Visit& visit,
                  std::vector<bool>* seen = nullptr) const {
    for (const auto& entry : table.entries()) visitShape(entry.second.shape, visit, seen);
  }

  template <typename Visit>
  void visitShape(ShapeId id, Visit& visit, std::vector<bool>* seen = nullptr) const {
    const Shape& shape = tables_.shapes[id];
    switch (shape.kind) {
      case Shape::Kind::Leaf: return;
      case Shape::Kind::Array:
      case Shape::Kind::Map: visitShape(shape.target, visit, seen); return;
      case Shape::Kind::Union:
        for (ShapeId member : shape.members) visitShape(member, visit, seen);
        return;
      case Shape::Kind::Ref:
        if (seen != nullptr) {
          if ((*seen)[shape.target]) return;
          (*seen)[shape.target] = true;
        }
        visit(tables_.nestedTypes[shape.target]);
        return;
    }
  }

  PropertyLookup known() const {
    return PropertyLookup{PropertyLookup::Status::Known, path_.size(), {}};
  }
  static PropertyLookup opaque(std::size_t at) {
    return PropertyLookup{PropertyLookup::Status::Opaque, at, {}};
  }

  const SpecTables& tables_;
  std::span<const std::string> path_;
};

}  // namespace

PropertyLookup lookupPropertyPath(const SpecTables& tables, const SpecResource& resource,
                                  std::span<const std::string> path) {
  return Lookup(tables, path).inTable(resource.properties, 0);
}

}  // namespace c2a
