#pragma once
#include <string>
#include <string_view>

namespace c2a {

/// Writes `content` to `file`. A regular file (or a new one) is written atomically: a temporary
/// file beside it, flushed, then renamed over it, so a reader never sees half a report and a
/// failure leaves no partial file. A symlink is followed (the link stays, its target is
/// replaced); a device or FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written in place.
/// Throws C2aError CannotWrite on failure.
void writeFileAtomically(const std::string& file, std::string_view content);

}  // namespace c2a
