#pragma once
// The table that spec_table_gen writes at build time (spec_table_text.h describes its format).
#include <span>
#include <string_view>

#include "spec/spec_table_text.h"

namespace c2a {

/// The built-in table's text, in chunks that end at line ends (each under the 64 KiB that ISO C++
/// lets a compiler cap string literals at).
std::span<const std::string_view> builtinSpecTable();

/// The same specification uncompacted: every property name of every resource and nested type.
std::span<const std::string_view> builtinCompleteSpecTable();

/// Where each type's block starts in the two tables, found at build time (static storage).
SpecTableIndex builtinSpecTableIndex();
SpecTableIndex builtinCompleteSpecTableIndex();

}  // namespace c2a
