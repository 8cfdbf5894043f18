#include "rules/evaluation/rule_plan.h"

#include <algorithm>
#include <functional>

#include "rules/operators.h"
#include "rules/rule_ids.h"

namespace c2a::rules {
namespace {

void collectSlots(const Expression& expression, std::vector<int>& slots) {
  for (const auto* operand : {&expression.lhs, &expression.rhs}) {
    if (*operand && (*operand)->path) slots.push_back((*operand)->path->slot);
  }
  for (const auto& child : expression.children) collectSlots(child, slots);
}

// The parts of a condition that must all hold, so a join may rely on any of them.
void collectConjuncts(const Expression& expression, std::vector<const Expression*>& out) {
  if (expression.kind == Expression::Kind::And) {
    for (const auto& child : expression.children) collectConjuncts(child, out);
  } else {
    out.push_back(&expression);
  }
}

int maxSlot(const Rule& rule) {
  int max = -1;
  for (const auto& binding : rule.bindings) max = std::max(max, binding.slot);
  for (const auto& child : rule.children) max = std::max(max, maxSlot(child));
  return max;
}

void collectKinds(const Rule& rule, std::vector<Query::Kind>& kinds) {
  for (const auto& binding : rule.bindings) {
    if (binding.slot >= 0) kinds[static_cast<std::size_t>(binding.slot)] = binding.query.kind;
  }
  for (const auto& child : rule.children) collectKinds(child, kinds);
}

std::string labelOf(const Rule& rule, std::size_t number) {
  auto label = ruleLabel(rule);
  return label.empty() ? "rule #" + std::to_string(number) : label;
}

bool isBareBinding(const std::optional<Operand>& operand, int slot) {
  return operand && operand->path && operand->path->slot == slot && operand->path->segments.empty();
}

// The slots of one top-level rule and its children. Compile numbers bindings across the whole
// set in order, so a tree's slots are one range, and the per-slot tables of planning span it
// alone: planning 100,000 rules is linear, not 100,000 tables of 100,000 slots.
struct SlotRange {
  int first = 0;
  int end = 0;  // one past the last

  [[nodiscard]] std::size_t size() const { return static_cast<std::size_t>(end - first); }
  [[nodiscard]] bool holds(int slot) const { return slot >= first && slot < end; }
  [[nodiscard]] std::size_t at(int slot) const { return static_cast<std::size_t>(slot - first); }
};

void widen(const Rule& rule, SlotRange& range) {
  for (const auto& binding : rule.bindings) {
    if (binding.slot < 0) continue;
    if (range.end == range.first) range = {binding.slot, binding.slot + 1};
    range.first = std::min(range.first, binding.slot);
    range.end = std::max(range.end, binding.slot + 1);
  }
  for (const auto& child : rule.children) widen(child, range);
}

class Planner {
 public:
  Planner(const RuleSet& rules, RulePlan& plan) : plan_(plan) {
    plan_.slotCount = static_cast<std::size_t>(std::max(rules.slotCount, 0));
    for (const auto& rule : rules.rules) {
      plan_.slotCount = std::max(plan_.slotCount, static_cast<std::size_t>(maxSlot(rule) + 1));
    }
    kinds_.assign(plan_.slotCount, Query::Kind::Filter);
    for (const auto& rule : rules.rules) collectKinds(rule, kinds_);
  }

  void addTree(const Rule& rule) {
    range_ = {};
    widen(rule, range_);
    auto index = add(rule, true, {}, std::vector<bool>(range_.size(), false));
    plan_.rules[index].slots = {static_cast<std::size_t>(range_.first), range_.size()};
  }

