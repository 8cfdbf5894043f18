#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group actionGroup(const ChangeFacts& facts, std::size_t index) {
  switch (facts.decision(index).action) {
    case Action::Reject: return {"reject", 0, "rejected"};
    case Action::None: return {"review", 1, "needs review"};
    case Action::Approve: return {"approve", 2, "approved"};
  }
  return {"review", 1, "needs review"};
}

}  // namespace

const AggregationModule kAction{
    "action", "what the rules decided: reject, review (no action), approve", actionGroup};

}  // namespace c2a::aggregation_modules
