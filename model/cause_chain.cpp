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
  std::vector<bool> onPath(operations.size(), false);
  std::vector<std::size_t> path;
  for (std::size_t start = 0; start < operations.size(); ++start) {
    if (roots_[start] != kUnknown) continue;
    path.clear();
    std::size_t at = start;
    std::size_t root = kUnknown;
    std::size_t tail = 0;  // the length of the chain after the path's last operation
    bool closes = false;   // the path's last cause is an operation on the path
    while (true) {
      if (roots_[at] != kUnknown) {
        root = roots_[at];
        tail = lengths_[at];
        break;
      }
      if (onPath[at]) {
        closes = true;
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
    if (!closes) {
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        roots_[*it] = root;
        lengths_[*it] = ++tail;
      }
      continue;
    }
    // Propagation never makes a cycle; a hand-made diff might. A chain ends before its first
    // repeat: from before the loop, at the path's last operation; from inside it, once around.
    auto loop = static_cast<std::size_t>(std::find(path.begin(), path.end(), at) - path.begin());
    std::size_t last = path.size() - 1;
    for (std::size_t i = 0; i < path.size(); ++i) {
      roots_[path[i]] = i <= loop ? path[last] : path[i - 1];
      lengths_[path[i]] = i < loop ? path.size() - i : path.size() - loop;
    }
  }
}

std::optional<std::size_t> CauseIndex::find(std::string_view id) const {
  auto it = byId_.find(id);
  if (it == byId_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::size_t> CauseIndex::chain(std::size_t index, std::size_t limit) const {
  // lengths_ holds where the chain ends, a loop's included: no search for repeats.
  std::size_t size = std::min(lengths_[index], limit);
  std::vector<std::size_t> out{index};
  out.reserve(size);
  while (out.size() < size) out.push_back(*find(operations_[out.back()].cause->changeId));
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
