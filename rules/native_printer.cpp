// AST → canonical native text: the layout docs/rules.md (Grammar) uses, and text that parses back
// to the same AST (the round-trip tests hold it to that).
#include "rules/native_printer.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace c2a::rules {
namespace {

constexpr std::string_view kIndent = "  ";

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: out += c; break;
    }
  }
  return out + "\"";
}

// Path keys that read as a name or an index go bare; anything else (`aws:cdk:path`, `*` as a
// key, the empty key) is quoted.
bool isBareKey(std::string_view key) {
  if (key.empty()) return false;
  for (const char c : key) {
    const bool word =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!word) return false;
  }
  return true;
}

std::string printLiteral(const Json& value) {
  if (value.is_string()) return quote(value.get<std::string>());
  if (value.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i > 0) out += ", ";
      out += printLiteral(value[i]);
    }
    return out + "]";
  }
  return value.dump();  // numbers, true, false, null
}

std::string printPath(const PathOperand& path) {
  std::string out = path.root;
  for (const auto& segment : path.segments) {
    out += '.';
    switch (segment.kind) {
      case PathSegment::Kind::AnyOne: out += '*'; break;
      case PathSegment::Kind::AnyDepth: out += "**"; break;
      case PathSegment::Kind::Key:
        out += isBareKey(segment.key) ? segment.key : quote(segment.key);
        break;
    }
  }
  return out;
}

std::string printOperand(const Operand& operand) {
  if (operand.path) return printPath(*operand.path);
  if (operand.literal) return printLiteral(operand.literal->value);
  return "null";
}

std::string print(const Expression& e);

// Parentheses where the parser would otherwise group differently: an Or inside an And or a Not,
// and an And or Or directly inside one of the same kind (the parser flattens unparenthesised
// chains, so nesting that was written with parentheses keeps them).
std::string printChild(const Expression& child, Expression::Kind parent) {
  const bool connective = child.kind == Expression::Kind::And || child.kind == Expression::Kind::Or;
  const bool needs =
      connective && (parent != Expression::Kind::Or || child.kind == Expression::Kind::Or);
  if (!needs) return print(child);
  std::string out = "(";
  out += print(child);
  out += ')';
  return out;
}

std::string print(const Expression& e) {
  switch (e.kind) {
    case Expression::Kind::And:
    case Expression::Kind::Or: {
      const std::string_view joiner = e.kind == Expression::Kind::And ? " and " : " or ";
      std::string out;
      for (std::size_t i = 0; i < e.children.size(); ++i) {
        if (i > 0) out += joiner;
        out += printChild(e.children[i], e.kind);
      }
      return out;
    }
    case Expression::Kind::Not:
      return "not " + (e.children.empty() ? std::string() : printChild(e.children[0], e.kind));
    case Expression::Kind::Exists:
    case Expression::Kind::Compare: {
      std::string out = e.universal ? "all " : "";
      out += e.lhs ? printOperand(*e.lhs) : "null";
      if (e.kind == Expression::Kind::Exists) return out + " exists";
      return out + " " + e.op + " " + (e.rhs ? printOperand(*e.rhs) : "null");
    }
  }
  return {};
}

constexpr std::size_t kLineWidth = 100;

// `prefix` and the condition, then a newline. A long `and`/`or` chain continues with one operand
// per line, so a reviewer reads one test per line.
std::string printLine(const std::string& prefix, const Expression& e, const std::string& indent) {
  std::string line = prefix + print(e);
  const bool chain = e.kind == Expression::Kind::And || e.kind == Expression::Kind::Or;
  if (line.size() <= kLineWidth || !chain || e.children.size() < 2) return line + "\n";
  const std::string_view joiner = e.kind == Expression::Kind::And ? "and " : "or ";
  std::string out = prefix + printChild(e.children[0], e.kind) + "\n";
  for (std::size_t i = 1; i < e.children.size(); ++i) {
    out += indent;
    out += joiner;
    out += printChild(e.children[i], e.kind);
    out += '\n';
  }
  return out;
}

