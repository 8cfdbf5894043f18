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

// Why PATH must not be read as an input although it can be opened: it is this process's own
// standard output or error (`/dev/stdout`, `/proc/self/fd/1`, the file a shell redirects the report
// into), which c2a would wait on or read its own report from. Nothing otherwise; /dev/null is
// harmless and allowed.
std::optional<std::string> whyNotAnInput(const std::string& path);

// What kind of file PATH is when it is not a regular one ("a named pipe (FIFO)", "a device",
// "a socket", "a directory"), for messages; "" for a regular file or one that cannot be looked at.
std::string fileKind(const std::string& path);

// "cannot access: " and what the system said when it could not look at a path, in an error
// message's case ("too many levels of symbolic links").
std::string cannotAccess(const std::error_code& error);

}  // namespace c2a
