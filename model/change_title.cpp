#include "model/change_title.h"

namespace c2a {

// A CDK app's logical ids are hashes of construct paths: the path first, as its author wrote it.
std::string componentName(const Operation& operation) {
  if (operation.label.empty() || operation.label == operation.name) return operation.name;
  return operation.label + " (" + operation.name + ")";
}

std::string changeTitle(const Operation& operation) {
  std::string who = operation.componentType == ComponentType::Resource
                        ? componentName(operation)
                        : std::string(toString(operation.componentType)) + " " + operation.name;
  if (!operation.stack.empty()) who = operation.stack + "/" + who;
  switch (operation.type) {
    case OperationType::Insert: return who + " added";
    case OperationType::Remove: return who + " removed";
    case OperationType::Replace: return who + " replacement";
    case OperationType::Rename: return who + " renamed from " + operation.oldName;
    case OperationType::Update: break;
  }
  if (!operation.property) return who + " update";
  const auto& p = *operation.property;
  const char* verb = "changed";
  switch (p.operation) {
    case PropertyOperationType::Insert: verb = "added"; break;
    case PropertyOperationType::Remove: verb = "removed"; break;
    case PropertyOperationType::Move: verb = "moved"; break;
    case PropertyOperationType::Update: break;
  }
  return who + " " + toDotted(p.path) + " " + verb;
}

}  // namespace c2a
