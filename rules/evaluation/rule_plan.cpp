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

class Planner {
 public:
  Planner(const RuleSet& rules, RulePlan& plan) : plan_(plan) {
    plan_.slotCount = static_cast<std::size_t>(std::max(rules.slotCount, 0));
    for (const auto& rule : rules.rules) {
      plan_.slotCount = std::max(plan_.slotCount, static_cast<std::size_t>(maxSlot(rule) + 1));
    }
    kinds_.assign(plan_.slotCount, Query::Kind::Filter);
    for (const auto& rule : rules.rules) collectKinds(rule, kinds_);
    appliesTo_ = findOperator("appliesTo");
    references_ = findOperator("->");
    referencedBy_ = findOperator("<-");
  }

  // A rule binds only the bindings its own conditions and effect need (and, through their
  // binding-level conditions, what those need), including its enclosing rules' bindings that no
  // enclosing rule needed itself. So a binding nobody uses never constrains a rule: C2A's presets
  // declare change bindings at the top for all their children, and a child about insertions must
  // still apply when the diff has no updates.
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
    std::vector<const Binding*> bySlot(plan_.slotCount, nullptr);
    for (const auto* binding : visible) {
      if (binding->slot >= 0) bySlot[static_cast<std::size_t>(binding->slot)] = binding;
    }

    // What must be evaluated here: the rule's conditions, its where-only bindings' conditions, and
    // its effect's target; then, to a fixed point, the conditions of every binding needed.
    std::vector<const Expression*> ruleConditions;
    for (const auto& condition : rule.conditions) ruleConditions.push_back(&condition);
    for (const auto& binding : rule.bindings) {
      if (binding.query.kind != Query::Kind::Filter && binding.slot >= 0) continue;
      for (const auto& condition : binding.conditions) ruleConditions.push_back(&condition);
    }
    std::vector<bool> needed(plan_.slotCount, false);
    std::vector<int> work;
    auto need = [&](int slot) {
      if (slot < 0 || static_cast<std::size_t>(slot) >= needed.size() || needed[slot]) return;
      needed[static_cast<std::size_t>(slot)] = true;
      work.push_back(slot);
    };
    for (const auto* condition : ruleConditions) {
      std::vector<int> slots;
      collectSlots(*condition, slots);
      for (int slot : slots) need(slot);
    }
    if (rule.effect) need(rule.effect->targetSlot);
    // A needed binding needs what its conditions mention; a binding whose conditions mention a
    // needed one constrains it, so it is needed too. Bindings connected to nothing are left out.
    auto mentionsNeeded = [&](const Binding& binding) {
      for (const auto& condition : binding.conditions) {
        std::vector<int> slots;
        collectSlots(condition, slots);
        for (int slot : slots) {
          if (slot >= 0 && slot != binding.slot && needed[static_cast<std::size_t>(slot)]) {
            return true;
          }
        }
      }
      return false;
    };
    bool grew = true;
    while (grew) {
      while (!work.empty()) {
        int slot = work.back();
        work.pop_back();
        const auto* binding = bySlot[static_cast<std::size_t>(slot)];
        if (binding == nullptr || bound[static_cast<std::size_t>(slot)]) continue;
        for (const auto& condition : binding->conditions) {
          std::vector<int> slots;
          collectSlots(condition, slots);
          for (int other : slots) need(other);
        }
      }
      grew = false;
      for (const auto* binding : visible) {
        if (binding->slot < 0 || needed[static_cast<std::size_t>(binding->slot)] ||
            bound[static_cast<std::size_t>(binding->slot)] || !mentionsNeeded(*binding)) {
          continue;
        }
        need(binding->slot);
        grew = true;
      }
    }

    // Steps: the needed, not yet bound bindings, in the order they were declared.
    std::vector<const Binding*> stepped;
    for (const auto* binding : visible) {
      if (binding->slot < 0 || binding->query.kind == Query::Kind::Filter) continue;
      auto slot = static_cast<std::size_t>(binding->slot);
      if (needed[slot] && !bound[slot]) stepped.push_back(binding);
    }
    plan_.rules[index].steps.resize(stepped.size());
    // Position of each slot among this rule's steps; -1 when bound by an enclosing rule.
    std::vector<int> position(plan_.slotCount, -1);
    for (std::size_t i = 0; i < stepped.size(); ++i) {
      position[static_cast<std::size_t>(stepped[i]->slot)] = static_cast<int>(i);
    }
    auto place = [&](const Expression& condition) {
      std::vector<int> slots;
      collectSlots(condition, slots);
      int step = -1;
      for (int slot : slots) {
        if (slot >= 0 && static_cast<std::size_t>(slot) < position.size()) {
          step = std::max(step, position[static_cast<std::size_t>(slot)]);
        }
      }
      auto& planned = plan_.rules[index];
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
      auto& step = plan_.rules[index].steps[i];
      step.binding = stepped[i];
      step.join = joinFor(step, position, static_cast<int>(i));
    }

    for (const auto* binding : stepped) bound[static_cast<std::size_t>(binding->slot)] = true;
    for (const auto& child : rule.children) {
      auto childIndex = add(child, false, visible, bound);
      plan_.rules[index].children.push_back(childIndex);
    }
    return index;
  }

 private:
  JoinHint joinFor(const PlannedStep& step, const std::vector<int>& position, int at) const {
    int self = step.binding->slot;
    auto kind = step.binding->query.kind;
    if (self < 0 || appliesTo_ < 0 || kind == Query::Kind::Filter) return {};
    auto boundBefore = [&](int slot) {
      return slot >= 0 && static_cast<std::size_t>(slot) < position.size() &&
             position[static_cast<std::size_t>(slot)] < at;
    };
    std::vector<const Expression*> conjuncts;
    for (const auto* condition : step.conditions) collectConjuncts(*condition, conjuncts);
    for (const auto* conjunct : conjuncts) {
      if (conjunct->kind != Expression::Kind::Compare || conjunct->universal || !conjunct->lhs ||
          !conjunct->rhs || !conjunct->lhs->path || !conjunct->rhs->path) {
        continue;
      }
      int op = conjunct->operatorIndex >= 0 ? conjunct->operatorIndex : findOperator(conjunct->op);
      int lhs = conjunct->lhs->path->slot;
      int rhs = conjunct->rhs->path->slot;
      auto bound = [&](int slot) {
        return boundBefore(slot) && kinds_[static_cast<std::size_t>(slot)] != Query::Kind::Filter;
      };
      if (op == appliesTo_) {
        if (kind == Query::Kind::Change && isBareBinding(conjunct->lhs, self) && bound(rhs)) {
          return {JoinHint::Kind::ChangesOfComponent, rhs};
        }
        if (kind == Query::Kind::Component && rhs == self && isBareBinding(conjunct->lhs, lhs) &&
            bound(lhs) && kinds_[static_cast<std::size_t>(lhs)] == Query::Kind::Change) {
          return {JoinHint::Kind::ComponentOfChange, lhs};
        }
      }
      if (kind == Query::Kind::Component && (op == references_ || op == referencedBy_)) {
        // Normalise to `source -> target`.
        bool forward = op == references_;
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
  std::vector<Query::Kind> kinds_;
  int appliesTo_ = -1;
  int references_ = -1;
  int referencedBy_ = -1;
};

}  // namespace

RulePlan planRules(const RuleSet& rules) {
  RulePlan plan;
  Planner planner(rules, plan);
  for (const auto& rule : rules.rules) {
    planner.add(rule, true, {}, std::vector<bool>(plan.slotCount, false));
  }
  return plan;
}

}  // namespace c2a::rules
