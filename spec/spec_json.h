#pragma once
// Reading a specification file into JSON: gzip or plain text, parse errors with line and column.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "model/source_location.h"

namespace c2a {

/// The largest specification c2a reads (db.json is about 15 MB today).
inline constexpr std::size_t kMaxSpecBytes = std::size_t{512} << 20;

/// The file's text, inflated when it is gzip (detected by its magic bytes). Throws C2aError:
/// MissingInput when the file is absent or unreadable, InvalidInput when it is corrupt or too big.
std::string readSpecText(const std::string& file);

/// Parses the text, dropping db.json's documentation strings (most of it, none of what c2a uses).
/// Throws C2aError InvalidInput at the line and column of a syntax error.
nlohmann::json parseSpecJson(std::string_view text, const std::string& file);

/// Line and column (1-based) of the byte at `offset` of `text`.
SourceLocation locationOfOffset(std::string_view text, std::size_t offset, const std::string& file);

}  // namespace c2a
