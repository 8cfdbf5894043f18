#pragma once
// One aggregation module: a way to group changes (by risk, by resource type...). Each module is
// one file in modules/ and one line in the table of aggregation_modules.cpp.
#include <string>
#include <string_view>
#include <vector>

#include "model/cause_chain.h"
#include "model/decision.h"
#include "model/diff.h"

namespace c2a {

/// What a module may read about a change: the operation, its decision, its cause chain.
class ChangeFacts {
 public:
  ChangeFacts(const ModelDiff& diff, const Decisions& decisions, const CauseIndex& causes)
      : diff_(diff), decisions_(decisions), causes_(causes) {}

  [[nodiscard]] const ModelDiff& diff() const { return diff_; }
  [[nodiscard]] const Operation& operation(std::size_t index) const {
    return diff_.operations[index];
  }
  [[nodiscard]] const Decision& decision(std::size_t index) const { return decisions_[index]; }
  [[nodiscard]] const CauseIndex& causes() const { return causes_; }
  /// The changed component: its AFTER side, else its BEFORE side; null when the models are not
  /// at hand.
  [[nodiscard]] const Component* component(std::size_t index) const {
    const auto& op = diff_.operations[index];
    if (op.after && diff_.after != nullptr) return &diff_.after->component(*op.after);
    if (op.before && diff_.before != nullptr) return &diff_.before->component(*op.before);
    return nullptr;
  }

 private:
  const ModelDiff& diff_;
  const Decisions& decisions_;
  const CauseIndex& causes_;  // over diff_.operations
};

/// The group a change falls in at one level.
struct Group {
  std::string value;  // what the JSON report shows as the node's value
  int rank = 0;       // groups are ordered by rank, then value: what matters most comes first
  std::string label;  // how a description names the group; empty: the value
};

struct AggregationModule {
  std::string_view name;     // "resource-type": what --group-by takes
  std::string_view summary;  // one line for --help and docs/report.md
  Group (*group)(const ChangeFacts& facts, std::size_t operation);
};

/// Every module, in the order --help lists them.
const std::vector<AggregationModule>& aggregationModules();
/// The module named `name`, or null.
const AggregationModule* findAggregationModule(std::string_view name);
/// The modules named by `levels`, in order. Throws C2aError (usage) naming the first unknown level
/// and the known ones.
std::vector<const AggregationModule*> resolveAggregationLevels(
    const std::vector<std::string>& levels);

}  // namespace c2a
