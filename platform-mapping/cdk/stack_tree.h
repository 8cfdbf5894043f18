#pragma once
// One stack of a cloud assembly, with the nested stacks it deploys, into the InfraModel.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/error.h"
#include "model/infra_model.h"
#include "model/json.h"
#include "model/source_location.h"
#include "platform-mapping/cdk/asset_index.h"
#include "platform-mapping/cdk/creation_sites.h"
#include "readers/read_limits.h"
#include "readers/source_document.h"

namespace c2a {

struct StackTemplate {
  std::string stack;               // the stack name in the model
  std::string file;                // its template
  std::string constructPath;       // the stack's CDK construct path, or "" (see addConstructs)
  std::string assemblyDir;         // nested-stack templates (`aws:asset:path`) are relative to it
  SourceLocation namedAt;          // where the template is named, for errors about it
  StackEnvironment environment;    // from the manifest; a nested stack has its parent's account
                                   // and region, and a name CloudFormation makes up
  CreationSitesPtr creationSites;  // the assembly stack's, shared by its nested stacks; or null
};

/// Maps the template (mapTemplate), its constructs, and recursively every nested stack: a resource
/// of type AWS::CloudFormation::Stack (as mapped: a SAM application is one) whose template is
/// found becomes the stack `<stack>/<logical id>` (`<logical id>` under a template file's own
/// stack ""), linked to its parent by linkNestedStack. Found: by ReadLimits::nestedTemplates
/// (--nested-template), by a local TemplateURL inside the given template's directory (template
/// files), or in an assembly by its `aws:asset:path` metadata or its TemplateURL's object key in an
/// asset manifest. One not found is a not-analysed warning (Diagnostic::notAnalysed), dropped
/// while the stack resource is unchanged when its TemplateURL names its content.
/// Registers every stack with model.addStack. Cycles, nesting deeper than 16 levels and more than
/// 2000 stacks in all, and more mapped text than twice --max-input-bytes in all, throw C2aError
/// InvalidInput; a missing template throws MissingInput, located where it is named. Does not link
/// imports (call linkImports once every stack is mapped).
class StackTreeMapper {
 public:
  /// `assets`: the asset indexes of the assemblies (shared with readAssemblyStacks).
  StackTreeMapper(const ReadLimits& limits, InfraModel& model, Diagnostics& warnings,
                  AssetIndexes& assets)
      : limits_(limits), model_(model), warnings_(warnings), assets_(assets) {}

  /// Reads a template file: readSourceFile, or a document parsed ahead (template_prefetch.h).
  using TemplateReader = std::function<SourceDocument(const std::string& file)>;

  /// `read` reads this stack's own template (nested stacks' are read with readSourceFile).
  void map(const StackTemplate& source, const TemplateReader& read = {});

 private:
  /// The parent's components are [first, end) of the model.
  void mapNestedStacks(const StackTemplate& parent, ComponentIndex first, ComponentIndex end);
  /// The template --nested-template names for a nested stack (by path, logical id or
  /// TemplateURL).
  std::optional<std::string> givenTemplate(const StackTemplate& parent, const std::string& path,
                                           const std::string& logicalId,
                                           const Json* templateUrl) const;
  [[nodiscard]] std::string whyNotReadable(const std::string& file) const;
  void warnNotFound(const StackTemplate& parent, const std::string& logicalId,
                    const Component& component, const Json* templateUrl, const std::string& why);
  /// The template a nested stack's TemplateURL names in the assembly's asset manifests.
  std::optional<std::string> templateFromAssets(const StackTemplate& parent, const Json& resource);

  const ReadLimits& limits_;
  InfraModel& model_;
  Diagnostics& warnings_;
  std::vector<std::string> chain_;  // canonical template paths of the stacks being mapped
  std::string rootDirectory_;       // of the template given: local TemplateURLs stay inside it
  std::size_t stackCount_ = 0;
  std::size_t mappedText_ = 0;  // of every stack mapped so far
  AssetIndexes& assets_;
};

}  // namespace c2a
