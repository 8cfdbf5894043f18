#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group causeGroup(const ChangeFacts& facts, std::size_t index) {
  const auto& op = facts.operation(index);
  if (op.propagated) return {"propagated", 1, "propagated from another component"};
  return {"direct", 0, "direct edits"};
}

}  // namespace

const AggregationModule kCause{
    "cause", "direct (edited in this component) or propagated (a side effect of another component)",
    causeGroup};

}  // namespace c2a::aggregation_modules
