#pragma once
// The manifest.json of a CDK cloud assembly: which stacks it holds and where their templates are.
#include <string>
#include <vector>

#include "model/source_location.h"
#include "platform-mapping/cdk/asset_index.h"
#include "platform-mapping/cdk/creation_sites.h"
#include "readers/read_limits.h"

namespace c2a {

/// One `aws:cloudformation:stack` artifact.
struct StackArtifact {
  std::string name;         // the stack name in the model: the artifact id (see readAssemblyStacks)
  std::string artifactId;   // as the manifest names it
  std::string assemblyDir;  // the (nested) assembly directory its files are relative to
  std::string templateFile;   // the template path, assemblyDir joined with `templateFile`
  std::string constructPath;  // `displayName`: the stack's construct path (`Stage/Stack`), or ""
  SourceLocation declaredAt;  // where the manifest names the template
  /// `environment` (`aws://ACCOUNT/REGION`, the `unknown-*` placeholders left empty) and
  /// `properties.stackName`.
  std::string account, region, stackName;
  /// The stacks it depends on (the artifact's `dependencies` that are stack artifacts of its
  /// assembly), by their names as returned: `cdk deploy` deploys them first.
  std::vector<std::string> dependsOn;
  /// Where the app made each construct of the stack and of its nested stacks (the artifact's
  /// `metadata` and `additionalMetadataFile`); never null.
  CreationSitesPtr creationSites;
};

/// Reads `dir`/manifest.json and, recursively, the manifests of the nested cloud assemblies that
/// CDK stages produce (`cdk:cloud-assembly` artifacts). Stacks are named by artifact id; ids seen
/// in more than one assembly are prefixed with their assembly's directory (relative to `dir`). The
/// result is sorted by name. A missing manifest throws C2aError MissingInput; a malformed one
/// InvalidInput with its location.
/// Each stack's template must be what its template asset deploys (deployed_template.h), checked
/// with the asset manifests `assets` reads.
std::vector<StackArtifact> readAssemblyStacks(const std::string& dir, const ReadLimits& limits,
                                              AssetIndexes& assets);

}  // namespace c2a
