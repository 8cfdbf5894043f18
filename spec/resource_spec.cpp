#include "spec/resource_spec.h"

#include <nlohmann/json.hpp>

#include "model/error.h"
#include "spec/builtin_table.h"
#include "spec/cfn_specification.h"
#include "spec/on_demand_tables.h"
#include "spec/property_lookup.h"
#include "spec/property_walk.h"
#include "spec/resource_attributes.h"
#include "spec/serverless_resources.h"
#include "spec/service_spec_db.h"
#include "spec/spec_json.h"
#include "spec/spec_table_text.h"
#include "spec/spec_tables.h"

namespace c2a {

ResourceSpec::ResourceSpec(std::unique_ptr<Tables> tables) : tables_(std::move(tables)) {}
ResourceSpec::ResourceSpec(std::unique_ptr<OnDemandTables> onDemand)
    : onDemand_(std::move(onDemand)) {}
ResourceSpec::ResourceSpec(ResourceSpec&&) noexcept = default;
ResourceSpec& ResourceSpec::operator=(ResourceSpec&&) noexcept = default;
ResourceSpec::~ResourceSpec() = default;

namespace {

// The built-in table read whole: the base an official specification file is read over.
const SpecTables& builtinTablesWhole() {
  static const SpecTables tables =
      readSpecTableText(builtinSpecTable(), "built-in spec table", TableTextStorage::Static);
  return tables;
}

}  // namespace

const ResourceSpec& ResourceSpec::builtin() {
  // A function-local static, made safely from any thread; each resource type's part of the
  // table is read the first time it is asked about (on_demand_tables.h).
  static const ResourceSpec spec(std::make_unique<OnDemandTables>(
      builtinSpecTable(), builtinSpecTableIndex(), "built-in spec table"));
  return spec;
}

const SpecResource* ResourceSpec::findResource(std::string_view resourceType) const {
  return onDemand_ ? onDemand_->resource(resourceType) : tables_->findResource(resourceType);
}

const ResourceSpec& ResourceSpec::builtinComplete() {
  static const ResourceSpec spec(std::make_unique<Tables>(readSpecTableText(
      builtinCompleteSpecTable(), "built-in complete spec table", TableTextStorage::Static)));
  return spec;
}

ResourceSpec ResourceSpec::load(const std::string& file) {
  std::string text = readSpecText(file);
  nlohmann::json document = parseSpecJson(text, file);
  text.clear();  // the parsed tree no longer needs it; db.json is large
  Tables tables;
  if (isServiceSpecDb(document)) {
    tables = readServiceSpecDb(document, file);
  } else if (isCfnSpecification(document)) {
    tables = readCfnSpecification(document, file, builtinTablesWhole());
  } else {
    throw C2aError(ErrorKind::InvalidInput, {file, 0, 0},
                   "not a resource specification: expected a CloudFormationResourceSpecification "
                   "(ResourceTypes) or an @aws-cdk/aws-service-spec db.json (schema.resource)");
  }
  tables.origin = file;
  return ResourceSpec(std::make_unique<Tables>(std::move(tables)));
}

bool ResourceSpec::hasResourceType(std::string_view resourceType) const {
  return onDemand_ ? onDemand_->lists(resourceType)
                   : tables_->findResource(resourceType) != nullptr;
}

bool ResourceSpec::isStateful(std::string_view resourceType) const {
  if (isServerlessStateful(resourceType)) return true;
  const SpecResource* resource = findResource(resourceType);
  return resource != nullptr && resource->stateful;
}

namespace {

// The spec lists AWS::CloudFormation::CustomResource, but a custom resource's handler decides on
// every update whether it returns a new physical id (a replacement): nothing in the spec can say.
bool isCustomResource(std::string_view type) {
  return type.starts_with("Custom::") || type == "AWS::CloudFormation::CustomResource";
}

}  // namespace

bool isCdkMetadataType(std::string_view type) { return type == "AWS::CDK::Metadata"; }

UpdateType ResourceSpec::updateType(std::string_view resourceType, const Path& path) const {
  // Resource attributes mean the same for every type, custom resources and modules included.
  if (!path.empty()) {
    if (auto attribute = resourceAttributeUpdateType(path.front())) return *attribute;
  }
  // SAM: the transformed resources update in place for most properties (serverless_resources.h).
  if (auto sam = serverlessUpdateType(resourceType, path)) return *sam;
  if (isCdkMetadataType(resourceType)) return UpdateType::Mutable;
  if (!hasResourceType(resourceType) || isCustomResource(resourceType)) return UpdateType::Unknown;
  // The whole resource or the whole Properties block (added where there was none, say): the differ
  // looks at each property that changed inside, so the block itself is no reason to replace.
  if (path.empty() || (path.front() == "Properties" && path.size() == 1)) {
    return UpdateType::Mutable;
  }
  if (path.front() != "Properties") return UpdateType::Unknown;  // Type, or something unheard of
  if (onDemand_) return onDemand_->walk(resourceType, path, 1).value_or(UpdateType::Unknown);
  return walkPropertyPath(*tables_, *tables_->findResource(resourceType), path, 1);
}

PropertyLookup ResourceSpec::lookupProperty(std::string_view resourceType,
                                            std::span<const std::string> path) const {
  if (isCustomResource(resourceType)) return {};
  if (onDemand_) return onDemand_->lookup(resourceType, path);
  const SpecResource* resource = tables_->findResource(resourceType);
  if (resource == nullptr) return {};
  return lookupPropertyPath(*tables_, *resource, path);
}

PropertyLookup ResourceSpec::lookupBuiltinComplete(std::string_view resourceType,
                                                   std::span<const std::string> path) {
  if (isCustomResource(resourceType)) return {};
  static OnDemandTables complete(builtinCompleteSpecTable(), builtinCompleteSpecTableIndex(),
                                 "built-in complete spec table");
  return complete.lookup(resourceType, path);
}

const std::vector<std::string>& ResourceSpec::physicalNameProperties(
    std::string_view resourceType) const {
  static const std::vector<std::string> kNone;
  const SpecResource* resource = findResource(resourceType);
  return resource == nullptr ? kNone : resource->physicalNames;
}

std::vector<std::string> ResourceSpec::resourceTypes() const {
  if (onDemand_) return onDemand_->resourceTypes();
  std::vector<std::string> out;
  out.reserve(tables_->resources.size());
  for (const auto& entry : tables_->resources) out.push_back(entry.first);
  return out;
}

std::size_t ResourceSpec::resourceTypeCount() const {
  return onDemand_ ? onDemand_->resourceTypeCount() : tables_->resources.size();
}

const std::string& ResourceSpec::origin() const {
  return onDemand_ ? onDemand_->origin() : tables_->origin;
}

}  // namespace c2a
