#pragma once
// The table that spec_table_gen writes at build time (spec_table_text.h describes its format).
#include <span>
#include <string_view>

namespace c2a {

/// The built-in table's text, in chunks that end at line ends (each under the 64 KiB that ISO C++
/// lets a compiler cap string literals at).
std::span<const std::string_view> builtinSpecTable();

/// The same specification uncompacted: every property name of every resource and nested type.
std::span<const std::string_view> builtinCompleteSpecTable();

}  // namespace c2a
