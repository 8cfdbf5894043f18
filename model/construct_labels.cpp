#include "model/construct_labels.h"

#include <set>

namespace c2a {

std::map<std::string, ReadableNames, std::less<>> constructNames(const InfraModel& model) {
  std::map<std::string, ReadableNames, std::less<>> out;
  std::map<std::string, std::set<std::string>, std::less<>> shared;  // labels seen twice, by stack
  std::map<std::pair<std::string, std::string>, std::string> owner;  // (stack, label) → id
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Resource) continue;
    auto label = component.constructLabel();
    if (label.empty()) continue;
    auto [it, fresh] = owner.try_emplace({component.stack, label}, component.name);
    if (!fresh) {
      shared[component.stack].insert(label);
      continue;
    }
    out[component.stack][component.name] = std::move(label);
  }
  for (auto& [stack, labels] : shared) {
    auto& names = out[stack];
    std::erase_if(names, [&](const auto& entry) { return labels.contains(entry.second); });
  }
  std::erase_if(out, [](const auto& entry) { return entry.second.empty(); });
  return out;
}

}  // namespace c2a
