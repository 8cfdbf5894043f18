// linkImports: Fn::ImportValue → the Output exporting that name, across the stacks of a model.
#include <string>
#include <unordered_map>
#include <vector>

#include "model/references.h"
#include "platform-mapping/cloudformation/intrinsics/literal_string.h"
#include "platform-mapping/cloudformation/template_mapper.h"

namespace c2a {
namespace {

// Names that evaluate to the same string match (`${AWS::StackName}-Vpc` exported by stack
// "network" matches an import of "network-Vpc"); names that cannot be evaluated match when they
// are written the same.
std::string exportKey(const Json& name, const std::string& stack) {
  // The prefix keeps a literal apart from a JSON text that reads the same.
  auto literal = literalString(name, stack);
  std::string key(1, literal ? 's' : 'j');
  key.append(literal ? *literal : name.dump());
  return key;
}

bool mayImport(ComponentType type) {
  return type == ComponentType::Resource || type == ComponentType::Output ||
         type == ComponentType::Condition || type == ComponentType::Parameter;
}

}  // namespace

void linkImports(InfraModel& model) {
  std::unordered_map<std::string, std::vector<ComponentIndex>> exporters;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Output || !component.properties.is_object()) continue;
    auto exported = component.properties.find("Export");
    if (exported == component.properties.end() || !exported->is_object()) continue;
    auto name = exported->find("Name");
    if (name == exported->end()) continue;
    exporters[exportKey(*name, component.stack)].push_back(i);
  }
  if (exporters.empty()) return;

  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (!mayImport(component.type)) continue;
    for (auto& reference : entityReferences(component.type, component.properties)) {
      if (reference.kind != ReferenceKind::ImportValue) continue;
      auto found = exporters.find(exportKey(reference.importName, component.stack));
      if (found == exporters.end()) continue;  // exported by a stack outside this model
      for (auto exporter : found->second) {
        if (exporter == i) continue;
        model.addRelationship(i, exporter,
                              Relationship{RelationshipKind::Dependency,
                                           ReferenceKind::ImportValue,
                                           reference.sourcePath,
                                           {}});
      }
    }
  }
}

}  // namespace c2a
