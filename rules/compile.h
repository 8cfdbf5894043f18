#pragma once
// Resolves a rule set: every identifier to a binding slot, every operator to its table entry,
// every effect target to a binding in scope. Reports every problem, not just the first.
#include "model/error.h"
#include "rules/ast.h"

namespace c2a::rules {

/// Fills slots and operator indices in place. Returns every problem found, each with its
/// location: unknown identifier, duplicate binding in a scope, unknown operator, effect target
/// not in scope (or an effect with neither risk nor action), an Entity operand that is not a
/// bare binding, a pattern operand on a change, a rule id written twice, and the like. Every rule
/// gets its id (rule_ids.h: written, or derived). An empty result means the set is
/// ready to evaluate. `judgePresetLiterals` false leaves the literals of bundled presets (rules
/// located in `preset:NAME`) unjudged by their operators (a regular expression is then compiled
/// at its first use, not at every start-up): the presets' own tests judge them.
Diagnostics compileRuleSet(RuleSet& rules, bool judgePresetLiterals = true);

}  // namespace c2a::rules
