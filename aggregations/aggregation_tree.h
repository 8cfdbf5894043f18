#pragma once
// The aggregation tree: the changes of a diff grouped level by level (action, then risk, then
// resource type...), each node with a count and a one-line description, change ids at the leaves.
// Seed 002: C2A groups operations into trees by component type, operation type and target.
#include <string>
#include <utility>
#include <vector>

#include "model/cause_chain.h"
#include "model/decision.h"
#include "model/diff.h"

namespace c2a {

struct AggregationNode {
  std::string key;    // the module that made this level ("risk")
  std::string value;  // the group's value at that level ("high")
  /// Levels folded into this node because they had a single group here ({key, value} pairs).
  std::vector<std::pair<std::string, std::string>> collapsed;
  std::string label;        // the group as words ("high risk, AWS::IAM::Role")
  std::string description;  // label and counts: "AWS::IAM::Role: 3 replacements, caused by ..."
  std::size_t count = 0;    // changes under this node
  /// This node's heading or one above it names the root cause every change under it shares: a
  /// change's own cause line need not repeat it.
  bool rootCauseNamed = false;
  std::vector<AggregationNode> children;
  std::vector<std::size_t> changes;  // at the leaves: operation indexes, in report order
};

struct AggregationTree {
  std::vector<std::string> levels;  // module names, outermost first
  std::vector<AggregationNode> roots;
};

/// The level names of the default tree, chosen for a reviewer: (the stack, in a cloud assembly)
/// what to do, how risky, what kind of resource, which component.
std::vector<std::string> defaultAggregationLevels(const ModelDiff& diff);

/// Groups every operation of `diff` by `levels` (names from aggregationModules()). A node with a
/// single child takes in that child's level (`collapsed`). `decisions` is one per operation.
/// Throws C2aError (usage) for an unknown level name, with the names that exist.
/// With `include`, only the operations it marks are grouped (a report's `--only` view).
/// `causes` is the diff's cause index when the caller has one (a report does: every format's
/// trees then share it); without it one is built.
AggregationTree aggregate(const ModelDiff& diff, const Decisions& decisions,
                          const std::vector<std::string>& levels,
                          const std::vector<bool>* include = nullptr,
                          const CauseIndex* causes = nullptr);

}  // namespace c2a
