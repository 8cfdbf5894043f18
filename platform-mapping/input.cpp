#include "platform-mapping/input.h"

#include <filesystem>

#include "platform-mapping/cdk/cloud_assembly.h"
#include "platform-mapping/cdk/constructs.h"
#include "platform-mapping/cloudformation/source_document.h"
#include "platform-mapping/cloudformation/template_mapper.h"

namespace c2a {

InfraModel loadInput(const std::string& path, const ReadLimits& limits, Diagnostics& warnings) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (!fs::exists(status)) {
    bool absent = !ec || ec == std::errc::no_such_file_or_directory;
    throw C2aError(ErrorKind::MissingInput, {path},
                   absent ? "no such file or directory" : "cannot access: " + ec.message());
  }

  InfraModel model;
  if (fs::is_directory(status)) {
    mapCloudAssembly(path, limits, model, warnings);
  } else {
    return loadTemplate(readSourceFile(path, limits), warnings);
  }
  // Once, after every stack is in: an import may name an export of any stack of the assembly.
  linkImports(model);
  return model;
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
