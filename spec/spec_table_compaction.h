#pragma once
// Shrinks a specification to what the update-type walk can tell apart, for the built-in table.
#include "spec/spec_tables.h"

namespace c2a {

/// A copy of `tables` that answers every walkPropertyPath() exactly as the original does, without
/// what cannot change an answer: structure below an Immutable or Conditional property, Mutable
/// leaves of nested types (an unlisted nested key is Mutable anyway), and nested types with nothing
/// but Mutable inside. Top-level properties all stay: an unlisted one is Unknown.
SpecTables compactSpecTables(const SpecTables& tables);

}  // namespace c2a
