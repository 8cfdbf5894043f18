#pragma once
// How two readings of one text differ, for the differential checks of the one-pass JSON reader
// against nlohmann's (tests/platform-mapping/readers, fuzz/checks/readers.cpp).
#include <optional>
#include <string>

#include "readers/source_document.h"

namespace c2a {

/// The first difference between `a` and `b`, in tree order: a value's type (a 64-bit integer, an
/// unsigned one and a double differ even when equal in value), its value, an object's keys and
/// their order, or the position recorded for a value. Nothing when they are the same.
std::optional<std::string> firstDifference(const SourceDocument& a, const SourceDocument& b);

}  // namespace c2a
