#pragma once
// A unified diff of two texts by lines (`--context-lines N`): what changed inside a large value
// such as an IAM policy, with N lines of context around each change.
#include <string>
#include <vector>

namespace c2a {

/// Lines prefixed "  " (same), "- " (old only), "+ " (new only); runs of unchanged lines longer
/// than 2N are cut to N on each side with a "  ..." line between. Texts of more than `maxLines`
/// lines each are shown whole (all "- " then all "+ "), so the work stays bounded.
std::vector<std::string> unifiedLines(const std::string& oldText, const std::string& newText,
                                      int context, std::size_t maxLines = 4000);

}  // namespace c2a
