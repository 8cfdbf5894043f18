#pragma once
// "Did you mean" for the command line, with the same distance the rule checks use.
#include <string>
#include <string_view>
#include <vector>

namespace c2a {

/// "; did you mean `x`?" when a candidate is near enough to `name`, else "".
std::string suggestName(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace c2a
