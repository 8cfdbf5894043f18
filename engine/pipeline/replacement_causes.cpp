#include "engine/pipeline/replacement_causes.h"

#include <algorithm>
#include <map>
#include <utility>

namespace c2a {
namespace {

bool replaces(const Operation& op) {
  if (op.type != OperationType::Update || !op.property) return false;
  auto type = op.property->updateType;
  return type == UpdateType::Immutable || type == UpdateType::Conditional;
}

// The stricter of two decisions, with the rules of both (labels sorted, ids beside them).
void combineInto(Decision& into, const Decision& other) {
  into.risk = std::max(into.risk, other.risk);
  if (into.action == Action::Reject || other.action == Action::Reject) {
    into.action = Action::Reject;
  } else if (into.action == Action::None || other.action == Action::None) {
    into.action = Action::None;
  }
  std::map<std::pair<std::string, std::string>, bool> rules;  // (label, id) → rejects
  auto add = [&rules](const Decision& decision) {
    for (std::size_t i = 0; i < decision.rules.size(); ++i) {
      bool rejects = i < decision.rejects.size() && decision.rejects[i];
      auto [it, fresh] = rules.try_emplace(
          {decision.rules[i], i < decision.ruleIds.size() ? decision.ruleIds[i] : ""}, rejects);
      if (!fresh) it->second = it->second || rejects;
    }
  };
  add(into);
  add(other);
  bool ids = !into.ruleIds.empty() || !other.ruleIds.empty();
  into.rules.clear();
  into.ruleIds.clear();
  into.rejects.clear();
  for (const auto& [rule, rejects] : rules) {
    into.rules.push_back(rule.first);
    if (ids) into.ruleIds.push_back(rule.second);
    into.rejects.push_back(rejects);
  }
}

}  // namespace

void decideCausesWithReplacements(Report& report) {
  const auto& operations = report.diff.operations;
  report.decidedWith.assign(operations.size(), std::nullopt);
  // The replacement of each replaced resource, by its (BEFORE, AFTER) components.
  using Sides = std::pair<std::optional<ComponentIndex>, std::optional<ComponentIndex>>;
  std::map<Sides, std::size_t> replacementOf;
  for (std::size_t i = 0; i < operations.size(); ++i) {
    if (operations[i].type == OperationType::Replace) {
      replacementOf.emplace(Sides{operations[i].before, operations[i].after}, i);
    }
  }
  if (replacementOf.empty()) return;
  std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (cause, replacement)
  for (std::size_t i = 0; i < operations.size(); ++i) {
    const auto& op = operations[i];
    if (op.type != OperationType::Update) continue;
    auto it = replacementOf.find({op.before, op.after});
    if (it == replacementOf.end()) continue;
    const auto& replacement = operations[it->second];
    bool named = replacement.cause && replacement.cause->changeId == op.id;
    if (named || replaces(op)) pairs.emplace_back(i, it->second);
  }
  // Each replacement with its causes, one decision for all of them: the stricter of theirs, so a
  // cause a rule rejects rejects its replacement too, and the other way round.
  std::map<std::size_t, Decision> together;  // replacement → the decision of its group
  for (auto [cause, replacement] : pairs) {
    auto [it, fresh] = together.try_emplace(replacement, report.decisions[replacement]);
    combineInto(it->second, report.decisions[cause]);
  }
  for (auto [cause, replacement] : pairs) {
    report.decisions[cause] = together[replacement];
    report.decidedWith[cause] = replacement;
  }
  for (auto& [replacement, decision] : together) report.decisions[replacement] = decision;
}

}  // namespace c2a
