#pragma once
#include <string>

#include "engine/pipeline/analyze.h"

namespace c2a {

/// The human report: grouped by stack and component, replacements first and marked loudly (as
/// `cdk diff` marks `replace` / `may be replaced`), then the verdict.
std::string renderText(const Analysis& analysis);

/// Template text made safe for a terminal: control characters (escape sequences) are shown
/// escaped, never interpreted.
std::string terminalSafe(std::string_view text);

}  // namespace c2a
