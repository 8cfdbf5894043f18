#pragma once
// How each rule is searched, worked out once per rule set: the order bindings are tried in, when
// each condition can be checked (as soon as every binding it mentions is bound), and which bindings
// can take their candidates from a join (`appliesTo`, `->`, `<-`) instead of a whole index.
#include <cstddef>
#include <string>
#include <vector>

#include "rules/ast.h"

namespace c2a::rules {

/// Where a binding's candidates come from when a condition ties it to a binding bound before it.
struct JoinHint {
  enum class Kind {
    None,                // the world's index for the binding's query
    ChangesOfComponent,  // `x appliesTo y...`, x being bound: the operations on y's component
    ComponentOfChange,   // `x appliesTo y...`, y being bound: x's component
    Referrers,           // `x -> y` or `y <- x`, y being bound: the components referring to y
    Referenced,          // `y -> x` or `x <- y`, y being bound: the components y refers to
  };
  Kind kind = Kind::None;
  int slot = -1;  // the binding bound earlier
};

struct PlannedStep {
  const Binding* binding = nullptr;
  JoinHint join;
  std::vector<const Expression*> conditions;  // checked right after this binding is bound
};

struct PlannedRule {
  const Rule* rule = nullptr;
  std::string label;  // the description, or where it is written (rule_ids.h ruleLabel)
  std::string id;     // its stable id (rule_ids.h)
  std::vector<const Expression*> conditions;  // need only enclosing rules' bindings
  std::vector<PlannedStep> steps;             // the rule's bindings, in order
  std::vector<std::size_t> children;          // indices into RulePlan::rules
  bool topLevel = false;
  /// A top-level rule's slots, its children's included: [first, first + count).
  struct {
    std::size_t first = 0;
    std::size_t count = 0;
  } slots;
};

struct RulePlan {
  std::vector<PlannedRule> rules;  // every rule of the set, parents before their children
  std::size_t slotCount = 0;
};

RulePlan planRules(const RuleSet& rules);

}  // namespace c2a::rules
