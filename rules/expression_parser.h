#pragma once
// A `where` condition on its own, with the same grammar as inside native rule files. C2A rule files
// (JSON/YAML) hold their conditions as strings; they are parsed here, so nothing is silently
// dropped.
#include <string_view>

#include "rules/ast.h"

namespace c2a::rules {

/// Parses one condition. `start` is where the text begins in its file (locations inside the
/// condition are offset from it). Throws C2aError (InvalidInput) on a syntax error.
Expression parseExpression(std::string_view text, const SourceLocation& start);

}  // namespace c2a::rules
