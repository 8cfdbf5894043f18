#include "model/construct_labels.h"

#include <set>

namespace c2a {

bool isShowableLabel(std::string_view label) {
  if (label.empty()) return false;
  for (char c : label) {
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte > 0x7e || c == '$' || c == '{' || c == '}') return false;
  }
  return true;
}

std::map<std::string, ReadableNames, std::less<>> constructNames(const InfraModel& model) {
  std::map<std::string, ReadableNames, std::less<>> out;
  std::map<std::string, std::set<std::string>, std::less<>> shared;  // labels seen twice, by stack
  std::map<std::pair<std::string, std::string>, std::string> owner;  // (stack, label) → id
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Resource) continue;
    auto label = component.constructLabel();
    if (!isShowableLabel(label) || label.find('.') != std::string::npos) continue;
    auto [it, fresh] = owner.try_emplace({component.stack, label}, component.name);
    if (!fresh) {
      shared[component.stack].insert(label);
      continue;
    }
    out[component.stack][component.name] = std::move(label);
  }
  // (A named reference: a lambda cannot capture a structured binding before C++20's clang 16.)
  for (auto& entry : shared) {
    const auto& labels = entry.second;
    auto& names = out[entry.first];
    std::erase_if(names, [&](const auto& named) { return labels.contains(named.second); });
  }
  // A label that is a logical id of its stack would read as that resource.
  std::map<std::string, std::set<std::string>, std::less<>> ids;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (out.contains(component.stack)) ids[component.stack].insert(component.name);
  }
  for (auto& [stack, names] : out) {
    const auto& taken = ids[stack];
    std::erase_if(names, [&](const auto& entry) { return taken.contains(entry.second); });
  }
  std::erase_if(out, [](const auto& entry) { return entry.second.empty(); });
  return out;
}

void keepAgreedNames(std::map<std::string, ReadableNames, std::less<>>& before,
                     std::map<std::string, ReadableNames, std::less<>>& after) {
  auto disagree = [](const ReadableNames& one, const ReadableNames* other) {
    std::set<std::string> out;
    if (other == nullptr) return out;
    std::map<std::string, std::string, std::less<>> idOf;  // name → logical id, on the other side
    for (const auto& [id, name] : *other) idOf.emplace(name, id);
    for (const auto& [id, name] : one) {
      auto same = other->find(id);
      auto owner = idOf.find(name);
      if ((same != other->end() && same->second != name) ||
          (owner != idOf.end() && owner->second != id)) {
        out.insert(id);
      }
    }
    return out;
  };
  for (auto& [stack, names] : before) {
    auto other = after.find(stack);
    auto* otherNames = other == after.end() ? nullptr : &other->second;
    auto dropped = disagree(names, otherNames);
    if (otherNames != nullptr) {
      for (const auto& id : disagree(*otherNames, &names)) dropped.insert(id);
    }
    // A dropped id frees its name on neither side: whoever holds the name there is dropped too.
    std::set<std::string> droppedNames;
    for (const auto& id : dropped) {
      if (auto it = names.find(id); it != names.end()) droppedNames.insert(it->second);
      if (otherNames != nullptr) {
        if (auto it = otherNames->find(id); it != otherNames->end())
          droppedNames.insert(it->second);
      }
    }
    auto drop = [&](ReadableNames& side) {
      std::erase_if(side, [&](const auto& entry) {
        return dropped.contains(entry.first) || droppedNames.contains(entry.second);
      });
    };
    drop(names);
    if (otherNames != nullptr) drop(*otherNames);
  }
}

}  // namespace c2a
