#include "platform-mapping/cdk/assembly_manifest.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "model/error.h"
#include "model/path.h"
#include "platform-mapping/cdk/assembly_paths.h"
#include "platform-mapping/cdk/deployed_template.h"
#include "readers/source_document.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kStackArtifact = "aws:cloudformation:stack";
constexpr std::string_view kNestedAssemblyArtifact = "cdk:cloud-assembly";
constexpr std::size_t kMaxAssemblyDepth = 16;  // stages within stages; real apps use two or three

struct FoundStack {
  StackArtifact artifact;
  std::string relativeDir;  // of its assembly, from the top one; "" for the top assembly
};

const Json* member(const Json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const std::string* stringMember(const Json& object, std::string_view key) {
  const Json* value = member(object, key);
  return value != nullptr && value->is_string() ? value->get_ptr<const std::string*>() : nullptr;
}

class ManifestWalker {
 public:
  ManifestWalker(const ReadLimits& limits, AssetIndexes& assets)
      : limits_(limits), assets_(assets) {}

  /// Reads the manifest in `dir`; `referencedAt` is where a parent manifest names `dir`.
  void read(const fs::path& dir, const std::string& relativeDir,
            const SourceLocation& referencedAt) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(dir, ec);
    if (ec) canonical = dir.lexically_normal();
    if (std::find(chain_.begin(), chain_.end(), canonical) != chain_.end()) {
      throw C2aError(ErrorKind::InvalidInput, referencedAt,
                     fmt::format("nested cloud assembly {} contains itself", dir.string()));
    }
    if (chain_.size() > kMaxAssemblyDepth) {
      throw C2aError(
          ErrorKind::InvalidInput, referencedAt,
          fmt::format("cloud assemblies are nested more than {} levels deep", kMaxAssemblyDepth));
    }
    // Named twice (two artifacts, one directory): read once. Without this, a few kilobytes of
    // manifests naming the same nested assembly 8 times a level would be read 8^16 times.
    if (!read_.insert(canonical).second) return;
    chain_.push_back(canonical);
    readManifest(dir, relativeDir);
    chain_.pop_back();
  }

  std::vector<FoundStack> found;

 private:
  void readManifest(const fs::path& dir, const std::string& relativeDir) {
    auto file = (dir / "manifest.json").string();
    auto document =
        readSourceFile(pathInsideAssembly(dir, "manifest.json", {file}, "manifest"), limits_);
    auto locate = [&](const Path& path) { return document.locations->find(toPointer(path)); };
    const Json& root = document.root;
    if (!root.is_object()) {
      throw C2aError(ErrorKind::InvalidInput, locate({}),
                     "a cloud assembly manifest must be a JSON object");
    }
    const Json* artifacts = member(root, "artifacts");
    if (artifacts == nullptr) return;  // an app without stacks
    if (!artifacts->is_object()) {
      throw C2aError(ErrorKind::InvalidInput, locate({"artifacts"}),
                     "`artifacts` must be an object of artifact id → artifact");
    }
    // Sorted so the model does not depend on the order CDK happened to write.
    std::vector<std::string> ids;
    for (const auto& item : artifacts->items()) ids.push_back(item.key());
    std::sort(ids.begin(), ids.end());

    for (const auto& id : ids) {
      const Json& artifact = artifacts->at(id);
      Path at{"artifacts", id};
      const std::string* type = stringMember(artifact, "type");
      if (type == nullptr) {
        throw C2aError(ErrorKind::InvalidInput, locate(at),
                       fmt::format("artifact '{}' must be an object with a string `type`", id));
      }
      if (*type == kStackArtifact) {
        addStack(dir, relativeDir, id, artifact, locate);
      } else if (*type == kNestedAssemblyArtifact) {
        followNestedAssembly(dir, relativeDir, id, artifact, locate);
      }
      // Asset manifests, the construct tree, feature-flag reports...: nothing to model.
    }
  }

  template <typename Locate>
  void addStack(const fs::path& dir, const std::string& relativeDir, const std::string& id,
                const Json& artifact, const Locate& locate) {
    const Json* properties = member(artifact, "properties");
    const std::string* templateFile =
        properties != nullptr ? stringMember(*properties, "templateFile") : nullptr;
    if (templateFile == nullptr || templateFile->empty()) {
      throw C2aError(ErrorKind::InvalidInput, locate({"artifacts", id}),
                     fmt::format("stack artifact '{}' has no `properties.templateFile`", id));
    }
    StackArtifact stack;
    stack.name = id;
    stack.artifactId = id;
    stack.assemblyDir = dir.string();
    stack.templateFile =
        pathInsideAssembly(dir, *templateFile,
                           locate({"artifacts", id, "properties", "templateFile"}), "templateFile");
    if (const std::string* displayName = stringMember(artifact, "displayName")) {
      stack.constructPath = *displayName;
    }
    stack.declaredAt = locate({"artifacts", id, "properties", "templateFile"});
    if (const Json* dependencies = member(artifact, "dependencies");
        dependencies != nullptr && dependencies->is_array()) {
      for (const auto& dependency : *dependencies) {
        if (dependency.is_string()) stack.dependsOn.push_back(dependency.get<std::string>());
      }
    }
    if (const Json* url = member(*properties, "stackTemplateAssetObjectUrl")) {
      checkTemplateDeploys(assets_.of(dir.string()), dir.string(), *url, stack.templateFile,
                           locate({"artifacts", id, "properties", "stackTemplateAssetObjectUrl"}),
                           fmt::format("stack '{}'", id), limits_);
    }
    readEnvironment(artifact, *properties, stack);
    stack.creationSites = readCreationSites(dir, id, artifact, locate);
    found.push_back({std::move(stack), relativeDir});
  }

  // The metadata sits in manifest.json, or (CDK since 2025) in a file of its own that the
  // artifact names; a file outside the assembly is refused as every other path is.
  template <typename Locate>
  CreationSitesPtr readCreationSites(const fs::path& dir, const std::string& id,
                                     const Json& artifact, const Locate& locate) {
    auto sites = std::make_shared<CreationSites>();
    if (const Json* metadata = member(artifact, "metadata")) addCreationSites(*metadata, *sites);
    if (const std::string* file = stringMember(artifact, "additionalMetadataFile");
        file != nullptr && !file->empty()) {
      auto where = locate({"artifacts", id, "additionalMetadataFile"});
      auto path = pathInsideAssembly(dir, *file, where, "additionalMetadataFile");
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) {
        throw C2aError(ErrorKind::MissingInput, where,
                       fmt::format("stack artifact '{}' names the metadata file {}, which is not "
                                   "in the cloud assembly",
                                   id, *file));
      }
      addCreationSites(readSourceFile(path, limits_).root, *sites);
    }
    return sites;
  }

  // `aws://123456789012/eu-west-1`; CDK writes `unknown-account` / `unknown-region` for a stack
  // that deploys wherever the CLI's credentials point: unknown here too.
  static void readEnvironment(const Json& artifact, const Json& properties, StackArtifact& stack) {
    if (const std::string* name = stringMember(properties, "stackName")) stack.stackName = *name;
    const std::string* environment = stringMember(artifact, "environment");
    constexpr std::string_view kScheme = "aws://";
    if (environment == nullptr || environment->rfind(kScheme, 0) != 0) return;
    std::string_view rest(*environment);
    rest.remove_prefix(kScheme.size());
    auto slash = rest.find('/');
    if (slash == std::string_view::npos) return;
    auto account = rest.substr(0, slash);
    auto region = rest.substr(slash + 1);
    if (account != "unknown-account" && !account.empty()) stack.account = std::string(account);
    if (region != "unknown-region" && !region.empty() &&
        region.find('/') == std::string_view::npos) {
      stack.region = std::string(region);
    }
  }

  template <typename Locate>
  void followNestedAssembly(const fs::path& dir, const std::string& relativeDir,
                            const std::string& id, const Json& artifact, const Locate& locate) {
    const Json* properties = member(artifact, "properties");
    const std::string* directory =
        properties != nullptr ? stringMember(*properties, "directoryName") : nullptr;
    if (directory == nullptr || directory->empty()) {
      throw C2aError(
          ErrorKind::InvalidInput, locate({"artifacts", id}),
          fmt::format("nested assembly artifact '{}' has no `properties.directoryName`", id));
    }
    auto where = locate({"artifacts", id, "properties", "directoryName"});
    fs::path nested =
        pathInsideAssembly(dir, *directory, where, "directoryName", AssemblyEntry::Directory);
    std::error_code ec;
    if (!fs::is_regular_file(nested / "manifest.json", ec)) {
      throw C2aError(ErrorKind::MissingInput, where,
                     fmt::format("nested cloud assembly {} has no manifest.json", nested.string()));
    }
    read(nested, relativeDir.empty() ? *directory : relativeDir + "/" + *directory, where);
  }

  const ReadLimits& limits_;
  std::vector<fs::path> chain_;  // assemblies being read, outermost first
  std::set<fs::path> read_;      // every assembly read so far
  AssetIndexes& assets_;
};

}  // namespace

