#pragma once
// The native rules language (docs/rules.md), parsed with PEGTL. The grammar lives in grammar.h,
// private to rules/; this is the entry point.
#include <string>
#include <string_view>
#include <vector>

#include "model/error.h"
#include "rules/ast.h"

namespace c2a::rules {

struct Include {
  std::string path;  // as written, relative to the including file
  SourceLocation where;
};

struct ParsedRules {
  std::vector<Rule> rules;
  std::vector<Include> includes;
};

/// Parses a rule file's text; `file` names it in locations. Throws C2aError (InvalidInput) with
/// FILE:LINE:COL and a sentence from the grammar's error-message table on a syntax error.
/// Identifiers are not resolved here (compile.h does that).
ParsedRules parseNativeRules(std::string_view text, const std::string& file);

struct RecoveredRules {
  ParsedRules parsed;    // every rule that parsed, around the errors
  Diagnostics problems;  // each syntax error, located, in file order
};

/// Like parseNativeRules, but a syntax error does not end the reading: it is recorded and parsing
/// resumes at the next line that starts with `rule` or `include`, so one run reports every
/// mistake of the file (at most kMaxRecoveredErrors).
RecoveredRules parseNativeRulesRecovering(std::string_view text, const std::string& file);

inline constexpr std::size_t kMaxRecoveredErrors = 50;

/// Nesting limit for rules inside rules and for parenthesised expressions.
inline constexpr std::size_t kMaxRuleNesting = 64;

}  // namespace c2a::rules
