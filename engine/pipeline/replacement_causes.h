#pragma once
// A property change that replaces its resource is decided with the replacement: the two are one
// change to a reviewer (the new value is why the resource is re-created), so neither can be
// approved, shown or gated apart from the other.
#include "engine/report/report.h"

namespace c2a {

/// Each UPDATE of a replaced resource's immutable (or conditionally replacing) property, and the
/// change a replacement names as its cause when it is of the same resource, is decided with the
/// replacement: all of them take the strictest of their decisions (the higher risk, a rejection
/// if any is rejected, review if any waits, approval only when all are approved), with the rules
/// of all. Call after
/// the rules and before the acceptances (an approval of one binds the other: `c2a approve`).
void decideCausesWithReplacements(Report& report);

}  // namespace c2a
