#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group constructPathGroup(const ChangeFacts& facts, std::size_t index) {
  const Component* component = facts.component(index);
  std::string path = component != nullptr ? component->constructPath() : std::string();
  if (path.empty()) return {"(none)", 1, "no construct path"};
  // The construct that holds the resource: its path without the resource's own last part.
  auto slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) path.resize(slash);
  return {path, 0, {}};
}

}  // namespace

const AggregationModule kConstructPath{
    "construct-path", "the CDK construct that holds the resource (from aws:cdk:path)",
    constructPathGroup};

}  // namespace c2a::aggregation_modules
