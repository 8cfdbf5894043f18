// Pointers, errors and conditions of C2A rule files (reading.h).
//
// Condition positions: the readers record a list element where its value starts (in JSON its
// opening quote, so the text starts one column later) and an object member at its key. The text
// of `where: ...` is taken to start where formatters put it, after `"where": "` in JSON and
// `where: ` (an unquoted scalar) in YAML: exact for formatted files, a column or two off for
// others; the line is always right.
#include "rules/aws_c2a/reading.h"

#include <fmt/format.h>

#include <cctype>
#include <utility>

#include "model/error.h"
#include "model/path.h"
#include "rules/expression_parser.h"

namespace c2a::rules::c2a_file {
namespace {

void expandExpression(Expression& expression, const Aliases& aliases) {
  for (Expression& child : expression.children) expandExpression(child, aliases);
  // C2A's wildcard: a scalar '*' on the right of `==` matches any value, so `x == '*'` holds when
  // the path reaches a value (C2A's generated presets, "new security group with rules").
  if (expression.kind == Expression::Kind::Compare &&
      (expression.op == "==" || expression.op == "===") && !expression.universal &&
      expression.lhs && expression.lhs->path && expression.rhs && expression.rhs->literal &&
      expression.rhs->literal->value == Json("*")) {
    expression.kind = Expression::Kind::Exists;
    expression.op.clear();
    expression.rhs.reset();
  }
  for (auto* operand : {&expression.lhs, &expression.rhs}) {
    if (!*operand || !(*operand)->path) continue;
    PathOperand& path = *(*operand)->path;
    const std::string written = path.root;
    const Alias* alias = expandAliases(path, aliases);
    // A property binding is any value at any depth of any component, one value per match in C2A.
    // As the area of `appliesTo` that is `p.**.SUFFIX`; read as a value it would be every value
    // of every component at once, which means nothing C2A means.
    const bool patternOperand = expression.kind == Expression::Kind::Compare &&
                                expression.op == "appliesTo" && operand == &expression.rhs;
    if (alias != nullptr && alias->property && !patternOperand) {
      throw C2aError(ErrorKind::InvalidInput, path.where,
                     fmt::format("`{}` is a property selector: it can only name an area on the "
                                 "right of `appliesTo` (`change appliesTo {}.Ref`); read values "
                                 "through the change (`change.old`, `change.new`) or bind the "
                                 "component and use a path",
                                 written, written));
    }
  }
}

/// C2A writes intrinsic function keys bare in paths (`p.Fn::GetAtt.0`); the expression grammar
/// wants a key that is not a plain word quoted, so such a step is quoted before parsing. The
/// quotes shift later columns of that condition by two (positions here are approximate anyway).
std::string quoteIntrinsicKeys(const std::string& text) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  std::string out;
  out.reserve(text.size());
  char quote = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (quote != 0) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) {
        out += text[++i];
      } else if (c == quote) {
        quote = 0;
      }
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    out += c;
    ++i;
    if (c != '.' || i >= text.size() || !word(text[i])) continue;
    // A path step: `Key` or `Fn::GetAtt` (words joined by `::`).
    std::size_t end = i;
    bool joined = false;
    for (;;) {
      while (end < text.size() && word(text[end])) ++end;
      if (end + 2 < text.size() && text.compare(end, 2, "::") == 0 && word(text[end + 2])) {
        joined = true;
        end += 2;
        continue;
      }
      break;
    }
    const std::string step = text.substr(i, end - i);
    out += joined ? "\"" + step + "\"" : step;
    i = end;
  }
  return out;
}

Source::Syntax syntaxOf(std::string_view file) {
  if (file.ends_with(".json")) return Source::Syntax::Json;
  if (file.ends_with(".yaml") || file.ends_with(".yml")) return Source::Syntax::Yaml;
  return Source::Syntax::Other;
}

}  // namespace

std::string child(const std::string& pointer, std::string_view key) {
  return childPointer(pointer, key);
}

std::string child(const std::string& pointer, std::size_t index) {
  return child(pointer, std::to_string(index));
}

std::string_view describe(const Json& value) {
  switch (value.type()) {
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "a list";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::null: return "null";
    default: return "a number";
  }
}

const Alias* expandAliases(PathOperand& path, const Aliases& aliases) {
  auto alias = aliases.find(path.root);
  if (alias == aliases.end()) return nullptr;
  std::vector<PathSegment> segments = alias->second.path.segments;
  segments.insert(segments.end(), path.segments.begin(), path.segments.end());
  path.root = alias->second.path.root;
  path.segments = std::move(segments);
  return &alias->second;
}

Source::Source(const LocationTable& locations, Diagnostics* warnings)
    : locations_(locations), warnings_(warnings), syntax_(syntaxOf(locations.file())) {}

void Source::fail(const std::string& pointer, std::string message) const {
  throw C2aError(ErrorKind::InvalidInput, at(pointer), std::move(message));
}

void Source::warn(const std::string& pointer, std::string message) const {
  if (warnings_ != nullptr) {
    warnings_->push_back(Diagnostic{ErrorKind::InvalidInput, at(pointer), std::move(message)});
  }
}

std::string Source::stringAt(const Json& value, const std::string& pointer,
                             std::string_view what) const {
  if (!value.is_string()) {
    fail(pointer, fmt::format("{} must be a string, not {}", what, describe(value)));
  }
  return value.get<std::string>();
}

std::vector<Expression> Source::conditions(const Json& value, const std::string& pointer,
                                           const Aliases& aliases) const {
  std::vector<Expression> out;
  if (value.is_string()) {
    out.push_back(condition(value.get<std::string>(), pointer, false, aliases));
    return out;
  }
  if (!value.is_array()) {
    fail(pointer, fmt::format("`where` must be a condition string or a list of them, not {}",
                              describe(value)));
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string elementPointer = child(pointer, i);
    out.push_back(condition(stringAt(value[i], elementPointer, "a condition"), elementPointer, true,
                            aliases));
  }
  return out;
}

Expression Source::condition(const std::string& text, const std::string& pointer, bool listElement,
                             const Aliases& aliases) const {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail(pointer, "empty condition");
  SourceLocation start = at(pointer);
  if (start.known()) {
    constexpr int kWhere = 5;  // a condition is a `where` or an element of one
    if (syntax_ == Syntax::Json) start.column += listElement ? 1 : kWhere + 5;  // `"where": "`
    if (syntax_ == Syntax::Yaml && !listElement) start.column += kWhere + 2;    // `where: `
  }
  Expression expression =
      parseExpression(quoteIntrinsicKeys(text), start);  // throws, located, if malformed
  expandExpression(expression, aliases);
  return expression;
}

}  // namespace c2a::rules::c2a_file
