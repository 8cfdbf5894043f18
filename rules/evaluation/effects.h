#pragma once
// Which rules' effects reached which operations, and how they combine. Combination is
// order-independent: risk = the highest risk set by a matching effect (high > unknown > low;
// unknown when none sets one); action = reject if any rejects, else approve if one approves and
// the combined risk is not high, else none.
#include <cstdint>
#include <span>
#include <vector>

#include "model/decision.h"
#include "model/diff.h"
#include "rules/evaluation/rule_plan.h"
#include "rules/evaluation/world.h"

namespace c2a::rules {

struct CombinedEffect {
  Risk risk = Risk::Unknown;
  Action action = Action::None;
};

CombinedEffect combineEffects(std::span<const Effect* const> effects);

class EffectCollector {
 public:
  EffectCollector(const DiffWorld& world, std::size_t operationCount)
      : world_(world),
        hits_(operationCount),
        treeOf_(operationCount, 0),
        treeStart_(operationCount) {}

  /// A top-level rule (with its children) is about to run: only the rules of one tree can hit an
  /// operation twice, so only what this tree added is looked through (100,000 rules that each
  /// reach one change would otherwise look through each other: quadratic).
  void startTree() { ++tree_; }

  /// Rule number `rule` matched with `target` bound: a change receives the effect, and so do the
  /// changes inside it (same component, property path strictly below); a component passes it to
  /// every operation on it.
  void hit(std::size_t rule, const Bound& target);

  /// One effect reaching one operation, and how many candidates its rule's search had tried
  /// then: the same search stopped at a lower limit has made exactly the marks up to that count.
  struct Mark {
    std::uint32_t operation = 0;
    std::uint32_t rule = 0;
    std::size_t tried = 0;
  };
  /// What each hit adds from now on, once each, is also appended to `marks` with `*tried` (null:
  /// nothing is): a rule evaluated on another thread hands its effects on this way.
  void recordInto(std::vector<Mark>* marks, const std::size_t* tried) {
    marks_ = marks;
    tried_ = tried;
  }
  /// Takes over the effects another collector recorded over the same diff, those made within
  /// the first `limit` candidates, as if its hits had happened here (one tree's marks are
  /// distinct: recordInto's).
  void add(std::span<const Mark> marks, std::size_t limit);

  /// Risk, action and rules (sorted labels, with their ids) of every operation, in diff order.
  [[nodiscard]] Decisions decisions(const RulePlan& plan) const;

 private:
  bool mark(std::size_t operation, std::size_t rule);

  const DiffWorld& world_;
  std::vector<std::vector<std::uint32_t>> hits_;  // per operation: rules whose effect reached it
  std::uint32_t tree_ = 0;                        // the top-level rule running, counted from 1
  std::vector<std::uint32_t> treeOf_;             // per operation: the last tree that reached it
  std::vector<std::size_t> treeStart_;            // per operation: where that tree's hits begin
  std::vector<Mark>* marks_ = nullptr;
  const std::size_t* tried_ = nullptr;
};

}  // namespace c2a::rules
