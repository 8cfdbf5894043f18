#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group stackGroup(const ChangeFacts& facts, std::size_t index) {
  const auto& stack = facts.operation(index).stack;
  if (stack.empty()) return {"(template)", 0, "the template"};
  return {stack, 0, "stack " + stack};
}

}  // namespace

const AggregationModule kStack{"stack", "the stack of a cloud assembly", stackGroup};

}  // namespace c2a::aggregation_modules
