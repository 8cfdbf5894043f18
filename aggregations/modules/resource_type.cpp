#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group resourceTypeGroup(const ChangeFacts& facts, std::size_t index) {
  const auto& op = facts.operation(index);
  // Components other than resources group under their kind ("Parameter").
  if (op.subtype.empty()) return {std::string(toString(op.componentType)), 1, {}};
  return {op.subtype, 0, {}};
}

}  // namespace

const AggregationModule kResourceType{
    "resource-type", "the resource type (AWS::S3::Bucket); other components by their kind",
    resourceTypeGroup};

}  // namespace c2a::aggregation_modules
