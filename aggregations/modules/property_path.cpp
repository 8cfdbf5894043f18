#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group propertyPathGroup(const ChangeFacts& facts, std::size_t index) {
  const auto& op = facts.operation(index);
  if (!op.property) return {"(component)", 0, "the component itself"};
  // The top-level property (Properties.X, DeletionPolicy...): where the edit was made.
  const auto& path = op.property->path;
  std::string top = path.empty() ? std::string() : path[0];
  if (top == "Properties" && path.size() > 1) top += "." + path[1];
  return {top, 1, {}};
}

}  // namespace

const AggregationModule kPropertyPath{
    "property-path",
    "the changed property (Properties.BucketName); the component itself for component changes",
    propertyPathGroup};

}  // namespace c2a::aggregation_modules
