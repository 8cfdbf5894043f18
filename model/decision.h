#pragma once
// What the rules decided about each operation: kept beside the diff, never written into it, so
// the diff stays what the templates say and the decisions stay what the rules say.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace c2a {

enum class Risk { Low, Unknown, High };  // ordered: the higher wins when effects combine
enum class Action { None, Approve, Reject };

std::string_view toString(Risk risk);
std::string_view toString(Action action);

struct Decision {
  Risk risk = Risk::Unknown;
  Action action = Action::None;    // none: a human must look at it
  std::vector<std::string> rules;  // labels of the rules whose effects reached it, sorted
  // Their stable ids (docs/rules.md, "Rule ids"), in the same order: ruleIds[i] is the id of the
  // rule labelled rules[i]. Empty when the decision was not made by rules that have ids.
  std::vector<std::string> ruleIds;
  // Whether each rule's own effect rejects (rejects[i] for rules[i]): a rejected change that
  // several rules reached says which of them rejected it. Empty when not known.
  std::vector<bool> rejects;
};

/// "Buckets must not be replaced [store-replace]": rule `i` of a decision as reports name it, its
/// label and its id (the label alone when it has none); "... [store-replace] (rejects)" for the
/// rules that reject a rejected change that rules which do not reject reached too.
std::string ruleWithId(const Decision& decision, std::size_t i);

/// The slug a rule id is derived from text with: lowercase ASCII letters and digits, every run of
/// anything else one `-`, no `-` at either end, at most `maxLength` characters (cut at a `-` when
/// one is near the end). Empty when the text has no ASCII letter or digit.
std::string ruleIdSlug(std::string_view text, std::size_t maxLength = 64);

/// One decision per operation of a ModelDiff, in the same order.
using Decisions = std::vector<Decision>;

}  // namespace c2a