 private:
  // A rule binds only the bindings its own conditions and effect need (and, through their
  // binding-level conditions, what those need), including its enclosing rules' bindings that no
  // enclosing rule needed itself. So a binding nobody uses never constrains a rule: C2A's presets
  // declare change bindings at the top for all their children, and a child about insertions must
  // still apply when the diff has no updates. `bound`: by slot of the tree, bound by an enclosing
  // rule.
  std::size_t add(const Rule& rule, bool topLevel, std::vector<const Binding*> visible,
                  std::vector<bool> bound) {
    auto index = plan_.rules.size();
    plan_.rules.emplace_back();
    {
      auto& planned = plan_.rules[index];
      planned.rule = &rule;
      planned.label = labelOf(rule, index + 1);
      // Compiled sets have ids (compile.h); a rule set built by hand and never compiled does not.
      planned.id = rule.id.empty() ? derivedRuleId(rule) : rule.id;
      planned.topLevel = topLevel;
    }
    for (const auto& binding : rule.bindings) visible.push_back(&binding);

    // What must be evaluated here: the rule's conditions and its where-only bindings' conditions.
    std::vector<const Expression*> ruleConditions;
    for (const auto& condition : rule.conditions) ruleConditions.push_back(&condition);
    for (const auto& binding : rule.bindings) {
      if (binding.query.kind != Query::Kind::Filter && binding.slot >= 0) continue;
      for (const auto& condition : binding.conditions) ruleConditions.push_back(&condition);
    }
    auto needed = neededSlots(rule, ruleConditions, visible, bound);

    // Steps: the needed, not yet bound bindings, in the order they were declared.
    std::vector<const Binding*> stepped;
    for (const auto* binding : visible) {
      if (!range_.holds(binding->slot) || binding->query.kind == Query::Kind::Filter) continue;
      auto slot = range_.at(binding->slot);
      if (needed[slot] && !bound[slot]) stepped.push_back(binding);
    }
    placeSteps(plan_.rules[index], stepped, ruleConditions);

    for (const auto* binding : stepped) bound[range_.at(binding->slot)] = true;
    for (const auto& child : rule.children) {
      auto childIndex = add(child, false, visible, bound);
      plan_.rules[index].children.push_back(childIndex);
    }
    return index;
  }

  // The slots `ruleConditions` and the effect's target mention; then, to a fixed point, those
  // the conditions of every needed binding mention, and the bindings whose conditions mention a
  // needed one (they constrain it). Bindings connected to nothing are left out.
  [[nodiscard]] std::vector<bool> neededSlots(const Rule& rule,
                                              const std::vector<const Expression*>& ruleConditions,
                                              const std::vector<const Binding*>& visible,
                                              const std::vector<bool>& bound) const {
    std::vector<const Binding*> bySlot(range_.size(), nullptr);
    for (const auto* binding : visible) {
      if (range_.holds(binding->slot)) bySlot[range_.at(binding->slot)] = binding;
    }
    std::vector<bool> needed(range_.size(), false);
    std::vector<int> work;
    std::vector<int> slots;
    auto need = [&](int slot) {
      if (!range_.holds(slot) || needed[range_.at(slot)]) return;
      needed[range_.at(slot)] = true;
      work.push_back(slot);
    };
    auto needMentioned = [&](const Expression& condition) {
      slots.clear();
      collectSlots(condition, slots);
      for (int slot : slots) need(slot);
    };
    for (const auto* condition : ruleConditions) needMentioned(*condition);
    if (rule.effect) need(rule.effect->targetSlot);
    auto mentionsNeeded = [&](const Binding& binding) {
      for (const auto& condition : binding.conditions) {
        std::vector<int> mentioned;
        collectSlots(condition, mentioned);
        for (int slot : mentioned) {
          if (slot != binding.slot && range_.holds(slot) && needed[range_.at(slot)]) return true;
        }
      }
      return false;
    };
    bool grew = true;
    while (grew) {
      while (!work.empty()) {
        int slot = work.back();
        work.pop_back();
        const auto* binding = bySlot[range_.at(slot)];
        if (binding == nullptr || bound[range_.at(slot)]) continue;
        for (const auto& condition : binding->conditions) needMentioned(condition);
      }
      grew = false;
      for (const auto* binding : visible) {
        if (!range_.holds(binding->slot) || needed[range_.at(binding->slot)] ||
            bound[range_.at(binding->slot)] || !mentionsNeeded(*binding)) {
          continue;
        }
        need(binding->slot);
        grew = true;
      }
    }
    return needed;
  }

