#pragma once
// The rules of every preset, parsed at build time (rules/presets/generator/preset_compiler.cpp)
// and kept as bytes (rules/ast_bytes.h): a run reads them back instead of parsing 77 KB of rule
// text, 6.6 M instructions of every run (docs/performance.md).
#include <cstddef>
#include <span>
#include <string_view>

namespace c2a::rules {

struct CompiledPreset {
  std::string_view name;  // the file name without .c2a
  const unsigned char* bytes;
  std::size_t size;
};

/// In the order the build listed the files.
std::span<const CompiledPreset> compiledPresets();

}  // namespace c2a::rules
