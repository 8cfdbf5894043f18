#pragma once
#include <string_view>

namespace c2a::rules {

/// Whether all of `text` matches the glob `pattern`: `*` any run of characters (empty too), `?`
/// any one character, `\` makes the next character literal. Runs in O(|text| * ceil(k / 64)) for
/// the longest star-free piece k: no backtracking, whatever the pattern.
bool globMatches(std::string_view text, std::string_view pattern);

}  // namespace c2a::rules
