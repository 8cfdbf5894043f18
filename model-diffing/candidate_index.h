#pragma once
// Cheap signatures that rule out most pairs of a large group before any similarity is computed:
// hundreds of same-type leftovers must not cost all-pairs similarity.
#include <cstddef>
#include <utility>
#include <vector>

#include "model/json.h"

namespace c2a::diffing {

/// Groups at most this large (removed × inserted) are compared all-pairs.
inline constexpr std::size_t kAllPairsLimit = 4096;
/// Otherwise each removed body is compared with at most this many inserted bodies: those sharing
/// the most leaf values (path and value) with it.
inline constexpr std::size_t kCandidatesPerBody = 8;

/// (index into removed, index into inserted) pairs worth a similarity computation, sorted.
std::vector<std::pair<std::size_t, std::size_t>> candidatePairs(const std::vector<Json>& removed,
                                                                const std::vector<Json>& inserted);

}  // namespace c2a::diffing
