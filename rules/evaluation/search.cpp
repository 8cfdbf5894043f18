#include "rules/evaluation/search.h"

#include "rules/evaluation/inside_levels.h"

namespace c2a::rules {

namespace {

template <typename Visit>
void forEachOf(const std::vector<std::size_t>& indices, Bound::Kind kind, Visit&& visit) {
  for (auto index : indices) {
    if (!visit(Bound{kind, index})) return;
  }
}

// Calls `visit(candidate)` for every object the step's query selects, taken from its join when
// the binding it joins with is bound, else from the world's index; stops when `visit` returns
// false.
template <typename Visit>
void forEachCandidate(const DiffWorld& world, const EvaluationContext& context,
                      const std::vector<Bound>& slots, const PlannedStep& step, Visit&& visit) {
  const auto& query = step.binding->query;
  auto selected = [&](Bound candidate) {
    bool selects = candidate.kind == Bound::Kind::Component
                       ? world.selects(query, candidate.index)
                       : world.selectsChange(query, candidate.index);
    if (!selects) return true;
    if (!visit(candidate)) return false;
    if (candidate.kind != Bound::Kind::Change || !query.enclosingLevels) return true;
    // Each enclosing level, up to the top-level key (`Properties`).
    const auto& property = world.diff().operations[candidate.index].property;
    const std::size_t depth = property ? property->path.size() : 0;
    for (std::size_t level = 1; level < depth; ++level) {
      if (!visit(Bound{candidate.kind, candidate.index, level})) return false;
    }
    // Each value inside an intrinsic function compared whole, where the two sides differ.
    if (!query.insideLevels || !property) return true;
    const std::size_t inside = context.insideLevels(candidate.index).size();
    for (std::size_t k = 1; k <= inside; ++k) {
      if (!visit(Bound{candidate.kind, candidate.index, 0, k})) return false;
    }
    return true;
  };
  auto kind = query.kind == Query::Kind::Component ? Bound::Kind::Component : Bound::Kind::Change;
  Bound source = step.join.slot >= 0 ? slots[static_cast<std::size_t>(step.join.slot)] : Bound{};
  auto component = source.kind == Bound::Kind::Component ? source.index
                   : source.kind == Bound::Kind::Change  ? world.componentOf(source.index)
                                                         : DiffWorld::kNoComponent;
  bool joined = step.join.kind != JoinHint::Kind::None && source.kind != Bound::Kind::None;
  if (!joined) {
    if (kind == Bound::Kind::Component) {
      forEachOf(world.componentCandidates(query), kind, selected);
    } else {
      forEachOf(world.changeCandidates(query), kind, selected);
    }
    return;
  }
  if (component == DiffWorld::kNoComponent) return;
  switch (step.join.kind) {
    case JoinHint::Kind::ChangesOfComponent:
      forEachOf(world.operationsOn(component), kind, selected);
      return;
    case JoinHint::Kind::ComponentOfChange: selected(Bound{kind, component}); return;
    case JoinHint::Kind::Referrers:
    case JoinHint::Kind::Referenced: {
      std::vector<WorldComponentId> neighbours;
      world.dependencyNeighbours(component, step.join.kind == JoinHint::Kind::Referrers,
                                 neighbours);
      forEachOf(neighbours, kind, selected);
      return;
    }
    case JoinHint::Kind::None: return;
  }
}

}  // namespace

RuleSearch::RuleSearch(const DiffWorld& world, const RulePlan& plan, ConditionEvaluator& conditions,
                       EffectCollector& effects)
    : world_(world),
      plan_(plan),
      conditions_(conditions),
      effects_(effects),
      slots_(plan.slotCount) {}

std::size_t RuleSearch::run(std::size_t rule, std::size_t limit) {
  limit_ = limit;
  tried_ = 0;
  stopped_ = false;
  // Only this rule's slots: clearing every rule's for each would be quadratic in rules.
  const auto& slots = plan_.rules[rule].slots;
  std::fill_n(slots_.begin() + static_cast<std::ptrdiff_t>(slots.first), slots.count, Bound{});
  runRule(rule);
  return tried_;
}

bool RuleSearch::allHold(const std::vector<const Expression*>& conditions) {
  for (const auto* condition : conditions) {
    if (!conditions_.holds(*condition, slots_)) return false;
  }
  return true;
}

void RuleSearch::runRule(std::size_t index) {
  const auto& rule = plan_.rules[index];
  if (!allHold(rule.conditions)) return;
  bindStep(rule, 0);
}

void RuleSearch::bindStep(const PlannedRule& rule, std::size_t step) {
  if (stopped_) return;
  if (step == rule.steps.size()) {
    matched(rule);
    return;
  }
  const auto& planned = rule.steps[step];
  const auto& query = planned.binding->query;
  int slot = planned.binding->slot;
  if (query.kind == Query::Kind::Filter || slot < 0) {
    // Nothing to bind: its conditions are the rule's.
    if (allHold(planned.conditions)) bindStep(rule, step + 1);
    return;
  }
  forEachCandidate(world_, conditions_.context(), slots_, planned,
                   [&](Bound candidate) { return tryCandidate(rule, step, candidate); });
  slots_[static_cast<std::size_t>(slot)] = Bound{};
}

// Returns false once the search has been stopped, so the caller's loop ends too.
bool RuleSearch::tryCandidate(const PlannedRule& rule, std::size_t step, Bound candidate) {
  if (++tried_ > limit_) stopped_ = true;
  if (stopped_) return false;
  const auto& planned = rule.steps[step];
  slots_[static_cast<std::size_t>(planned.binding->slot)] = candidate;
  if (allHold(planned.conditions)) bindStep(rule, step + 1);
  return !stopped_;
}

void RuleSearch::matched(const PlannedRule& rule) {
  const auto& effect = rule.rule->effect;
  if (effect && effect->targetSlot >= 0 &&
      static_cast<std::size_t>(effect->targetSlot) < slots_.size()) {
    effects_.hit(static_cast<std::size_t>(&rule - plan_.rules.data()),
                 slots_[static_cast<std::size_t>(effect->targetSlot)]);
  }
  for (auto child : rule.children) {
    runRule(child);
    if (stopped_) return;
  }
}

}  // namespace c2a::rules
