#include "aggregations/modules/modules.h"
#include "model/change_title.h"

namespace c2a::aggregation_modules {
namespace {

Group rootCauseGroup(const ChangeFacts& facts, std::size_t index) {
  auto root = facts.causes().root(index);
  const auto& op = facts.operation(root);
  return {op.id, 0, "caused by " + changeTitle(op)};
}

}  // namespace

const AggregationModule kRootCause{"root-cause", "the change at the start of the cause chain",
                                   rootCauseGroup};

}  // namespace c2a::aggregation_modules