std::vector<StackArtifact> readAssemblyStacks(const std::string& dir, const ReadLimits& limits,
                                              AssetIndexes& assets) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(dir) / "manifest.json", ec)) {
    throw C2aError(ErrorKind::MissingInput, {dir},
                   "is a directory without manifest.json; expected a template file or a CDK cloud "
                   "assembly (cdk.out)");
  }
  ManifestWalker walker(limits, assets);
  walker.read(dir, "", {dir});

  // Artifact ids are unique within an assembly and, for stage stacks, across assemblies too (CDK
  // derives them from the full construct path); if two still collide, the directory tells them
  // apart.
  std::map<std::string, int> uses;
  for (const auto& stack : walker.found) ++uses[stack.artifact.artifactId];
  std::map<std::pair<std::string, std::string>, std::string> named;  // (dir, artifact id) → name
  for (auto& [artifact, relativeDir] : walker.found) {
    if (uses[artifact.artifactId] > 1 && !relativeDir.empty()) {
      artifact.name = relativeDir + "/" + artifact.artifactId;
    }
    named[{relativeDir, artifact.artifactId}] = artifact.name;
  }
  std::vector<StackArtifact> stacks;
  for (auto& [artifact, relativeDir] : walker.found) {
    // Dependencies name artifacts of the same assembly; those that are not stacks (asset
    // manifests) deploy nothing.
    std::vector<std::string> dependsOn;
    for (const auto& id : artifact.dependsOn) {
      if (auto it = named.find({relativeDir, id}); it != named.end())
        dependsOn.push_back(it->second);
    }
    artifact.dependsOn = std::move(dependsOn);
    stacks.push_back(std::move(artifact));
  }
  std::stable_sort(stacks.begin(), stacks.end(),
                   [](const auto& a, const auto& b) { return a.name < b.name; });
  return stacks;
}

}  // namespace c2a
