#pragma once
// C2A's rule files (JSON, or the same structure in YAML): a rule or a list of rules, each with
// `description`, `let`, `where`, `then`, `effect`. The engine reads the file into a JSON tree with
// positions; this turns it into rules. `where` strings go through the native expression grammar.
#include <vector>

#include "model/error.h"
#include "model/json.h"
#include "model/location_table.h"
#include "rules/ast.h"

namespace c2a::rules {

/// Throws C2aError (InvalidInput) with the location of the offending value for a structure that
/// is not a C2A rule file. Conditions that do not parse are errors too, never dropped. What C2A
/// accepts and c2a reads as matching nothing (`propertyOperationType: "RENAME"`) is appended to
/// `warnings`, located, when it is given.
/// With `problems` given, a mistake in one rule of a list is appended there and the next rule is
/// read, so every rule's mistake is reported in one run.
std::vector<Rule> readC2aRules(const Json& root, const LocationTable& locations,
                               Diagnostics* warnings = nullptr, Diagnostics* problems = nullptr);

}  // namespace c2a::rules
