#include "spec/resource_attributes.h"

#include <array>
#include <utility>

namespace c2a {
namespace {

struct AttributeSemantics {
  std::string_view name;
  UpdateType updateType;
  bool passive;  // a change of it alone is not acted on by CloudFormation
};

// Seed 004, measured against AWS: resource-level Metadata changes do update the resource; a changed
// Condition creates or deletes it (the differ evaluates that, model/template_evaluation.h) but
// never replaces it; the policies and DependsOn only shape later operations.
constexpr std::array<AttributeSemantics, 7> kAttributes{{
    {"Metadata", UpdateType::Mutable, false},
    {"Condition", UpdateType::Mutable, true},
    {"DependsOn", UpdateType::Mutable, true},
    {"DeletionPolicy", UpdateType::Mutable, true},
    {"UpdateReplacePolicy", UpdateType::Mutable, true},
    {"CreationPolicy", UpdateType::Mutable, true},
    {"UpdatePolicy", UpdateType::Mutable, true},
}};

const AttributeSemantics* lookup(std::string_view name) {
  for (const auto& attribute : kAttributes) {
    if (attribute.name == name) return &attribute;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string_view> resourceAttributeNames() {
  std::vector<std::string_view> out;
  for (const auto& attribute : kAttributes) out.push_back(attribute.name);
  return out;
}

std::optional<UpdateType> resourceAttributeUpdateType(std::string_view name) {
  const auto* attribute = lookup(name);
  if (attribute == nullptr) return std::nullopt;
  return attribute->updateType;
}

bool isPassiveResourceAttribute(std::string_view name) {
  const auto* attribute = lookup(name);
  return attribute != nullptr && attribute->passive;
}

}  // namespace c2a
