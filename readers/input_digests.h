#pragma once
// The SHA-256 of input files from the bytes read to analyse them, for the report's record of its
// inputs: the digest names exactly what was analysed, and no file is read a second time to hash
// it. Only files asked for ahead are hashed (not the many templates of a cloud assembly).
#include <optional>
#include <string>
#include <string_view>

namespace c2a {

/// Asks that `file` (as it will be named to readInputText) be hashed when it is read.
void wantInputDigest(const std::string& file);

/// Called by readInputText with the bytes it read: hashes them if `file` was asked for.
void noteInputRead(const std::string& file, std::string_view bytes);

/// The hex SHA-256 of `file`'s bytes as last read, if it was asked for and has been read.
std::optional<std::string> inputDigestRead(const std::string& file);

}  // namespace c2a
