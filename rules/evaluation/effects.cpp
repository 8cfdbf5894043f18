#include "rules/evaluation/effects.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace c2a::rules {
namespace {

bool strictlyBelow(const Path& inner, const Path& outer) {
  return inner.size() > outer.size() && std::equal(outer.begin(), outer.end(), inner.begin());
}

}  // namespace

CombinedEffect combineEffects(std::span<const Effect* const> effects) {
  std::optional<Risk> risk;
  bool approve = false;
  bool reject = false;
  for (const auto* effect : effects) {
    if (effect->risk) risk = risk ? std::max(*risk, *effect->risk) : *effect->risk;
    if (effect->action == Action::Reject) reject = true;
    if (effect->action == Action::Approve) approve = true;
  }
  CombinedEffect combined;
  combined.risk = risk.value_or(Risk::Unknown);
  if (reject) {
    combined.action = Action::Reject;
  } else if (approve && combined.risk != Risk::High) {
    combined.action = Action::Approve;
  }
  return combined;
}

bool EffectCollector::mark(std::size_t operation, std::size_t rule) {
  auto& rules = hits_[operation];
  auto number = static_cast<std::uint32_t>(rule);
  if (treeOf_[operation] != tree_) {
    treeOf_[operation] = tree_;
    treeStart_[operation] = rules.size();
  }
  // A tree holds few rules, so a linear look through its own hits beats a set.
  auto begin = rules.begin() + static_cast<std::ptrdiff_t>(treeStart_[operation]);
  if (std::find(begin, rules.end(), number) != rules.end()) return false;
  rules.push_back(number);
  if (marks_ != nullptr) {
    marks_->push_back(Mark{static_cast<std::uint32_t>(operation), number, *tried_});
  }
  return true;
}

void EffectCollector::add(std::span<const Mark> marks, std::size_t limit) {
  for (const auto& mark : marks) {
    if (mark.tried <= limit) hits_[mark.operation].push_back(mark.rule);
  }
}

void EffectCollector::hit(std::size_t rule, const Bound& target) {
  if (target.kind == Bound::Kind::Component) {
    for (auto operation : world_.operationsOn(target.index)) mark(operation, rule);
    return;
  }
  if (target.kind != Bound::Kind::Change) return;
  // Once marked, the changes inside were marked too.
  if (!mark(target.index, rule)) return;
  const auto& operation = world_.diff().operations[target.index];
  auto component = world_.componentOf(target.index);
  if (!operation.property || component == DiffWorld::kNoComponent) return;
  // Only a change of a structured value (an object or a list) can have changes inside it; most
  // changes are of scalars, and scanning the component's operations for each would be quadratic.
  const auto& property = *operation.property;
  bool structured = (property.oldValue && property.oldValue->is_structured()) ||
                    (property.newValue && property.newValue->is_structured());
  if (!structured) return;
  for (auto other : world_.operationsOn(component)) {
    const auto& inner = world_.diff().operations[other];
    if (inner.property && strictlyBelow(inner.property->path, operation.property->path)) {
      mark(other, rule);
    }
  }
}

Decisions EffectCollector::decisions(const RulePlan& plan) const {
  Decisions out(hits_.size());
  std::vector<const Effect*> effects;
  std::vector<std::tuple<std::string, std::string, bool>> named;  // label, id, rejects
  for (std::size_t i = 0; i < hits_.size(); ++i) {
    auto& decision = out[i];
    effects.clear();
    named.clear();
    for (auto rule : hits_[i]) {
      const auto& planned = plan.rules[rule];
      effects.push_back(&*planned.rule->effect);
      named.emplace_back(planned.label, planned.id, planned.rule->effect->action == Action::Reject);
    }
    auto combined = combineEffects(effects);
    decision.risk = combined.risk;
    decision.action = combined.action;
    // By label, then id: two rules with one description are two rules, each with its id.
    std::sort(named.begin(), named.end());
    named.erase(std::unique(named.begin(), named.end()), named.end());
    for (auto& [label, id, rejects] : named) {
      decision.rules.push_back(std::move(label));
      decision.ruleIds.push_back(std::move(id));
      decision.rejects.push_back(rejects);
    }
  }
  return out;
}

}  // namespace c2a::rules