// Several conditions on one binding read as one `and` chain.
Expression allOf(const std::vector<Expression>& conditions) {
  if (conditions.size() == 1) return conditions[0];
  Expression all;
  all.kind = Expression::Kind::And;
  all.children = conditions;
  return all;
}

std::string printFields(const std::vector<std::pair<std::string_view, std::string>>& fields) {
  std::string out = " {";
  for (std::size_t i = 0; i < fields.size(); ++i) {
    out += i > 0 ? ", " : " ";
    out += fields[i].first;
    out += ": ";
    out += quote(fields[i].second);
  }
  return out + " }";
}

std::string printQuery(const Query& q) {
  if (q.kind == Query::Kind::Change) {
    std::vector<std::pair<std::string_view, std::string>> fields;
    if (q.changeType) fields.emplace_back("type", toString(*q.changeType));
    if (q.propertyOperationType) {
      fields.emplace_back("propertyOperationType", toString(*q.propertyOperationType));
    }
    if (q.certainty) fields.emplace_back("certainty", toString(*q.certainty));
    if (q.enclosingLevels) fields.emplace_back("level", q.insideLevels ? "tree" : "enclosing");
    return fields.empty() ? "change" : "change" + printFields(fields);
  }
  // Shorthands: `resource "AWS::S3::Bucket"`, `resource`, `output`, ...
  if (q.componentType && !q.name) {
    std::string kind(toString(*q.componentType));
    kind[0] = static_cast<char>(kind[0] - 'A' + 'a');
    if (!q.subtype) return kind;
    if (*q.componentType == ComponentType::Resource) return kind + " " + quote(*q.subtype);
  }
  std::vector<std::pair<std::string_view, std::string>> fields;
  if (q.componentType) fields.emplace_back("type", toString(*q.componentType));
  if (q.subtype) fields.emplace_back("subtype", *q.subtype);
  if (q.name) fields.emplace_back("name", *q.name);
  return fields.empty() ? "component" : "component" + printFields(fields);
}

std::string printEffect(const Effect& effect) {
  std::string items;
  const auto add = [&items](std::string_view key, std::string_view value) {
    if (!items.empty()) items += ", ";
    items += key;
    items += " = ";
    items += value;
  };
  if (effect.risk) add("risk", toString(*effect.risk));
  if (effect.action) add("action", toString(*effect.action));
  if (effect.target != "change") add("target", effect.target);
  // An effect with neither risk nor action does nothing and does not parse: keep it visible.
  if (!effect.risk && !effect.action) return "# effect without a risk or an action: " + items;
  return "effect " + items;
}

void printRule(const Rule& rule, int depth, std::string& out) {
  std::string indent;
  for (int i = 0; i < depth; ++i) indent += kIndent;
  const std::string inner = indent + std::string(kIndent);
  out += indent + "rule " + quote(rule.description);
  if (rule.idWhere) out += " id " + rule.id;  // a written id; a derived one is derived again
  out += " {\n";
  const std::string continuation = inner + "    ";
  for (const auto& binding : rule.bindings) {
    // A C2A binding that is only a condition is a rule condition here.
    if (binding.query.kind == Query::Kind::Filter) {
      for (const auto& condition : binding.conditions) {
        out += printLine(inner + "where ", condition, continuation);
      }
      continue;
    }
    const std::string let = inner + "let " + binding.name + " = " + printQuery(binding.query);
    if (binding.conditions.empty()) {
      out += let + "\n";
    } else {
      out += printLine(let + " where ", allOf(binding.conditions), continuation);
    }
  }
  for (const auto& condition : rule.conditions) {
    out += printLine(inner + "where ", condition, continuation);
  }
  if (rule.effect) out += inner + printEffect(*rule.effect) + "\n";
  for (const auto& child : rule.children) printRule(child, depth + 1, out);
  out += indent + "}\n";
}

}  // namespace

std::string printNativeRules(const std::vector<Rule>& rules) {
  std::string out;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    if (i > 0) out += "\n";
    printRule(rules[i], 0, out);
  }
  return out;
}

std::string printExpression(const Expression& expression) {
  return print(expression);
}

}  // namespace c2a::rules
