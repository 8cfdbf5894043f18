#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group certaintyGroup(const ChangeFacts& facts, std::size_t index) {
  if (facts.operation(index).certainty == Certainty::Definite) return {"definite", 0, {}};
  return {"possible", 1, "possible (decided at deploy time)"};
}

}  // namespace

const AggregationModule kCertainty{
    "certainty", "definite, or possible (rests on something known only at deploy time)",
    certaintyGroup};

}  // namespace c2a::aggregation_modules
