#include "aggregations/aggregation_tree.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "aggregations/aggregation_module.h"
#include "model/change_title.h"
#include "model/error.h"

namespace c2a {
namespace {

// "1 replacement, 2 updates": the kinds of operation under a node, most serious first.
std::string counts(const ChangeFacts& facts, const std::vector<std::size_t>& changes) {
  static constexpr std::array<std::pair<OperationType, std::array<const char*, 2>>, 5> kWords{{
      {OperationType::Replace, {"replacement", "replacements"}},
      {OperationType::Rename, {"rename", "renames"}},
      {OperationType::Remove, {"removal", "removals"}},
      {OperationType::Insert, {"addition", "additions"}},
      {OperationType::Update, {"update", "updates"}},
  }};
  std::array<std::size_t, kWords.size()> n{};
  for (auto index : changes) {
    for (std::size_t k = 0; k < kWords.size(); ++k) {
      if (facts.operation(index).type == kWords[k].first) ++n[k];
    }
  }
  std::string out;
  for (std::size_t k = 0; k < kWords.size(); ++k) {
    if (n[k] == 0) continue;
    out +=
        fmt::format("{}{} {}", out.empty() ? "" : ", ", n[k], kWords[k].second[n[k] == 1 ? 0 : 1]);
  }
  return out;
}

class TreeBuilder {
 public:
  TreeBuilder(const ChangeFacts& facts, std::vector<const AggregationModule*> modules)
      : facts_(facts), modules_(std::move(modules)) {}

  std::vector<AggregationNode> build(const std::vector<std::size_t>& changes, std::size_t level) {
    const auto* module = modules_[level];
    // Groups in order of (rank, value); members keep report order.
    std::map<std::pair<int, std::string>, std::pair<Group, std::vector<std::size_t>>> groups;
    for (auto index : changes) {
      Group group = module->group(facts_, index);
      auto& slot = groups[{group.rank, group.value}];
      if (slot.second.empty()) slot.first = std::move(group);
      slot.second.push_back(index);
    }
    std::vector<AggregationNode> nodes;
    nodes.reserve(groups.size());
    for (auto& entry : groups) {
      auto& [group, members] = entry.second;
      AggregationNode node;
      node.key = std::string(module->name);
      node.value = group.value;
      node.label = group.label.empty() ? group.value : group.label;
      node.count = members.size();
      if (level + 1 < modules_.size()) {
        node.children = build(members, level + 1);
      } else {
        node.changes = std::move(members);
      }
      nodes.push_back(std::move(node));
    }
    return nodes;
  }

  // A node with one child takes the child's level in; then it is described.
  void finish(AggregationNode& node, bool causeNamed = false) {
    while (node.children.size() == 1) {
      AggregationNode child = std::move(node.children.front());
      node.collapsed.emplace_back(child.key, child.value);
      for (auto& folded : child.collapsed) node.collapsed.push_back(std::move(folded));
      node.label += ", " + child.label;
      node.children = std::move(child.children);
      node.changes = std::move(child.changes);
    }
    // A cause is named once, by the outermost group it explains (or by a root-cause level).
    causeNamed = causeNamed || node.key == "root-cause" ||
                 std::any_of(node.collapsed.begin(), node.collapsed.end(),
                             [](const auto& level) { return level.first == "root-cause"; });
    bool named = describe(node, causeNamed);
    node.rootCauseNamed = causeNamed || named;
    for (auto& child : node.children) finish(child, causeNamed || named);
  }

 private:
  void collect(const AggregationNode& node, std::vector<std::size_t>& out) const {
    out.insert(out.end(), node.changes.begin(), node.changes.end());
    for (const auto& child : node.children) collect(child, out);
  }

  // Returns whether the description names a cause.
  bool describe(AggregationNode& node, bool causeNamed) const {
    std::vector<std::size_t> changes;
    collect(node, changes);
    node.description = node.label + ": " + counts(facts_, changes);
    if (causeNamed) return false;
    // One root behind every change of the group is worth naming: it is what to look at.
    std::size_t root = facts_.causes().root(changes.front());
    bool shared = std::all_of(changes.begin(), changes.end(),
                              [&](std::size_t i) { return facts_.causes().root(i) == root; });
    bool caused =
        std::any_of(changes.begin(), changes.end(), [&](std::size_t i) { return i != root; });
    if (!shared || !caused) return false;
    node.description += ", caused by " + changeTitle(facts_.operation(root));
    return true;
  }

  const ChangeFacts& facts_;
  std::vector<const AggregationModule*> modules_;
};

}  // namespace

std::vector<std::string> defaultAggregationLevels(const ModelDiff& diff) {
  // A cloud assembly's changes are read stack by stack first.
  bool stacks = std::any_of(diff.operations.begin(), diff.operations.end(),
                            [](const Operation& op) { return !op.stack.empty(); });
  std::vector<std::string> levels;
  if (stacks) levels.emplace_back("stack");
  for (const char* level : {"action", "risk", "resource-type", "component"}) {
    levels.emplace_back(level);
  }
  return levels;
}

AggregationTree aggregate(const ModelDiff& diff, const Decisions& decisions,
                          const std::vector<std::string>& levels, const std::vector<bool>* include,
                          const CauseIndex* causes) {
  AggregationTree tree;
  tree.levels = levels;
  auto modules = resolveAggregationLevels(levels);
  if (modules.empty() || diff.operations.empty()) return tree;
  std::optional<CauseIndex> own;
  if (causes == nullptr) causes = &own.emplace(diff.operations);
  ChangeFacts facts(diff, decisions, *causes);
  std::vector<std::size_t> all;
  all.reserve(diff.operations.size());
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    if (include == nullptr || (*include)[i]) all.push_back(i);
  }
  if (all.empty()) return tree;
  TreeBuilder builder(facts, std::move(modules));
  tree.roots = builder.build(all, 0);
  for (auto& root : tree.roots) builder.finish(root);
  return tree;
}

}  // namespace c2a
