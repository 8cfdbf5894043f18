#include "rules/evaluation/json_walk.h"

#include <unordered_set>

namespace c2a::rules {
namespace {

using Reached = std::unordered_set<const Json*>;

// Every value at or below `node` not reached yet. A value reached already has had its whole
// subtree added, so each value is entered once however many of its ancestors are in the set.
void addSubtree(const Json& node, Reached& reached, std::vector<const Json*>& out) {
  if (!reached.insert(&node).second) return;
  out.push_back(&node);
  if (node.is_structured()) {
    for (const auto& child : node) addSubtree(child, reached, out);
  }
}

// The values of `wanted` in document order: one walk of the whole document.
void inDocumentOrder(const Json& node, const Reached& wanted, std::vector<const Json*>& out) {
  if (wanted.count(&node) != 0) out.push_back(&node);
  if (node.is_structured()) {
    for (const auto& child : node) inDocumentOrder(child, wanted, out);
  }
}

}  // namespace

std::vector<const Json*> reachedOnce(const Json& node, std::span<const PathSegment> segments) {
  // A value has one parent, so a key or `*` step from distinct values reaches distinct values;
  // only `**` can reach one twice, and `addSubtree` keeps it once.
  std::vector<const Json*> current{&node};
  std::vector<const Json*> next;
  for (const auto& segment : segments) {
    next.clear();
    switch (segment.kind) {
      case PathSegment::Kind::Key:
        for (const Json* value : current) {
          if (value->is_object()) {
            if (auto it = value->find(segment.key); it != value->end()) next.push_back(&*it);
          } else if (value->is_array()) {
            if (auto index = arrayIndex(segment.key); index && *index < value->size()) {
              next.push_back(&(*value)[*index]);
            }
          }
        }
        break;
      case PathSegment::Kind::AnyOne:
        for (const Json* value : current) {
          if (!value->is_structured()) continue;
          for (const auto& child : *value) next.push_back(&child);
        }
        break;
      case PathSegment::Kind::AnyDepth: {
        Reached reached;
        for (const Json* value : current) addSubtree(*value, reached, next);
        break;
      }
    }
    current.swap(next);
    if (current.empty()) return current;
  }
  const Reached wanted(current.begin(), current.end());
  std::vector<const Json*> ordered;
  ordered.reserve(wanted.size());
  inDocumentOrder(node, wanted, ordered);
  return ordered;
}

}  // namespace c2a::rules
