#include "readers/limit_errors.h"

#include <fmt/format.h>

#include "model/error.h"

namespace c2a {

void failTooDeep(const SourceLocation& where, const ReadLimits& limits) {
  throw C2aError(ErrorKind::InvalidInput, where,
                 fmt::format("nesting deeper than {} levels (--max-depth)", limits.maxDepth));
}

void failTooManyValues(const SourceLocation& where, const ReadLimits& limits) {
  throw C2aError(ErrorKind::InvalidInput, where,
                 fmt::format("document has more than {} values (--max-nodes)", limits.maxNodes));
}

}  // namespace c2a