  // Each condition is checked right after the last binding it mentions is bound (before any, when
  // it mentions only enclosing rules' bindings); then each step's join.
  void placeSteps(PlannedRule& planned, const std::vector<const Binding*>& stepped,
                  const std::vector<const Expression*>& ruleConditions) const {
    planned.steps.resize(stepped.size());
    // Position of each slot among this rule's steps; -1 when bound by an enclosing rule.
    std::vector<int> position(range_.size(), -1);
    for (std::size_t i = 0; i < stepped.size(); ++i) {
      position[range_.at(stepped[i]->slot)] = static_cast<int>(i);
    }
    std::vector<int> slots;
    auto place = [&](const Expression& condition) {
      slots.clear();
      collectSlots(condition, slots);
      int step = -1;
      for (int slot : slots) {
        if (range_.holds(slot)) step = std::max(step, position[range_.at(slot)]);
      }
      if (step < 0) {
        planned.conditions.push_back(&condition);
      } else {
        planned.steps[static_cast<std::size_t>(step)].conditions.push_back(&condition);
      }
    };
    for (const auto* binding : stepped) {
      for (const auto& condition : binding->conditions) place(condition);
    }
    for (const auto* condition : ruleConditions) place(*condition);
    for (std::size_t i = 0; i < stepped.size(); ++i) {
      auto& step = planned.steps[i];
      step.binding = stepped[i];
      step.join = joinFor(step, position, static_cast<int>(i));
    }
  }

  JoinHint joinFor(const PlannedStep& step, const std::vector<int>& position, int at) const {
    int self = step.binding->slot;
    auto kind = step.binding->query.kind;
    if (self < 0 || kind == Query::Kind::Filter) return {};
    auto boundBefore = [&](int slot) {
      return range_.holds(slot) && position[range_.at(slot)] < at;
    };
    std::vector<const Expression*> conjuncts;
    for (const auto* condition : step.conditions) collectConjuncts(*condition, conjuncts);
    for (const auto* conjunct : conjuncts) {
      if (conjunct->kind != Expression::Kind::Compare || conjunct->universal || !conjunct->lhs ||
          !conjunct->rhs || !conjunct->lhs->path || !conjunct->rhs->path) {
        continue;
      }
      int op = conjunct->operatorIndex >= 0 ? conjunct->operatorIndex : findOperator(conjunct->op);
      if (op < 0) continue;
      auto join = operatorTable()[static_cast<std::size_t>(op)].join;
      int lhs = conjunct->lhs->path->slot;
      int rhs = conjunct->rhs->path->slot;
      auto bound = [&](int slot) {
        return boundBefore(slot) && kinds_[static_cast<std::size_t>(slot)] != Query::Kind::Filter;
      };
      if (join == GraphJoin::ChangeOnComponent) {
        if (kind == Query::Kind::Change && isBareBinding(conjunct->lhs, self) && bound(rhs)) {
          return {JoinHint::Kind::ChangesOfComponent, rhs};
        }
        if (kind == Query::Kind::Component && rhs == self && isBareBinding(conjunct->lhs, lhs) &&
            bound(lhs) && kinds_[static_cast<std::size_t>(lhs)] == Query::Kind::Change) {
          return {JoinHint::Kind::ComponentOfChange, lhs};
        }
      }
      if (kind == Query::Kind::Component &&
          (join == GraphJoin::References || join == GraphJoin::ReferencedBy)) {
        // Normalise to `source -> target`.
        bool forward = join == GraphJoin::References;
        const auto& source = forward ? conjunct->lhs : conjunct->rhs;
        const auto& target = forward ? conjunct->rhs : conjunct->lhs;
        int sourceSlot = source->path->slot;
        int targetSlot = target->path->slot;
        if (isBareBinding(source, self) && isBareBinding(target, targetSlot) && bound(targetSlot)) {
          return {JoinHint::Kind::Referrers, targetSlot};
        }
        if (isBareBinding(target, self) && isBareBinding(source, sourceSlot) && bound(sourceSlot)) {
          return {JoinHint::Kind::Referenced, sourceSlot};
        }
      }
    }
    return {};
  }

  RulePlan& plan_;
  std::vector<Query::Kind> kinds_;  // by slot of the whole set
  SlotRange range_;                 // the slots of the tree being planned
};

}  // namespace

RulePlan planRules(const RuleSet& rules) {
  RulePlan plan;
  Planner planner(rules, plan);
  for (const auto& rule : rules.rules) planner.addTree(rule);
  return plan;
}

}  // namespace c2a::rules
