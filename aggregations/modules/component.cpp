#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group componentGroup(const ChangeFacts& facts, std::size_t index) {
  const auto& op = facts.operation(index);
  std::string value = op.stack.empty() ? op.name : op.stack + "/" + op.name;
  return {value, 0, op.name};
}

}  // namespace

const AggregationModule kComponent{"component", "the component (logical id, with its stack)",
                                   componentGroup};

}  // namespace c2a::aggregation_modules
