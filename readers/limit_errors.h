#pragma once
// Private to the readers: the errors of an exceeded read limit, worded once for every reader.
#include "model/source_location.h"
#include "readers/read_limits.h"

namespace c2a {

/// Nesting deeper than --max-depth, at the value that crosses it.
[[noreturn]] void failTooDeep(const SourceLocation& where, const ReadLimits& limits);
/// More values than --max-nodes, at the first one over.
[[noreturn]] void failTooManyValues(const SourceLocation& where, const ReadLimits& limits);

}  // namespace c2a
