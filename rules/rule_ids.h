#pragma once
// Stable rule ids (docs/rules.md, "Rule ids"): what reports, SARIF and approvals name a rule by.
// An id is written (`rule "..." id store-replace { ... }`, `"id": "store-replace"` in a C2A rule
// file) or derived when the set is compiled: a slug of the description, else of where the rule
// is written. Ids are unique in a rule set.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/error.h"
#include "rules/ast.h"

namespace c2a::rules {

inline constexpr std::size_t kMaxRuleIdLength = 64;
/// A derived id, before a `-2`: room is left for the suffix.
inline constexpr std::size_t kMaxDerivedRuleIdLength = 60;

/// Why `id` cannot be a rule id (lowercase letters, digits and `-`, starting with a letter or a
/// digit, at most kMaxRuleIdLength characters), as a sentence; empty when it can.
std::string ruleIdProblem(std::string_view id);

/// What reports show for a rule: its description; without one, where it is written: the file
/// and JSON pointer of a C2A rule (`rules.json#/0/then/3`), else `rule at FILE:LINE`. Empty when
/// the rule has neither (a rule built in memory).
std::string ruleLabel(const Rule& rule);

/// The id a rule without one gets before collisions are resolved: the slug of its description;
/// without one (or one with no ASCII letter or digit), of where it is written: `team-12` for a
/// native rule at team.c2a:12, `rules-0-then-3` for the C2A rule at rules.json#/0/then/3.
std::string derivedRuleId(const Rule& rule);

/// Gives every rule of `rules` (children too) its id: written ids are checked (a malformed one,
/// or one written twice, is a located problem naming both places), then each rule without one
/// gets derivedRuleId, with `-2`, `-3`... when that id is taken, in load order. Written ids are
/// never renamed. A rule's id counts as written when it has `idWhere`; the others are derived
/// again, the same way, on a second call.
Diagnostics assignRuleIds(std::vector<Rule>& rules);

}  // namespace c2a::rules
