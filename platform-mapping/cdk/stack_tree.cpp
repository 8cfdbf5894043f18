#include "platform-mapping/cdk/stack_tree.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "model/input_file.h"
#include "platform-mapping/cdk/assembly_paths.h"
#include "platform-mapping/cdk/asset_index.h"
#include "platform-mapping/cdk/constructs.h"
#include "platform-mapping/cdk/deployed_template.h"
#include "platform-mapping/cdk/nested_stack_links.h"
#include "platform-mapping/cdk/string_field.h"
#include "platform-mapping/cloudformation/nested_templates.h"
#include "platform-mapping/cloudformation/template_mapper.h"
#include "readers/source_document.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kNestedStackType = "AWS::CloudFormation::Stack";
constexpr std::size_t kMaxNestingDepth = 16;
// CloudFormation's default quota of stacks per account and region; nested stacks count too.
constexpr std::size_t kMaxStacks = 2000;
// The text all the stacks of one input hold once mapped (transforms expanded, each template
// counted once per stack that deploys it), as a multiple of the one-file size limit: 2,000
// nested stacks of one template, or SAM Globals copied over thousands of functions in each,
// would otherwise take the machine's memory one stack at a time.
constexpr std::size_t kMappedTextPerInputLimit = 2;

// The bytes of text a value holds: its strings and keys, and a byte for every other value.
std::size_t textBytes(const Json& value) {
  if (value.is_string()) return value.get_ref<const std::string&>().size();
  std::size_t total = 1;
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it)
      total += it.key().size() + textBytes(*it);
  } else if (value.is_array()) {
    for (const auto& element : value) total += textBytes(element);
  }
  return total;
}

std::string canonicalPath(const std::string& file) {
  std::error_code ec;
  auto canonical = fs::weakly_canonical(file, ec);
  return ec ? fs::path(file).lexically_normal().string() : canonical.string();
}

}  // namespace

void StackTreeMapper::map(const StackTemplate& source, const TemplateReader& read) {
  SourceLocation namedAt =
      source.namedAt.file.empty() ? SourceLocation{source.file} : source.namedAt;
  // A template file given on the command line may be a pipe or a device (read once); the
  // templates it and an assembly name are files.
  bool given = chain_.empty() && source.assemblyDir.empty();
  if (auto why = given ? std::nullopt : whyNotARegularFile(source.file)) {
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
    throw C2aError(
        ErrorKind::InvalidInput, namedAt,
        fmt::format("the input has more than {} stacks, nested stacks included", kMaxStacks));
  }

  if (chain_.empty()) {
    auto directory = fs::path(source.file).parent_path();
    rootDirectory_ = directory.empty() ? "." : directory.string();
  }
  auto document = read ? read(source.file) : readSourceFile(source.file, limits_);
  ComponentIndex first = model_.componentCount();
  ComponentIndex stackComponent = mapTemplate(std::move(document), source.stack, model_, warnings_);
  ComponentIndex end = model_.componentCount();
  for (ComponentIndex i = first; i < end; ++i)
    mappedText_ += textBytes(model_.component(i).properties);
  if (mappedText_ > kMappedTextPerInputLimit * limits_.maxInputBytes) {
    throw C2aError(ErrorKind::InvalidInput, namedAt,
                   fmt::format("the stacks of the input hold more than {} MiB of text once "
                               "mapped (transforms expanded, a template counted once per stack "
                               "that deploys it): {} times --max-input-bytes",
                               (kMappedTextPerInputLimit * limits_.maxInputBytes) >> 20,
                               kMappedTextPerInputLimit));
  }
  model_.addStack(source.stack);
  model_.setEnvironment(source.stack, source.environment);
  addConstructs(model_, source.stack, stackComponent, source.constructPath);
  if (source.creationSites && !source.creationSites->empty()) {
    for (ComponentIndex i = first; i < end; ++i) {
      auto& component = model_.component(i);
      auto path = component.constructPath();
      if (path.empty()) continue;
      if (const auto* site = creationSiteOf(*source.creationSites, path))
        component.createdAt = *site;
    }
  }

  chain_.push_back(canonical);
  mapNestedStacks(source, first, end);
  chain_.pop_back();
}

