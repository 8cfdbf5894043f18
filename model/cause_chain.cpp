#include "model/cause_chain.h"

#include <algorithm>

namespace c2a {

CauseIndex::CauseIndex(const std::vector<Operation>& operations) : operations_(operations) {
  byId_.reserve(operations.size());
  for (std::size_t i = 0; i < operations.size(); ++i) byId_.try_emplace(operations[i].id, i);
  // Reports, aggregations and propagation ask for roots again and again: answer from a table,
  // filled in one pass (a chain of 1,000 replacements walked once, not once per link).
  constexpr std::size_t kUnknown = static_cast<std::size_t>(-1);
  roots_.assign(operations.size(), kUnknown);
  lengths_.assign(operations.size(), 0);
  cyclic_.assign(operations.size(), false);
  std::vector<bool> onPath(operations.size(), false);
  std::vector<std::size_t> path;
  for (std::size_t start = 0; start < operations.size(); ++start) {
    if (roots_[start] != kUnknown) continue;
    path.clear();
    std::size_t at = start;
    std::size_t root = kUnknown;
    std::size_t tail = 0;  // the length of the chain after the path's last operation
    bool cycle = false;
    while (true) {
      if (roots_[at] != kUnknown) {
        root = roots_[at];
        tail = lengths_[at];
        cycle = cyclic_[at];
        break;
      }
      if (onPath[at]) {
        cycle = true;
        break;
      }
      onPath[at] = true;
      path.push_back(at);
      const auto& cause = operations[at].cause;
      auto next = cause ? find(cause->changeId) : std::nullopt;
      if (!next) {
        root = at;
        break;
      }
      at = *next;
    }
    // Propagation never makes a cycle; a hand-made diff might. Its chains end where they close,
    // which depends on where they start: walked one by one.
    for (auto index : path) cyclic_[index] = cycle;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if (cycle) {
        auto chain = chainUntilRepeat(*it);
        roots_[*it] = chain.back();
        lengths_[*it] = chain.size();
      } else {
        roots_[*it] = root;
        lengths_[*it] = ++tail;
      }
    }
  }
}

std::optional<std::size_t> CauseIndex::find(std::string_view id) const {
  auto it = byId_.find(id);
  if (it == byId_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::size_t> CauseIndex::chain(std::size_t index, std::size_t limit) const {
  if (cyclic_[index]) {
    auto out = chainUntilRepeat(index);
    if (out.size() > limit) out.resize(limit);
    return out;
  }
  std::vector<std::size_t> out{index};
  while (out.back() != roots_[index] && out.size() < limit) {
    out.push_back(*find(operations_[out.back()].cause->changeId));
  }
  return out;
}

std::vector<std::size_t> CauseIndex::chainUntilRepeat(std::size_t index) const {
  std::vector<std::size_t> out{index};
  while (true) {
    const auto& op = operations_[out.back()];
    if (!op.cause) break;
    auto next = find(op.cause->changeId);
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
