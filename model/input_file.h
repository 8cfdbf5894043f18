#pragma once

#include <optional>
#include <string>

namespace c2a {

// Why PATH cannot be read as a regular file, in the words an error message uses: "no such file",
// "not a file", or what the system said when it could not look (a symbolic link loop, a
// directory without permission). Nothing when it is a regular file. One home for these words, so
// a loop is never reported as a missing file.
std::optional<std::string> whyNotARegularFile(const std::string& path);

}  // namespace c2a
