#include "platform-mapping/cdk/asset_index.h"

#include <filesystem>

#include "model/error.h"
#include "platform-mapping/cdk/string_field.h"
#include "readers/source_document.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Every string inside a value (a TemplateURL is usually an Fn::Join or Fn::Sub of parts).
template <typename Visit>
void forEachString(const Json& value, const Visit& visit, int depth = 0) {
  if (depth > 32) return;
  if (value.is_string()) {
    visit(value.get_ref<const std::string&>());
  } else if (value.is_array() || value.is_object()) {
    for (const auto& item : value) forEachString(item, visit, depth + 1);
  }
}

}  // namespace

AssetIndex::AssetIndex(const std::string& assemblyDir, const ReadLimits& limits) {
  std::error_code ec;
  std::vector<fs::path> manifests;
  for (const auto& entry : fs::directory_iterator(assemblyDir, ec)) {
    auto name = entry.path().filename().string();
    if (endsWith(name, ".assets.json") && entry.is_regular_file(ec))
      manifests.push_back(entry.path());
  }
  std::sort(manifests.begin(), manifests.end());
  for (const auto& manifest : manifests) {
    Json root;
    try {
      root = readSourceFile(manifest.string(), limits).root;
    } catch (const C2aError&) {
      continue;
    }
    const auto files = root.is_object() ? root.find("files") : root.end();
    if (!root.is_object() || files == root.end() || !files->is_object()) continue;
    for (const auto& [hash, asset] : files->items()) {
      const Json* source =
          asset.is_object() && asset.contains("source") ? &asset["source"] : nullptr;
      const std::string* path = source != nullptr ? stringAt(*source, "path") : nullptr;
      if (path == nullptr || !endsWith(*path, ".json")) continue;
      byKey_.try_emplace(hash + ".json", *path);
      if (!asset.contains("destinations") || !asset["destinations"].is_object()) continue;
      for (const auto& destination : asset["destinations"]) {
        if (const std::string* key = stringAt(destination, "objectKey"))
          byKey_.try_emplace(*key, *path);
      }
    }
  }
}

const AssetIndex& AssetIndexes::of(const std::string& assemblyDir) {
  auto [it, added] = indexes_.try_emplace(assemblyDir, nullptr);
  if (added) it->second = std::make_unique<AssetIndex>(assemblyDir, limits_);
  return *it->second;
}

std::optional<std::string> AssetIndex::templateFor(const Json& templateUrl) const {
  std::optional<std::string> found;
  forEachString(templateUrl, [&](const std::string& text) {
    if (found) return;
    // The object key is the URL's last segment: ".../<bucket>/<key>".
    auto slash = text.rfind('/');
    std::string last = slash == std::string::npos ? text : text.substr(slash + 1);
    if (auto it = byKey_.find(last); it != byKey_.end()) found = it->second;
  });
  return found;
}

}  // namespace c2a
