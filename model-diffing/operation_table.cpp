#include "model-diffing/operation_table.h"

#include <algorithm>
#include <cctype>

namespace c2a::diffing {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

int operationRank(OperationType type) {
  switch (type) {
    case OperationType::Remove: return 0;
    case OperationType::Insert: return 1;
    case OperationType::Rename: return 2;
    case OperationType::Replace: return 3;
    case OperationType::Update: return 4;
  }
  return 5;
}

int componentRank(ComponentType type) {
  switch (type) {
    case ComponentType::Stack: return 0;
    case ComponentType::Resource: return 1;
    case ComponentType::Parameter: return 2;
    case ComponentType::Condition: return 3;
    case ComponentType::Mapping: return 4;
    case ComponentType::Output: return 5;
    case ComponentType::Construct: return 6;
  }
  return 7;
}

// Path order with numbers as numbers, so `Tags.2` sorts before `Tags.10`.
bool pathLess(const Path& a, const Path& b) {
  auto numeric = [](const std::string& s) {
    return !s.empty() && s.size() < 18 &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
  };
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] == b[i]) continue;
    if (numeric(a[i]) && numeric(b[i])) return std::stoll(a[i]) < std::stoll(b[i]);
    return a[i] < b[i];
  }
  return a.size() < b.size();
}

}  // namespace

std::string operationId(const Operation& operation) {
  std::string id;
  if (!operation.stack.empty() && operation.componentType != ComponentType::Stack) {
    id += operation.stack + "/";
  }
  id += toString(operation.componentType);
  id += ':';
  id += operation.name;
  id += ':';
  if (operation.type == OperationType::Update && operation.property) {
    id += toDotted(operation.property->path);
    id += ':';
    id += lower(toString(operation.property->operation));
  } else {
    id += toString(operation.type);
  }
  return id;
}

std::size_t OperationTable::add(Operation operation) {
  const Component* component =
      operation.after ? &after_.component(*operation.after) : &before_.component(*operation.before);
  operation.stack = component->stack;
  operation.componentType = component->type;
  operation.subtype = component->subtype;
  operation.name = component->name;
  if (operation.type == OperationType::Rename && operation.before) {
    operation.oldName = before_.component(*operation.before).name;
  }
  operation.id = operationId(operation);
  if (int uses = idUses_[operation.id]++; uses > 0) {
    operation.id += "#" + std::to_string(uses + 1);
  }

  std::size_t index = operations_.size();
  if (operation.after) {
    auto after = *operation.after;
    switch (operation.type) {
      case OperationType::Update:
        updates_.emplace(std::make_pair(after, toDotted(operation.property->path)), index);
        break;
      case OperationType::Replace:
      case OperationType::Rename: replacements_.emplace(after, index); break;
      case OperationType::Insert: insertions_.emplace(after, index); break;
      case OperationType::Remove: break;
    }
  }
  operations_.push_back(std::move(operation));
  return index;
}

std::optional<std::size_t> OperationTable::updateAt(ComponentIndex after, const Path& path) const {
  auto it = updates_.find(std::make_pair(after, toDotted(path)));
  if (it == updates_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::size_t> OperationTable::replacementOf(ComponentIndex after) const {
  auto it = replacements_.find(after);
  if (it == replacements_.end()) return std::nullopt;
  return it->second;
}

bool OperationTable::isInserted(ComponentIndex after) const {
  return insertions_.count(after) != 0;
}

std::optional<ComponentIndex> OperationTable::counterpart(ComponentIndex after) const {
  auto it = counterpart_.find(after);
  if (it == counterpart_.end()) return std::nullopt;
  return it->second;
}

std::vector<Operation> OperationTable::release() {
  std::vector<Operation> out = std::move(operations_);
  std::stable_sort(out.begin(), out.end(), [](const Operation& a, const Operation& b) {
    if (a.stack != b.stack) return a.stack < b.stack;
    if (a.componentType != b.componentType) {
      return componentRank(a.componentType) < componentRank(b.componentType);
    }
    if (a.name != b.name) return a.name < b.name;
    if (a.type != b.type) return operationRank(a.type) < operationRank(b.type);
    if (a.property && b.property) {
      if (a.property->path != b.property->path) return pathLess(a.property->path, b.property->path);
      return a.property->operation < b.property->operation;
    }
    return a.id < b.id;
  });
  return out;
}

}  // namespace c2a::diffing
