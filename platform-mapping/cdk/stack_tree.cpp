#include "platform-mapping/cdk/stack_tree.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "model/input_file.h"
#include "platform-mapping/cdk/assembly_paths.h"
#include "platform-mapping/cdk/asset_index.h"
#include "platform-mapping/cdk/constructs.h"
#include "platform-mapping/cdk/nested_stack_links.h"
#include "platform-mapping/cdk/string_field.h"
#include "platform-mapping/cloudformation/source_document.h"
#include "platform-mapping/cloudformation/template_mapper.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kNestedStackType = "AWS::CloudFormation::Stack";
constexpr std::size_t kMaxNestingDepth = 16;
// CloudFormation's default quota of stacks per account and region; nested stacks count too.
constexpr std::size_t kMaxStacks = 2000;

std::string canonicalPath(const std::string& file) {
  std::error_code ec;
  auto canonical = fs::weakly_canonical(file, ec);
  return ec ? fs::path(file).lexically_normal().string() : canonical.string();
}

}  // namespace

void StackTreeMapper::map(const StackTemplate& source, const TemplateReader& read) {
  SourceLocation namedAt =
      source.namedAt.file.empty() ? SourceLocation{source.file} : source.namedAt;
  if (auto why = whyNotARegularFile(source.file)) {
    throw C2aError(ErrorKind::MissingInput, namedAt,
                   fmt::format("template {} of stack {}: {}", source.file, source.stack, *why));
  }
  std::string canonical = canonicalPath(source.file);
  if (std::find(chain_.begin(), chain_.end(), canonical) != chain_.end()) {
    throw C2aError(ErrorKind::InvalidInput, namedAt,
                   fmt::format("nested stack {} deploys {}, the template of a stack it is nested "
                               "in (a cycle)",
                               source.stack, source.file));
  }
  if (chain_.size() > kMaxNestingDepth) {
    throw C2aError(ErrorKind::InvalidInput, namedAt,
                   fmt::format("nested stack {} is nested more than {} levels deep", source.stack,
                               kMaxNestingDepth));
  }
  if (++stackCount_ > kMaxStacks) {
    throw C2aError(ErrorKind::InvalidInput, namedAt,
                   fmt::format("the cloud assembly has more than {} stacks, nested stacks included",
                               kMaxStacks));
  }

  auto document = read ? read(source.file) : readSourceFile(source.file, limits_);
  ComponentIndex stackComponent = mapTemplate(document, source.stack, model_, warnings_);
  model_.addStack(source.stack);
  model_.setEnvironment(source.stack, source.environment);
  addConstructs(model_, source.stack, stackComponent, source.constructPath);

  if (document.root.is_object() && document.root.contains("Resources")) {
    chain_.push_back(canonical);
    mapNestedStacks(source, document.root["Resources"]);
    chain_.pop_back();
  }
}

void StackTreeMapper::mapNestedStacks(const StackTemplate& parent, const Json& resources) {
  if (!resources.is_object()) return;
  for (const auto& item : resources.items()) {
    const Json& resource = item.value();
    const std::string* type = stringAt(resource, "Type");
    if (type == nullptr || *type != kNestedStackType) continue;
    auto stackResource = model_.find(parent.stack, ComponentType::Resource, item.key());
    if (!stackResource) continue;
    const auto& component = model_.component(*stackResource);

    StackTemplate nested;
    nested.stack = parent.stack + "/" + item.key();
    nested.assemblyDir = parent.assemblyDir;
    nested.environment = {parent.environment.account, parent.environment.region, ""};
    const Json empty = Json::object();
    const Json& metadata = resource.contains("Metadata") ? resource["Metadata"] : empty;
    if (const std::string* asset = stringAt(metadata, "aws:asset:path"); asset && !asset->empty()) {
      nested.namedAt = component.location({"Metadata", "aws:asset:path"});
      nested.file =
          pathInsideAssembly(parent.assemblyDir, *asset, nested.namedAt, "aws:asset:path");
    } else if (auto file = templateFromAssets(parent, resource)) {
      // No asset metadata: the TemplateURL's object key names the template in an asset manifest.
      nested.namedAt = component.location({"Properties", "TemplateURL"});
      nested.file =
          pathInsideAssembly(parent.assemblyDir, *file, nested.namedAt, "asset source path");
    } else {
      warnings_.push_back(Diagnostic{
          ErrorKind::InvalidInput, component.location(),
          fmt::format("nested stack {}: its template is not in the cloud assembly (no "
                      "aws:asset:path metadata, and its TemplateURL names no asset of the "
                      "assembly): its resources are not analysed",
                      item.key()),
          true});
      continue;
    }
    if (const std::string* cdkPath = stringAt(metadata, "aws:cdk:path")) {
      nested.constructPath = nestedStackConstructPath(*cdkPath);
    }
    map(nested);
    linkNestedStack(model_, *stackResource, nested.stack, warnings_);
  }
}

std::optional<std::string> StackTreeMapper::templateFromAssets(const StackTemplate& parent,
                                                               const Json& resource) {
  const Json* properties = resource.contains("Properties") ? &resource["Properties"] : nullptr;
  if (properties == nullptr || !properties->is_object() || !properties->contains("TemplateURL")) {
    return std::nullopt;
  }
  auto [it, added] = assets_.try_emplace(parent.assemblyDir, nullptr);
  if (added) it->second = std::make_unique<AssetIndex>(parent.assemblyDir, limits_);
  return it->second->templateFor((*properties)["TemplateURL"]);
}

}  // namespace c2a
