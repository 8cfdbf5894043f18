#pragma once
// The file assets of a cloud assembly, from its asset manifests (`*.assets.json`): CDK names a
// nested stack's template there, and in the parent only through the TemplateURL's object key (the
// asset hash), when the template carries no `aws:asset:path` metadata (integration snapshots,
// assemblies synthesised without asset metadata).
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "model/json.h"
#include "readers/read_limits.h"

namespace c2a {

class AssetIndex {
 public:
  /// Reads every `*.assets.json` in `assemblyDir` (not below it). Unreadable or malformed asset
  /// manifests are skipped: they only help to find templates, and a template not found is
  /// reported where it is needed.
  AssetIndex(const std::string& assemblyDir, const ReadLimits& limits);

  /// The asset file (path relative to the assembly) a nested stack's TemplateURL names: a string
  /// inside it ends with an asset's object key, or with its hash and `.json`.
  [[nodiscard]] std::optional<std::string> templateFor(const Json& templateUrl) const;

 private:
  std::map<std::string, std::string> byKey_;  // object key or "<hash>.json" → source path
};

/// The asset indexes of the assemblies read, each read once: the manifest reader checks a stack's
/// template asset with it and the stack mapper then finds nested templates in the same one.
class AssetIndexes {
 public:
  explicit AssetIndexes(const ReadLimits& limits) : limits_(limits) {}
  const AssetIndex& of(const std::string& assemblyDir);

 private:
  const ReadLimits& limits_;
  std::map<std::string, std::unique_ptr<AssetIndex>> indexes_;
};

}  // namespace c2a
