#pragma once
// The rule AST: what both rule formats (the native language and C2A's JSON/YAML structure)
// compile to. Every node remembers where it was written; every identifier is resolved to a binding
// slot when the rule set is compiled (compile.h), so evaluation never looks names up.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/component.h"
#include "model/json.h"
#include "model/operation.h"
#include "model/source_location.h"

namespace c2a::rules {

/// What a `let` binding selects from the diff.
struct Query {
  enum class Kind {
    Component,  // components of either side: `resource "AWS::S3::Bucket"`, {"Resource": ...},
                // {"component": {...}}
    Change,     // operations: `change {type: "UPDATE"}`, {"change": {...}}
    Filter,     // no selector, only a `where` (C2A allows a binding that is just a condition)
  };
  Kind kind = Kind::Filter;
  // Component filters (unset = any).
  std::optional<ComponentType> componentType;
  std::optional<std::string> subtype;
  std::optional<std::string> name;
  // Change filters (unset = any).
  std::optional<OperationType> changeType;
  std::optional<PropertyOperationType> propertyOperationType;
  std::optional<Certainty> certainty;
  // `level: "enclosing"` or `"tree"` (native), every property-change selector of a C2A rule file:
  // a property change is bound at its own level and at each enclosing one
  // (rules/evaluation/bound.h).
  bool enclosingLevels = false;
  // `level: "tree"` (native), every property-change selector of a C2A rule file: a change of an
  // intrinsic function is also bound at each value inside it that differs, as C2A's diff has
  // them (rules/evaluation/inside_levels.h).
  bool insideLevels = false;

  bool operator==(const Query&) const = default;
};

/// One step of a path: `Properties`, `3`, `*` (one level: any key or index), `**` (any depth).
struct PathSegment {
  enum class Kind { Key, AnyOne, AnyDepth };
  Kind kind = Kind::Key;
  std::string key;  // for Key; array indices are keys of digits ("3")

  bool operator==(const PathSegment&) const = default;
};

/// One step as written: `*`, `**` or a key.
inline PathSegment pathSegment(std::string step) {
  if (step == "*") return {PathSegment::Kind::AnyOne, {}};
  if (step == "**") return {PathSegment::Kind::AnyDepth, {}};
  return {PathSegment::Kind::Key, std::move(step)};
}

/// The steps of a dotted path (`Properties.**.Key`); a key cannot hold a dot.
inline std::vector<PathSegment> dottedSegments(std::string_view dotted) {
  std::vector<PathSegment> out;
  std::size_t start = 0;
  while (start <= dotted.size()) {
    auto end = std::min(dotted.find('.', start), dotted.size());
    out.push_back(pathSegment(std::string(dotted.substr(start, end - start))));
    start = end + 1;
  }
  return out;
}

/// `bucket.Properties.Tags.*.Key`: a binding and the path below it.
struct PathOperand {
  std::string root;  // the binding's name as written
  int slot = -1;     // resolved binding slot (compile.h); -1 until resolved
  std::vector<PathSegment> segments;
  SourceLocation where;

  bool operator==(const PathOperand&) const = default;
};

/// A literal: string, number, boolean, null, or a list of literals.
struct LiteralOperand {
  Json value;
  SourceLocation where;

  bool operator==(const LiteralOperand&) const = default;
};

struct Operand {
  std::optional<PathOperand> path;  // exactly one of path / literal is set
  std::optional<LiteralOperand> literal;

  bool operator==(const Operand&) const = default;
};

/// A condition: `a == b`, `x exists`, `not e`, `e and f`, `e or f`.
struct Expression {
  enum class Kind { And, Or, Not, Compare, Exists };
  Kind kind = Kind::Compare;
  std::vector<Expression> children;  // And / Or: 2+; Not: 1
  std::string op;                    // Compare: the operator as written (`==`, `appliesTo`, `===`)
  int operatorIndex = -1;            // resolved index into the operator table (operators.h)
  bool universal = false;            // `all x.*.y op v`: every value must satisfy, not just one
  std::optional<Operand> lhs;        // Compare / Exists
  std::optional<Operand> rhs;        // Compare
  SourceLocation where;

  bool operator==(const Expression&) const = default;
};

struct Binding {
  std::string name;
  Query query;
  std::vector<Expression> conditions;  // binding-level `where`, all must hold
  int slot = -1;                       // resolved (compile.h)
  SourceLocation where;

  bool operator==(const Binding&) const = default;
};

struct Effect {
  std::optional<Risk> risk;
  std::optional<Action> action;
  std::string target = "change";  // binding whose objects receive the effect
  int targetSlot = -1;            // resolved (compile.h)
  SourceLocation where;

  bool operator==(const Effect&) const = default;
};

struct Rule {
  std::string description;
  // The rule's stable id (docs/rules.md, "Rule ids"): as written (`rule "..." id store-replace`,
  // `"id": "store-replace"`), or derived when the set is compiled (compile.h).
  std::string id;
  std::optional<SourceLocation> idWhere;  // where the id is written; none for a derived one
  // A rule of a C2A rule file: its JSON pointer (`/0/then/3`), which names a rule without a
  // description (`rules.json#/0/then/3`) better than a line of a minified file does.
  std::optional<std::string> pointer;
  std::vector<Binding> bindings;       // in order; later ones may use earlier ones
  std::vector<Expression> conditions;  // rule-level `where`, all must hold
  std::optional<Effect> effect;
  std::vector<Rule> children;  // `then`: inherit this rule's bindings
  SourceLocation where;

  bool operator==(const Rule&) const = default;
};

struct RuleSet {
  std::vector<Rule> rules;
  std::vector<std::string> files;  // every file read, includes too
  int slotCount = 0;               // bindings across the whole set (compile.h numbers them)

  bool operator==(const RuleSet&) const = default;
};

}  // namespace c2a::rules
