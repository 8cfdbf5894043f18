#pragma once

#include <optional>
#include <string>
#include <system_error>

namespace c2a {

// Why PATH cannot be read as a regular file, in the words an error message uses: "no such file",
// "not a file", or what the system said when it could not look (a symbolic link loop, a
// directory without permission). Nothing when it is a regular file. One home for these words, so
// a loop is never reported as a missing file.
std::optional<std::string> whyNotARegularFile(const std::string& path);

// "cannot access: " and what the system said when it could not look at a path, in an error
// message's case ("too many levels of symbolic links").
std::string cannotAccess(const std::error_code& error);

}  // namespace c2a
