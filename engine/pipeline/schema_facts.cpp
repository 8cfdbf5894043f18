#include "engine/pipeline/schema_facts.h"

#include "spec/resource_attributes.h"
#include "spec/resource_spec.h"
#include "spec/serverless_resources.h"

namespace c2a {
namespace {

rules::PropertyAnswer::Status statusOf(PropertyLookup::Status status) {
  switch (status) {
    case PropertyLookup::Status::Known: return rules::PropertyAnswer::Status::Known;
    case PropertyLookup::Status::Unknown: return rules::PropertyAnswer::Status::Unknown;
    case PropertyLookup::Status::NotAList: return rules::PropertyAnswer::Status::NotAList;
    case PropertyLookup::Status::Opaque: return rules::PropertyAnswer::Status::Opaque;
    case PropertyLookup::Status::NotBelow: return rules::PropertyAnswer::Status::NotBelow;
  }
  return rules::PropertyAnswer::Status::Opaque;
}

}  // namespace

rules::SchemaFacts builtinSchemaFacts() {
  // The complete table is read a resource type at a time: only those the rules name.
  rules::SchemaFacts facts;
  facts.hasResourceType = [](std::string_view type) {
    return isServerlessType(type) || isCdkMetadataType(type) ||
           ResourceSpec::builtin().hasResourceType(type);
  };
  facts.resourceTypes = [] { return ResourceSpec::builtin().resourceTypes(); };
  facts.lookupProperty = [](std::string_view type, std::span<const std::string> path) {
    auto found = ResourceSpec::lookupBuiltinComplete(type, path);
    return rules::PropertyAnswer{statusOf(found.status), found.at, std::move(found.candidates)};
  };
  facts.isResourceAttribute = [](std::string_view key) {
    return resourceAttributeUpdateType(key).has_value();
  };
  for (auto name : resourceAttributeNames()) facts.resourceAttributes.emplace_back(name);
  return facts;
}

}  // namespace c2a
