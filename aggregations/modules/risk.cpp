#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group riskGroup(const ChangeFacts& facts, std::size_t index) {
  switch (facts.decision(index).risk) {
    case Risk::High: return {"high", 0, "high risk"};
    case Risk::Unknown: return {"unknown", 1, "unknown risk"};
    case Risk::Low: return {"low", 2, "low risk"};
  }
  return {"unknown", 1, "unknown risk"};
}

}  // namespace

const AggregationModule kRisk{"risk", "the risk the rules gave: high, unknown, low", riskGroup};

}  // namespace c2a::aggregation_modules
