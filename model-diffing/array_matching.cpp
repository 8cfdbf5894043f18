#include "model-diffing/array_matching.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "model-diffing/similarity.h"
#include "model/same_value.h"

namespace c2a::diffing {

namespace {

// Elements paired so far, and the pairs.
struct Pairing {
  Pairing(const Json& before, const Json& after)
      : before(before), after(after), beforeUsed(before.size()), afterUsed(after.size()) {}
  void pair(std::size_t i, std::size_t j, bool equal) {
    result.pairs.push_back({i, j, equal});
    beforeUsed[i] = afterUsed[j] = true;
  }
  const Json& before;
  const Json& after;
  std::vector<bool> beforeUsed;
  std::vector<bool> afterUsed;
  ArrayMatching result;
};

// 1. Equivalent elements, linear: same index first, then by hash in order of appearance.
void pairEquivalent(Pairing& p) {
  const Json& before = p.before;
  const Json& after = p.after;
  std::size_t common = std::min(before.size(), after.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (equivalent(before[i], after[i])) p.pair(i, i, true);
  }
  // Each hash's BEFORE elements in order, and where its first unused one is: a bucket is not
  // scanned again from its start for every AFTER element ([1,2,1,2,...] against [0,1,2,1,2,...]
  // was quadratic).
  struct Bucket {
    std::vector<std::size_t> elements;
    std::size_t firstUnused = 0;
  };
  std::unordered_map<std::size_t, Bucket> byHash;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (!p.beforeUsed[i]) byHash[equivalenceHash(before[i])].elements.push_back(i);
  }
  for (std::size_t j = 0; j < after.size(); ++j) {
    if (p.afterUsed[j]) continue;
    auto found = byHash.find(equivalenceHash(after[j]));
    if (found == byHash.end()) continue;
    Bucket& bucket = found->second;
    while (bucket.firstUnused < bucket.elements.size() &&
           p.beforeUsed[bucket.elements[bucket.firstUnused]]) {
      ++bucket.firstUnused;
    }
    // The first unused equivalent one; past the first only when hashes collide.
    for (std::size_t k = bucket.firstUnused; k < bucket.elements.size(); ++k) {
      auto i = bucket.elements[k];
      if (!p.beforeUsed[i] && equivalent(before[i], after[j])) {
        p.pair(i, j, true);
        break;
      }
    }
  }
}

// 2. Leftovers by similarity: best pairs first. Large leftovers pair by position, keeping the
// work bounded (an array of thousands of changed strings is rare and positional is fair there).
void pairSimilar(Pairing& p, double threshold) {
  std::vector<std::size_t> restBefore;
  std::vector<std::size_t> restAfter;
  for (std::size_t i = 0; i < p.before.size(); ++i) {
    if (!p.beforeUsed[i]) restBefore.push_back(i);
  }
  for (std::size_t j = 0; j < p.after.size(); ++j) {
    if (!p.afterUsed[j]) restAfter.push_back(j);
  }
  if (restBefore.empty() || restAfter.empty()) return;
  if (restBefore.size() * restAfter.size() > kMaxSimilarityPairs) {
    std::size_t n = std::min(restBefore.size(), restAfter.size());
    for (std::size_t k = 0; k < n; ++k) {
      auto i = restBefore[k];
      auto j = restAfter[k];
      double s = similarity(p.before[i], p.after[j]);
      if (s > 0 && s >= threshold) p.pair(i, j, false);
    }
    return;
  }
  std::vector<std::tuple<double, std::size_t, std::size_t>> candidates;
  long budget = budgetPerPair(restBefore.size() * restAfter.size());
  BigramScope bigrams;  // each leftover string is compared with every one on the other side
  // Once a comparison this one is part of has spent its budget, the rest compare by equality, and
  // no leftover equals another (equal elements paired above): none would be a candidate, so they
  // are not compared at all.
  for (auto i : restBefore) {
    if (similarityExhausted()) break;
    for (auto j : restAfter) {
      double s = similarity(p.before[i], p.after[j], budget);
      if (s > 0 && s >= threshold) candidates.emplace_back(s, i, j);
      if (similarityExhausted()) break;
    }
  }
  // Highest similarity first; ties by position, so the result is deterministic.
  std::sort(candidates.begin(), candidates.end(), [](const auto& x, const auto& y) {
    if (std::get<0>(x) != std::get<0>(y)) return std::get<0>(x) > std::get<0>(y);
    if (std::get<1>(x) != std::get<1>(y)) return std::get<1>(x) < std::get<1>(y);
    return std::get<2>(x) < std::get<2>(y);
  });
  for (const auto& [s, i, j] : candidates) {
    if (!p.beforeUsed[i] && !p.afterUsed[j]) p.pair(i, j, false);
  }
}

}  // namespace

ArrayMatching matchArrays(const Json& before, const Json& after, double threshold) {
  Pairing p(before, after);
  pairEquivalent(p);
  pairSimilar(p, threshold);
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (!p.beforeUsed[i]) p.result.removed.push_back(i);
  }
  for (std::size_t j = 0; j < after.size(); ++j) {
    if (!p.afterUsed[j]) p.result.inserted.push_back(j);
  }
  std::sort(p.result.pairs.begin(), p.result.pairs.end(),
            [](const auto& x, const auto& y) { return x.before < y.before; });
  return std::move(p.result);
}

std::vector<ElementPair> movedPairs(const std::vector<ElementPair>& pairs) {
  // Longest increasing subsequence of AFTER indices (pairs are sorted by BEFORE), O(n log n).
  std::vector<std::size_t> tails;  // index into pairs of the smallest tail of each length
  std::vector<std::ptrdiff_t> parent(pairs.size(), -1);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    auto it =
        std::lower_bound(tails.begin(), tails.end(), pairs[k].after,
                         [&](std::size_t t, std::size_t value) { return pairs[t].after < value; });
    if (it != tails.begin()) parent[k] = static_cast<std::ptrdiff_t>(*(it - 1));
    if (it == tails.end()) {
      tails.push_back(k);
    } else {
      *it = k;
    }
  }
  std::vector<bool> inPlace(pairs.size(), false);
  for (auto k = tails.empty() ? -1 : static_cast<std::ptrdiff_t>(tails.back()); k >= 0;
       k = parent[k]) {
    inPlace[k] = true;
  }
  std::vector<ElementPair> moved;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    if (!inPlace[k]) moved.push_back(pairs[k]);
  }
  return moved;
}

}  // namespace c2a::diffing
