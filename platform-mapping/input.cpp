#include "platform-mapping/input.h"

#include <filesystem>
#include <fstream>

#include "model/current_work.h"
#include "model/input_file.h"
#include "platform-mapping/cdk/constructs.h"
#include "platform-mapping/cdk/stack_tree.h"
#include "platform-mapping/cloudformation/nested_templates.h"
#include "platform-mapping/cloudformation/template_mapper.h"
#include "platform-mapping/input_readers.h"
#include "readers/source_document.h"

namespace c2a {

InfraModel loadInput(const std::string& path, const ReadLimits& limits, Diagnostics& warnings) {
  namespace fs = std::filesystem;
  const CurrentWork work("reading " + path, kReadLimitOptions);
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (!fs::exists(status)) {
    // As whyNotARegularFile: a path through a file ("t.yaml/x") names nothing, like a missing one.
    bool absent =
        !ec || ec == std::errc::no_such_file_or_directory || ec == std::errc::not_a_directory;
    throw C2aError(ErrorKind::MissingInput, {path},
                   absent ? "no such file or directory" : cannotAccess(ec));
  }
  InputProbe probe{path, fs::is_directory(status), {}};
  if (!probe.directory && fs::is_regular_file(status)) {
    // The first bytes only: a FIFO or a device is read once, by the reader that takes it.
    std::ifstream in(path, std::ios::binary);
    probe.head.resize(kProbeBytes);
    in.read(probe.head.data(), static_cast<std::streamsize>(probe.head.size()));
    probe.head.resize(static_cast<std::size_t>(in.gcount()));
  }
  for (const auto& reader : inputReaders()) {
    if (reader.accepts(probe)) return reader.read(path, limits, warnings);
  }
  throw C2aError(ErrorKind::InvalidInput, {path}, "not an input c2a reads");
}

InfraModel loadTemplateFile(const std::string& path, const ReadLimits& limits,
                            Diagnostics& warnings) {
  InfraModel model;
  // The nested stacks whose templates are on this machine (a local TemplateURL, or
  // --nested-template) are mapped as for a cloud assembly; the others are unseen.
  AssetIndexes assets(limits);  // a template file's nested stacks name no asset manifest
  StackTreeMapper mapper(limits, model, warnings, assets);
  StackTemplate root;
  root.file = path;
  mapper.map(root);
  linkImports(model);
  return model;
}

namespace {

/// What a template read without a file gets once mapped: its nested stacks said unseen, its
/// stack, constructs and imports.
void finishLoneTemplate(InfraModel& model, ComponentIndex stack, Diagnostics& warnings) {
  // A template given without a file (standard input, a rule test) has no nested templates
  // beside it: what its nested stacks deploy is unseen, unless their URLs name their content and
  // they do not change.
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Resource ||
        component.subtype != "AWS::CloudFormation::Stack") {
      continue;
    }
    Diagnostic warning{ErrorKind::InvalidInput, component.location(),
                       "nested stack " + component.name +
                           ": a template given without a file holds no nested template, so its "
                           "resources are not analysed; compare template files or cloud "
                           "assemblies (cdk.out) to include them",
                       true};
    const Json* url = component.properties.contains("Properties") &&
                              component.properties["Properties"].is_object() &&
                              component.properties["Properties"].contains("TemplateURL")
                          ? &component.properties["Properties"]["TemplateURL"]
                          : nullptr;
    if (url != nullptr && templateUrlNamesContent(*url)) {
      warning.seenIfUnchanged = Diagnostic::Resource{"", component.name};
    }
    warnings.push_back(std::move(warning));
  }
  model.addStack("");
  // A template CDK synthesized carries the construct paths too, wherever it is read from.
  addConstructs(model, "", stack);
  linkImports(model);
}

}  // namespace

InfraModel loadTemplate(const SourceDocument& document, Diagnostics& warnings) {
  InfraModel model;
  ComponentIndex stack = mapTemplate(document, "", model, warnings);
  finishLoneTemplate(model, stack, warnings);
  return model;
}

InfraModel loadTemplate(SourceDocument&& document, Diagnostics& warnings) {
  InfraModel model;
  ComponentIndex stack = mapTemplate(std::move(document), "", model, warnings);
  finishLoneTemplate(model, stack, warnings);
  return model;
}

}  // namespace c2a
