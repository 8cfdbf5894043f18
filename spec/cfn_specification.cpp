#include "spec/cfn_specification.h"

#include <nlohmann/json.hpp>
#include <unordered_map>

#include "model/error.h"

namespace c2a {
namespace {

using nlohmann::json;

class CfnSpecificationReader {
 public:
  SpecTables read(const json& document, const SpecTables& statefulness) {
    const json* propertyTypes = nullptr;
    if (auto found = document.find("PropertyTypes"); found != document.end()) {
      propertyTypes = &*found;
      // Number the property types first: they refer to each other in any order, and to themselves.
      for (const auto& [name, definition] : found->items()) {
        nestedIds_.emplace(name, static_cast<NestedTypeId>(nestedIds_.size()));
      }
      tables_.nestedTypes.resize(nestedIds_.size());
    }
    if (propertyTypes != nullptr) {
      for (const auto& [name, definition] : propertyTypes->items()) {
        context_ = name;
        readProperties(definition, ownerOf(name), tables_.nestedTypes[nestedIds_.at(name)]);
      }
    }
    for (const auto& [type, definition] : document.at("ResourceTypes").items()) {
      context_ = type;
      SpecResource& resource = tables_.resources[type];
      const SpecResource* known = statefulness.findResource(type);
      resource.stateful = known != nullptr && known->stateful;
      // The official specification names no identifiers: the built-in table's names stand.
      if (known != nullptr) resource.physicalNames = known->physicalNames;
      readProperties(definition, type, resource.properties);
    }
    return std::move(tables_);
  }

  [[nodiscard]] const std::string& context() const { return context_; }

 private:
  // "AWS::S3::Bucket.LifecycleConfiguration" belongs to AWS::S3::Bucket; "Tag" to nobody.
  static std::string ownerOf(const std::string& propertyTypeName) {
    auto dot = propertyTypeName.find('.');
    return dot == std::string::npos ? std::string() : propertyTypeName.substr(0, dot);
  }

  // An entry without Properties (a few property types are aliases of a primitive or a list) has no
  // structure to walk into.
  void readProperties(const json& definition, const std::string& owner, PropertyTable& table) {
    if (auto properties = definition.find("Properties"); properties != definition.end()) {
      for (const auto& [name, property] : properties->items()) {
        table.add(tables_.names.intern(name), {updateType(property, name), shape(property, owner)});
      }
    }
    table.sort();
  }

  UpdateType updateType(const json& property, const std::string& name) const {
    auto text = property.find("UpdateType");
    if (text == property.end()) return UpdateType::Mutable;
    auto type = updateTypeFromString(text->get<std::string>());
    if (!type || *type == UpdateType::Unknown) {
      throw C2aError(ErrorKind::InvalidInput, {},
                     "property " + name + " has UpdateType " + text->dump() +
                         " (expected Mutable, Immutable or Conditional)");
    }
    return *type;
  }

  ShapeId shape(const json& property, const std::string& owner) {
    if (property.contains("PrimitiveType")) return SpecTables::kLeaf;
    auto type = property.find("Type");
    if (type != property.end() && (*type == "List" || *type == "Map")) {
      ShapeId element = oneOf(property, "ItemType", "ItemTypes", owner);
      if (element == SpecTables::kLeaf) return SpecTables::kLeaf;
      auto kind = *type == "List" ? Shape::Kind::Array : Shape::Kind::Map;
      return tables_.addShape({kind, element, {}});
    }
    return oneOf(property, "Type", "Types", owner);
  }

  // A single named type (`ItemType`), or the newer list of alternatives (`ItemTypes`); primitive
  // alternatives are leaves and add nothing.
  ShapeId oneOf(const json& property, const char* single, const char* several,
                const std::string& owner) {
    if (auto name = property.find(single); name != property.end()) {
      return named(name->get<std::string>(), owner);
    }
    auto names = property.find(several);
    if (names == property.end()) return SpecTables::kLeaf;
    Shape either{Shape::Kind::Union, 0, {}};
    for (const auto& name : *names) {
      ShapeId member = named(name.get<std::string>(), owner);
      if (member != SpecTables::kLeaf) either.members.push_back(member);
    }
    if (either.members.empty()) return SpecTables::kLeaf;
    if (either.members.size() == 1) return either.members.front();
    return tables_.addShape(std::move(either));
  }

  // Type names are relative to the resource type (`AWS::S3::Bucket.` + name); `Tag` is global.
  // A name the file does not define is treated as a leaf rather than rejected: older published
  // specifications have a few dangling ones.
  ShapeId named(const std::string& name, const std::string& owner) {
    auto nested = owner.empty() ? nestedIds_.end() : nestedIds_.find(owner + "." + name);
    if (nested == nestedIds_.end()) nested = nestedIds_.find(name);
    if (nested == nestedIds_.end()) return SpecTables::kLeaf;
    return tables_.addShape({Shape::Kind::Ref, nested->second, {}});
  }

  std::string context_ = "the document";
  std::unordered_map<std::string, NestedTypeId> nestedIds_;
  SpecTables tables_;
};

}  // namespace

bool isCfnSpecification(const json& document) {
  return document.is_object() && document.contains("ResourceTypes") &&
         document["ResourceTypes"].is_object();
}

SpecTables readCfnSpecification(const json& document, const std::string& file,
                                const SpecTables& statefulness) {
  CfnSpecificationReader reader;
  try {
    return reader.read(document, statefulness);
  } catch (const json::exception& error) {
    throw C2aError(
        ErrorKind::InvalidInput, {file, 0, 0},
        "unexpected specification structure in " + reader.context() + ": " + error.what());
  } catch (const C2aError& error) {
    throw C2aError(ErrorKind::InvalidInput, {file, 0, 0},
                   "unexpected specification structure in " + reader.context() + ": " +
                       error.diagnostic().message);
  }
}

}  // namespace c2a
