#pragma once
// The text of every rule file in rules/presets/, compiled into the binary at build time
// (cmake/embed_presets.cmake): the presets work wherever c2a is copied.
#include <string_view>
#include <vector>

namespace c2a::rules {

struct EmbeddedPreset {
  std::string_view name;    // the file name without .c2a
  std::string_view source;  // its text
};

/// In file-name order.
const std::vector<EmbeddedPreset>& embeddedPresets();

}  // namespace c2a::rules
