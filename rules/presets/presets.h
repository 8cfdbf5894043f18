#pragma once
// Presets: bundled rule packs in the native rules language, one file each in rules/presets/,
// registered in the table of presets.cpp. On by default (docs/presets.md).
#include <string>
#include <string_view>
#include <vector>

namespace c2a::rules {

struct Preset {
  std::string_view name;     // what --preset takes; the file is rules/presets/NAME.c2a
  std::string_view summary;  // one line for `c2a rules presets`
  std::string_view source;   // the rule file's text
  std::string_view rules;    // its rules, parsed at build time (rules/ast_bytes.h)
};

/// Every preset, in the table's order.
const std::vector<Preset>& presets();
/// The preset named `name`, or null.
const Preset* findPreset(std::string_view name);
/// The presets a name selects: itself, or those an alias stands for (C2A's
/// `broadening-permissions` is iam-broadening and network-exposure). Empty for an unknown name.
std::vector<const Preset*> selectPresets(std::string_view name);
/// Every name --preset takes, aliases included.
std::vector<std::string_view> presetNames();

}  // namespace c2a::rules
