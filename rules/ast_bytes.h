#pragma once
// The rule AST as bytes: how the presets ship compiled (rules/presets/generator), so that no run
// parses them. The bytes are written at build time by the same c2a that reads them, so the format
// has no version; a malformed blob is a build defect (C2aError Internal).
#include <string>
#include <string_view>
#include <vector>

#include "rules/ast.h"

namespace c2a::rules {

/// `rules` as parsed from one file; every location in them must name `file` (throws C2aError
/// Internal otherwise), which the bytes then leave out.
std::string rulesToBytes(const std::vector<Rule>& rules, const std::string& file);

/// The rules rulesToBytes wrote, their locations naming `file` again.
std::vector<Rule> rulesFromBytes(std::string_view bytes, const std::string& file);

}  // namespace c2a::rules
