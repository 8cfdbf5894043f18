#include "platform-mapping/input.h"

#include <filesystem>
#include <fstream>

#include "model/input_file.h"
#include "platform-mapping/cdk/constructs.h"
#include "platform-mapping/cloudformation/source_document.h"
#include "platform-mapping/cloudformation/template_mapper.h"
#include "platform-mapping/input_readers.h"

namespace c2a {

InfraModel loadInput(const std::string& path, const ReadLimits& limits, Diagnostics& warnings) {
  namespace fs = std::filesystem;
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

InfraModel loadTemplate(const SourceDocument& document, Diagnostics& warnings) {
  InfraModel model;
  ComponentIndex stack = mapTemplate(document, "", model, warnings);
  // A template file holds no nested template: what its nested stacks deploy is unseen.
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Resource ||
        component.subtype != "AWS::CloudFormation::Stack") {
      continue;
    }
    warnings.push_back(Diagnostic{
        ErrorKind::InvalidInput, component.location(),
        "nested stack " + component.name +
            ": a template file does not hold its nested template, so its resources are not "
            "analysed; compare cloud assemblies (cdk.out) to include them",
        true});
  }
  model.addStack("");
  // A template CDK synthesized carries the construct paths too, wherever it is read from.
  addConstructs(model, "", stack);
  linkImports(model);
  return model;
}

}  // namespace c2a
