#pragma once
// The rule AST as JSON, for tests: equal dumps mean equal ASTs, and a failing comparison shows
// where they differ. Locations are left out unless asked for (round trips change them).
#include <string>
#include <vector>

#include "model/json.h"
#include "rules/ast.h"

namespace c2a::rules::testing {

inline Json dumpLocation(const SourceLocation& where) {
  return std::to_string(where.line) + ":" + std::to_string(where.column);
}

inline Json dumpOperand(const Operand& operand, bool locations) {
  Json out;
  if (operand.path) {
    out["root"] = operand.path->root;
    Json segments = Json::array();
    for (const auto& s : operand.path->segments) {
      segments.push_back(s.kind == PathSegment::Kind::AnyOne     ? Json("<*>")
                         : s.kind == PathSegment::Kind::AnyDepth ? Json("<**>")
                                                                 : Json(s.key));
    }
    out["segments"] = segments;
    if (locations) out["at"] = dumpLocation(operand.path->where);
  }
  if (operand.literal) {
    out["literal"] = operand.literal->value;
    if (locations) out["at"] = dumpLocation(operand.literal->where);
  }
  return out;
}

inline Json dumpExpression(const Expression& e, bool locations = false) {
  static const char* const kKinds[] = {"and", "or", "not", "compare", "exists"};
  Json out;
  out["kind"] = kKinds[static_cast<int>(e.kind)];
  if (!e.children.empty()) {
    Json children = Json::array();
    for (const auto& c : e.children) children.push_back(dumpExpression(c, locations));
    out["children"] = children;
  }
  if (!e.op.empty()) out["op"] = e.op;
  if (e.universal) out["universal"] = true;
  if (e.lhs) out["lhs"] = dumpOperand(*e.lhs, locations);
  if (e.rhs) out["rhs"] = dumpOperand(*e.rhs, locations);
  if (locations) out["at"] = dumpLocation(e.where);
  return out;
}

inline Json dumpQuery(const Query& q) {
  static const char* const kKinds[] = {"component", "change", "filter"};
  Json out;
  out["kind"] = kKinds[static_cast<int>(q.kind)];
  if (q.componentType) out["componentType"] = std::string(toString(*q.componentType));
  if (q.subtype) out["subtype"] = *q.subtype;
  if (q.name) out["name"] = *q.name;
  if (q.changeType) out["changeType"] = std::string(toString(*q.changeType));
  if (q.propertyOperationType) {
    out["propertyOperationType"] = std::string(toString(*q.propertyOperationType));
  }
  if (q.certainty) out["certainty"] = std::string(toString(*q.certainty));
  return out;
}

inline Json dumpRule(const Rule& rule, bool locations = false) {
  Json out;
  out["description"] = rule.description;
  Json bindings = Json::array();
  for (const auto& b : rule.bindings) {
    Json binding{{"name", b.name}, {"query", dumpQuery(b.query)}};
    for (const auto& c : b.conditions) binding["where"].push_back(dumpExpression(c, locations));
    if (locations) binding["at"] = dumpLocation(b.where);
    bindings.push_back(binding);
  }
  out["bindings"] = bindings;
  for (const auto& c : rule.conditions) out["where"].push_back(dumpExpression(c, locations));
  if (rule.effect) {
    Json effect{{"target", rule.effect->target}};
    if (rule.effect->risk) effect["risk"] = std::string(toString(*rule.effect->risk));
    if (rule.effect->action) effect["action"] = std::string(toString(*rule.effect->action));
    if (locations) effect["at"] = dumpLocation(rule.effect->where);
    out["effect"] = effect;
  }
  for (const auto& child : rule.children) out["children"].push_back(dumpRule(child, locations));
  if (locations) out["at"] = dumpLocation(rule.where);
  return out;
}

inline Json dumpRules(const std::vector<Rule>& rules, bool locations = false) {
  Json out = Json::array();
  for (const auto& rule : rules) out.push_back(dumpRule(rule, locations));
  return out;
}

}  // namespace c2a::rules::testing
