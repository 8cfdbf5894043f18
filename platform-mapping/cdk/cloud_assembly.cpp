#include "platform-mapping/cdk/cloud_assembly.h"

#include <filesystem>
#include <utility>

#include "platform-mapping/cdk/assembly_manifest.h"
#include "platform-mapping/cdk/stack_tree.h"
#include "platform-mapping/cdk/template_prefetch.h"

namespace c2a {

void mapCloudAssembly(const std::string& dir, const ReadLimits& limits, InfraModel& model,
                      Diagnostics& warnings) {
  AssetIndexes assets(limits);
  auto stacks = readAssemblyStacks(dir, limits, assets);
  if (stacks.empty()) {
    Diagnostic warning;
    warning.where.file = (std::filesystem::path(dir) / "manifest.json").string();
    warning.message = "the cloud assembly holds no stack (no aws:cloudformation:stack artifact)";
    warnings.push_back(std::move(warning));
  }
  // The templates are parsed side by side; the mapping takes them in the manifest's order.
  std::vector<std::string> files;
  files.reserve(stacks.size());
  for (const auto& stack : stacks) files.push_back(stack.templateFile);
  TemplatePrefetch prefetch(std::move(files), limits);
  StackTreeMapper mapper(limits, model, warnings, assets);
  for (std::size_t i = 0; i < stacks.size(); ++i) {
    const auto& stack = stacks[i];
    mapper.map({stack.name,
                stack.templateFile,
                stack.constructPath,
                stack.assemblyDir,
                stack.declaredAt,
                {stack.account, stack.region, stack.stackName, stack.dependsOn},
                stack.creationSites},
               [&prefetch, i](const std::string&) { return prefetch.take(i); });
  }
}

}  // namespace c2a
