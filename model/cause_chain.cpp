#include "model/cause_chain.h"

#include <algorithm>

namespace c2a {

CauseIndex::CauseIndex(const std::vector<Operation>& operations) : operations_(operations) {
  byId_.reserve(operations.size());
  for (std::size_t i = 0; i < operations.size(); ++i) byId_.try_emplace(operations[i].id, i);
  // Reports, aggregations and propagation ask for roots again and again: answer from a table.
  roots_.reserve(operations.size());
  for (std::size_t i = 0; i < operations.size(); ++i) roots_.push_back(chain(i).back());
}

std::optional<std::size_t> CauseIndex::find(std::string_view id) const {
  auto it = byId_.find(id);
  if (it == byId_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::size_t> CauseIndex::chain(std::size_t index) const {
  std::vector<std::size_t> out{index};
  while (true) {
    const auto& op = operations_[out.back()];
    if (!op.cause) break;
    auto next = find(op.cause->changeId);
    // Propagation never makes a cycle; a hand-made diff might, and must not hang a report.
    if (!next || std::find(out.begin(), out.end(), *next) != out.end()) break;
    out.push_back(*next);
  }
  return out;
}

bool sameComponent(const Operation& a, const Operation& b) {
  if (a.stack != b.stack || a.componentType != b.componentType) return false;
  if (a.after && b.after) return *a.after == *b.after;
  if (a.before && b.before) return *a.before == *b.before;
  // A type change removes and inserts under one logical id: one component to a reviewer.
  return a.name == b.name;
}

}  // namespace c2a
