#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group componentTypeGroup(const ChangeFacts& facts, std::size_t index) {
  return {std::string(toString(facts.operation(index).componentType)), 0, {}};
}

}  // namespace

const AggregationModule kComponentType{
    "component-type", "Resource, Parameter, Output, Condition, Mapping, Construct, Stack",
    componentTypeGroup};

}  // namespace c2a::aggregation_modules
