#pragma once
// "Did you mean" hints for misspelt names: identifiers, keys of rule files, operators.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace c2a {

/// Edits between two names; swapping two neighbouring characters counts as one edit (optimal
/// string alignment), so `chnage` is one edit from `change`.
std::size_t editDistance(std::string_view a, std::string_view b);

/// The candidate nearest to `name` within `maxDistance` edits (and fewer edits than `name` has
/// characters, so a short name is not "corrected" into an unrelated one); the first on ties.
std::optional<std::string_view> closestName(std::string_view name,
                                            const std::vector<std::string_view>& candidates,
                                            std::size_t maxDistance = 2);

/// "; did you mean `x`?" when a candidate is near enough, else "".
std::string didYouMean(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace c2a
