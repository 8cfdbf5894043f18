#include "rules/evaluation/rule_plan.h"

#include <algorithm>
#include <functional>

#include "rules/operators.h"

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
  if (!rule.description.empty()) return rule.description;
  if (rule.where.file.empty() && rule.where.line == 0) return "rule #" + std::to_string(number);
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "literal" + string here.
  std::string label("rule at ");
  label.append(rule.where.file);
  if (rule.where.line > 0) label.append(":").append(std::to_string(rule.where.line));
  return label;
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

  std::size_t add(const Rule& rule, bool topLevel) {
    auto index = plan_.rules.size();
    plan_.rules.emplace_back();
    {
      auto& planned = plan_.rules[index];
      planned.rule = &rule;
      planned.label = labelOf(rule, index + 1);
      planned.topLevel = topLevel;
      planned.steps.resize(rule.bindings.size());
    }
    // Position of each slot in this rule's bindings; -1 for the enclosing rules' bindings.
    std::vector<int> position(plan_.slotCount, static_cast<int>(rule.bindings.size()) - 1);
    for (auto slot : outer_) position[slot] = -1;
    for (std::size_t i = 0; i < rule.bindings.size(); ++i) {
      if (rule.bindings[i].slot >= 0) position[static_cast<std::size_t>(rule.bindings[i].slot)] = static_cast<int>(i);
    }
    auto place = [&](const Expression& condition) {
      std::vector<int> slots;
      collectSlots(condition, slots);
      int step = -1;
      for (int slot : slots) {
        int at = slot >= 0 && static_cast<std::size_t>(slot) < position.size()
                     ? position[static_cast<std::size_t>(slot)]
                     : static_cast<int>(rule.bindings.size()) - 1;
        step = std::max(step, at);
      }
      auto& planned = plan_.rules[index];
      if (step < 0) {
        planned.conditions.push_back(&condition);
      } else {
        planned.steps[static_cast<std::size_t>(step)].conditions.push_back(&condition);
      }
    };
    for (const auto& binding : rule.bindings) {
      for (const auto& condition : binding.conditions) place(condition);
    }
    for (const auto& condition : rule.conditions) place(condition);
    for (std::size_t i = 0; i < rule.bindings.size(); ++i) {
      auto& step = plan_.rules[index].steps[i];
      step.binding = &rule.bindings[i];
      step.join = joinFor(step, position, static_cast<int>(i));
    }

    auto outerSize = outer_.size();
    for (const auto& binding : rule.bindings) {
      if (binding.slot >= 0) outer_.push_back(static_cast<std::size_t>(binding.slot));
    }
    for (const auto& child : rule.children) {
      auto childIndex = add(child, false);
      plan_.rules[index].children.push_back(childIndex);
    }
    outer_.resize(outerSize);
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
  std::vector<std::size_t> outer_;  // slots bound by the enclosing rules
  int appliesTo_ = -1;
  int references_ = -1;
  int referencedBy_ = -1;
};

}  // namespace

RulePlan planRules(const RuleSet& rules) {
  RulePlan plan;
  Planner planner(rules, plan);
  for (const auto& rule : rules.rules) planner.add(rule, true);
  return plan;
}

}  // namespace c2a::rules
