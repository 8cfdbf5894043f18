#include "aggregations/modules/modules.h"

namespace c2a::aggregation_modules {
namespace {

Group operationGroup(const ChangeFacts& facts, std::size_t index) {
  auto type = facts.operation(index).type;
  // Replacements and renames lose data first; in-place updates matter least.
  switch (type) {
    case OperationType::Replace: return {"REPLACE", 0, "replacements"};
    case OperationType::Rename: return {"RENAME", 1, "renames"};
    case OperationType::Remove: return {"REMOVE", 2, "removals"};
    case OperationType::Insert: return {"INSERT", 3, "additions"};
    case OperationType::Update: return {"UPDATE", 4, "updates"};
  }
  return {std::string(toString(type)), 5, {}};
}

}  // namespace

const AggregationModule kOperation{"operation", "INSERT, REMOVE, UPDATE, REPLACE, RENAME",
                                   operationGroup};

}  // namespace c2a::aggregation_modules