void StackTreeMapper::mapNestedStacks(const StackTemplate& parent, ComponentIndex first,
                                      ComponentIndex end) {
  // The stack resources as mapped (a transform may have made them: a SAM application), not as
  // written; the model grows below, so they are listed first. Only the parent's own components
  // are looked at: a scan of the whole model for every stack is quadratic in stacks.
  std::vector<ComponentIndex> stackResources;
  for (ComponentIndex i = first; i < end; ++i) {
    const auto& component = model_.component(i);
    if (component.type == ComponentType::Resource && component.stack == parent.stack &&
        component.subtype == kNestedStackType) {
      stackResources.push_back(i);
    }
  }
  for (auto index : stackResources) {
    // A copy: mapping a nested stack adds to the model, which may move its components.
    const Component component = model_.component(index);
    const Json& resource = component.properties;

    StackTemplate nested;
    // A template file's own stack is "": its nested stacks are named by their logical ids.
    nested.stack = nestedStackName(parent.stack, component.name);
    nested.assemblyDir = parent.assemblyDir;
    nested.environment = {parent.environment.account, parent.environment.region, "", {}};
    nested.creationSites = parent.creationSites;
    const Json empty = Json::object();
    const Json& metadata = resource.contains("Metadata") ? resource["Metadata"] : empty;
    const Json* properties = resource.contains("Properties") ? &resource["Properties"] : nullptr;
    const Json* templateUrl =
        properties != nullptr && properties->is_object() && properties->contains("TemplateURL")
            ? &(*properties)["TemplateURL"]
            : nullptr;
    if (auto given = givenTemplate(parent, nested.stack, component.name, templateUrl)) {
      // --nested-template names it, or the TemplateURL is a path on this machine.
      nested.namedAt = component.location({"Properties", "TemplateURL"});
      nested.file = *given;
    } else if (auto local = templateUrl != nullptr && parent.assemblyDir.empty()
                                ? localTemplatePath(*templateUrl, parent.file)
                                : std::nullopt) {
      auto unreadable = whyNotReadable(*local);
      if (!unreadable.empty()) {
        warnNotFound(parent, component.name, component, templateUrl, unreadable);
        continue;
      }
      nested.namedAt = component.location({"Properties", "TemplateURL"});
      nested.file = *local;
    } else if (const std::string* asset = stringAt(metadata, "aws:asset:path");
               !parent.assemblyDir.empty() && asset && !asset->empty()) {
      nested.namedAt = component.location({"Metadata", "aws:asset:path"});
      nested.file =
          pathInsideAssembly(parent.assemblyDir, *asset, nested.namedAt, "aws:asset:path");
      // CloudFormation deploys what the TemplateURL names, not what the metadata says.
      if (templateUrl != nullptr) {
        checkTemplateDeploys(assets_.of(parent.assemblyDir), parent.assemblyDir, *templateUrl,
                             nested.file, component.location({"Properties", "TemplateURL"}),
                             fmt::format("nested stack {}", component.name), limits_);
      }
    } else if (auto file = parent.assemblyDir.empty() ? std::nullopt
                                                      : templateFromAssets(parent, resource)) {
      // No asset metadata: the TemplateURL's object key names the template in an asset manifest.
      nested.namedAt = component.location({"Properties", "TemplateURL"});
      nested.file =
          pathInsideAssembly(parent.assemblyDir, *file, nested.namedAt, "asset source path");
    } else {
      warnNotFound(parent, component.name, component, templateUrl, "");
      continue;
    }
    if (const std::string* cdkPath = stringAt(metadata, "aws:cdk:path")) {
      nested.constructPath = nestedStackConstructPath(*cdkPath);
    }
    map(nested);
    linkNestedStack(model_, index, nested.stack, warnings_);
  }
}

std::optional<std::string> StackTreeMapper::givenTemplate(const StackTemplate& parent,
                                                          const std::string& path,
                                                          const std::string& logicalId,
                                                          const Json* templateUrl) const {
  const auto& given = limits_.nestedTemplates;
  for (const std::string* key : {&path, &logicalId}) {
    if (auto it = given.find(*key); it != given.end()) return it->second;
  }
  if (templateUrl != nullptr && templateUrl->is_string()) {
    if (auto it = given.find(templateUrl->get<std::string>()); it != given.end()) return it->second;
  }
  return std::nullopt;
}

// A template names the files c2a reads for it: only inside the directory of the template c2a
// was given (a pull request must not make a CI job read /etc or the runner's credentials), and
// only regular files. What is not read is unseen, not an error.
std::string StackTreeMapper::whyNotReadable(const std::string& file) const {
  std::error_code ec;
  auto root = fs::weakly_canonical(rootDirectory_, ec);
  auto target = fs::weakly_canonical(file, ec);
  auto inside = target.lexically_relative(root);
  if (ec || inside.empty() || *inside.begin() == "..") {
    return fmt::format(
        "its TemplateURL names {}, outside the directory of the template c2a was "
        "given, which c2a does not read unless --nested-template names it",
        file);
  }
  if (auto why = whyNotARegularFile(file)) {
    return fmt::format("its TemplateURL names {}: {}", file, *why);
  }
  return "";
}

// A nested template c2a cannot read is unseen. Its URL naming its content (a CDK asset hash)
// makes it the same on both sides while the stack resource is unchanged: then nothing is hidden.
void StackTreeMapper::warnNotFound(const StackTemplate& parent, const std::string& logicalId,
                                   const Component& component, const Json* templateUrl,
                                   const std::string& why) {
  Diagnostic warning{
      ErrorKind::InvalidInput, component.location(),
      !why.empty()
          ? fmt::format("nested stack {}: {}; its resources are not analysed", logicalId, why)
      : parent.assemblyDir.empty()
          ? fmt::format("nested stack {}: a template file does not hold its nested template, so "
                        "its resources are not analysed; give it with --nested-template {}=FILE, "
                        "or compare cloud assemblies (cdk.out)",
                        logicalId, logicalId)
          : fmt::format("nested stack {}: its template is not in the cloud assembly (no "
                        "aws:asset:path metadata, and its TemplateURL names no asset of the "
                        "assembly): its resources are not analysed",
                        logicalId),
      true};
  if (templateUrl != nullptr && templateUrlNamesContent(*templateUrl)) {
    warning.seenIfUnchanged = Diagnostic::Resource{parent.stack, logicalId};
  }
  warnings_.push_back(std::move(warning));
}

std::optional<std::string> StackTreeMapper::templateFromAssets(const StackTemplate& parent,
                                                               const Json& resource) {
  const Json* properties = resource.contains("Properties") ? &resource["Properties"] : nullptr;
  if (properties == nullptr || !properties->is_object() || !properties->contains("TemplateURL")) {
    return std::nullopt;
  }
  return assets_.of(parent.assemblyDir).templateFor((*properties)["TemplateURL"]);
}

}  // namespace c2a
