#pragma once
// Pairs the elements of two arrays: equivalent elements first (by hash, linear), then the
// remaining ones by similarity, so an inserted element is one insertion, not N updates.
#include <cstddef>
#include <vector>

#include "model/json.h"

namespace c2a::diffing {

struct ElementPair {
  std::size_t before;
  std::size_t after;
  bool equal;  // equivalent values; otherwise paired by similarity
};

struct ArrayMatching {
  std::vector<ElementPair> pairs;     // sorted by `before`
  std::vector<std::size_t> removed;   // BEFORE indices left unpaired
  std::vector<std::size_t> inserted;  // AFTER indices left unpaired
};

/// Elements whose similarity is below `threshold` are not paired. Among unpaired leftovers, beyond
/// `kMaxSimilarityPairs` candidate pairs, leftovers pair by position instead of all-pairs search.
ArrayMatching matchArrays(const Json& before, const Json& after, double threshold);

/// Pairs whose relative order changed: those outside a longest increasing run of AFTER indices.
/// These are MOVEs; the rest kept their place (an insertion before them only shifts them).
std::vector<ElementPair> movedPairs(const std::vector<ElementPair>& pairs);

inline constexpr std::size_t kMaxSimilarityPairs = 4096;

}  // namespace c2a::diffing
