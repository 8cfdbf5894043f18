#include "spec/service_spec_db.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "model/error.h"

namespace c2a {
namespace {

using nlohmann::json;

class DbReader {
 public:
  SpecTables read(const json& schema) {
    const json& definitions = entities(schema, "typeDefinition");
    // Number the type definitions first: references may point forward or to the type itself.
    for (const auto& definition : definitions) {
      nestedIds_.emplace(definition.at("$id").get<std::string>(),
                         static_cast<NestedTypeId>(nestedIds_.size()));
    }
    tables_.nestedTypes.resize(nestedIds_.size());
    for (const auto& definition : definitions) {
      context_ = "type definition " + definition.at("$id").get<std::string>();
      auto& table = tables_.nestedTypes[nestedIds_.at(definition.at("$id").get<std::string>())];
      readProperties(definition, table);
    }
    for (const auto& resource : entities(schema, "resource")) {
      context_ = resource.at("cloudFormationType").get<std::string>();
      SpecResource& entry = tables_.resources[context_];
      entry.stateful = resource.value("isStateful", false);
      readProperties(resource, entry.properties);
      entry.physicalNames = physicalNames(resource, entry.properties);
    }
    return std::move(tables_);
  }

  [[nodiscard]] const std::string& context() const { return context_; }

 private:
  static const json& entities(const json& schema, const char* collection) {
    const json& list = schema.at(collection).at("entities");
    if (!list.is_array()) throw C2aError(ErrorKind::InvalidInput, {}, "entities is not a list");
    return list;
  }

  // The properties that name the physical resource, unique in the account and region: a
  // primary identifier that is a writable, replacing `...Name` or `...Identifier` property
  // (TableName, RoleName, DBInstanceIdentifier), or `<Type>Name` (QueueName of AWS::SQS::Queue)
  // when the identifier is one read-only property made from it (QueueUrl, TopicArn). A compound
  // identifier (a Lambda permission's FunctionName and Id) names something inside another resource:
  // no custom name.
  static std::vector<std::string> physicalNames(const json& resource, const PropertyTable& table) {
    auto identifiers = resource.find("primaryIdentifier");
    if (identifiers == resource.end() || !identifiers->is_array() || identifiers->size() != 1 ||
        !identifiers->front().is_string()) {
      return {};
    }
    auto isName = [&](const std::string& name) {
      const SpecProperty* property = table.find(name);
      return property != nullptr && property->updateType == UpdateType::Immutable &&
             property->shape == SpecTables::kLeaf;
    };
    const auto identifier = identifiers->front().get<std::string>();
    // An identifier that is a reference to another resource (a bucket policy's Bucket, an inline
    // policy's Queue) attaches to it rather than naming anything of its own.
    const bool named = identifier.ends_with("Name") || identifier.ends_with("Identifier");
    if (named && isName(identifier)) return {identifier};
    if (table.find(identifier) != nullptr) return {};  // a writable identifier that is no name
    const auto type = resource.at("cloudFormationType").get<std::string>();
    const auto conventional = type.substr(type.rfind(':') + 1) + "Name";
    if (isName(conventional)) return {conventional};
    return {};
  }

  void readProperties(const json& entity, PropertyTable& table) {
    auto properties = entity.find("properties");
    if (properties == entity.end()) return;
    for (const auto& [name, property] : properties->items()) {
      table.add(tables_.names.intern(name), {updateType(property), shape(property.at("type"))});
    }
    table.sort();
  }

  static UpdateType updateType(const json& property) {
    auto replacement = property.find("causesReplacement");
    if (replacement == property.end() || *replacement == "no") return UpdateType::Mutable;
    if (*replacement == "yes") return UpdateType::Immutable;
    // "maybe", and anything a newer database may add: the resource may be replaced.
    return UpdateType::Conditional;
  }

  // previousTypes are ignored: they describe what the property used to accept, and the walk only
  // needs the structure of the current type to find replacement markers.
  ShapeId shape(const json& type) {
    const std::string kind = type.at("type").get<std::string>();
    if (kind == "ref") {
      const auto id = type.at("reference").at("$ref").get<std::string>();
      auto nested = nestedIds_.find(id);
      if (nested == nestedIds_.end()) {
        throw C2aError(ErrorKind::InvalidInput, {}, "refers to unknown type definition " + id);
      }
      return tables_.addShape({Shape::Kind::Ref, nested->second, {}});
    }
    if (kind == "array" || kind == "map") {
      ShapeId element = shape(type.at("element"));
      auto container = kind == "array" ? Shape::Kind::Array : Shape::Kind::Map;
      return tables_.addShape({container, element, {}});
    }
    if (kind == "union") {
      Shape either{Shape::Kind::Union, 0, {}};
      for (const auto& member : type.at("types")) either.members.push_back(shape(member));
      return tables_.addShape(std::move(either));
    }
    return SpecTables::kLeaf;  // string, number, boolean, json, tag, date-time...
  }

  std::string context_ = "schema";
  std::unordered_map<std::string, NestedTypeId> nestedIds_;
  SpecTables tables_;
};

}  // namespace

bool isServiceSpecDb(const json& document) {
  if (!document.is_object()) return false;
  auto schema = document.find("schema");
  return schema != document.end() && schema->is_object() && schema->contains("resource");
}

SpecTables readServiceSpecDb(const json& document, const std::string& file) {
  DbReader reader;
  try {
    return reader.read(document.at("schema"));
  } catch (const json::exception& error) {
    throw C2aError(ErrorKind::InvalidInput, {file, 0, 0},
                   "unexpected db.json structure in " + reader.context() + ": " + error.what());
  } catch (const C2aError& error) {
    throw C2aError(
        ErrorKind::InvalidInput, {file, 0, 0},
        "unexpected db.json structure in " + reader.context() + ": " + error.diagnostic().message);
  }
}

}  // namespace c2a
