#pragma once
#include <string>
#include <string_view>

namespace c2a {

/// Writes `content` to `file` atomically: a temporary file beside it, flushed, then renamed over
/// it, so a reader never sees half a report. Throws C2aError CannotWrite on failure.
void writeFileAtomically(const std::string& file, std::string_view content);

}  // namespace c2a
