#include "aggregations/modules/modules.h"

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

}  // namespace c2a
