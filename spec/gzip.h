#pragma once
// db.json.gz is how @aws-cdk/aws-service-spec ships the specification.
#include <cstddef>
#include <string>
#include <string_view>

namespace c2a {

/// True when `data` starts with the gzip magic bytes (1f 8b).
bool isGzip(std::string_view data);

/// Inflates a gzip stream; throws C2aError InvalidInput naming `file` when the stream is corrupt,
/// truncated, or inflates to more than `limit` bytes.
std::string gunzip(std::string_view data, const std::string& file, std::size_t limit);

}  // namespace c2a
