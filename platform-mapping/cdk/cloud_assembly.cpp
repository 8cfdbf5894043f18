#include "platform-mapping/cdk/cloud_assembly.h"

#include <filesystem>
#include <utility>

#include "platform-mapping/cdk/assembly_manifest.h"
#include "platform-mapping/cdk/stack_tree.h"

namespace c2a {

void mapCloudAssembly(const std::string& dir, const ReadLimits& limits, InfraModel& model,
                      Diagnostics& warnings) {
  auto stacks = readAssemblyStacks(dir, limits);
  if (stacks.empty()) {
    Diagnostic warning;
    warning.where.file = (std::filesystem::path(dir) / "manifest.json").string();
    warning.message = "the cloud assembly holds no stack (no aws:cloudformation:stack artifact)";
    warnings.push_back(std::move(warning));
  }
  StackTreeMapper mapper(limits, model, warnings);
  for (const auto& stack : stacks) {
    mapper.map({stack.name,
                stack.templateFile,
                stack.constructPath,
                stack.assemblyDir,
                stack.declaredAt,
                {stack.account, stack.region, stack.stackName}});
  }
}

}  // namespace c2a
