#pragma once
// Nothing unseen is approved: a part of the input c2a could not analyse (Diagnostic::notAnalysed:
// a nested template not found, a transform it does not run) makes the verdict at least review,
// whatever the rules decided about the changes c2a did see (docs/diff.md).
#include <cstddef>

#include "engine/report/report.h"

namespace c2a {

/// The number of not-analysed warnings of `report`.
std::size_t notAnalysedCount(const Report& report);

/// Drops the not-analysed warnings that name a resource the diff does not change
/// (Diagnostic::seenIfUnchanged: the unseen part is then the same on both sides).
void dropSeenWarnings(Report& report);

/// Drops the warnings dropSeenWarnings drops, then turns an approved verdict into review when a
/// part of the input was not analysed.
void holdUnseen(Report& report);

}  // namespace c2a
