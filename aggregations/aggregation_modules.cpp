#include "aggregations/modules/modules.h"
#include "model/error.h"

namespace c2a {

// One line per module; the order is the one --help and docs/report.md list.
const std::vector<AggregationModule>& aggregationModules() {
  using namespace aggregation_modules;
  static const std::vector<AggregationModule> table{
      kAction,       kRisk,  kResourceType, kComponentType, kComponent,     kOperation,
      kPropertyPath, kCause, kCertainty,    kStack,         kConstructPath, kRootCause,
  };
  return table;
}

const AggregationModule* findAggregationModule(std::string_view name) {
  for (const auto& module : aggregationModules()) {
    if (module.name == name) return &module;
  }
  return nullptr;
}

std::vector<const AggregationModule*> resolveAggregationLevels(
    const std::vector<std::string>& levels) {
  std::vector<const AggregationModule*> modules;
  for (const auto& name : levels) {
    const auto* module = findAggregationModule(name);
    if (module == nullptr) {
      std::string known;
      for (const auto& m : aggregationModules()) {
        known += (known.empty() ? "" : ", ") + std::string(m.name);
      }
      throw C2aError(ErrorKind::Usage, {}, "unknown level `" + name + "` (known: " + known + ")");
    }
    modules.push_back(module);
  }
  return modules;
}

}  // namespace c2a
