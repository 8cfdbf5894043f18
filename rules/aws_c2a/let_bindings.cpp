// C2A's `let` bindings (aws-c2a's rule-config-schema.ts and rule-parser.ts, RULES.md) read into
// AST bindings. Where C2A's selectors have no direct counterpart:
// - `{"<ComponentType>": "<subtype>"}` (`{"Resource": "AWS::S3::Bucket"}`), with an optional
//   `name`: as in C2A the value is the subtype, and an empty one means any. A resource's subtype is
//   its type; C2A's subtype of a parameter is the parameter's `Type`, which c2a keeps among the
//   parameter's properties, so `{"Parameter": "String"}` is a parameter binding with the condition
//   `p.Type == "String"`. Other components have no subtype in either tool: a non-empty one is an
//   error rather than a binding that never matches.
// - `{}` and `{"name": ...}` select components, as in C2A; `{"where": ...}` alone is a filter.
// - A path selector, `"tags": "bucket.Properties.Tags"` or `{"fromPath": ...}`, binds C2A's
//   identifier to the values at that path. The AST binds only components and changes, so the
//   identifier names the path instead: later uses of `tags.X` (in this rule and its children) are
//   rewritten to `bucket.Properties.Tags.X`, and the binding is a filter requiring the path to
//   exist. Unlike C2A, two conditions on `tags` may be met by different values under the path.
// - `{"property": {}}` binds C2A's property vertices: any value at any depth inside any component.
//   The AST has no such binding; the identifier binds every component instead and conditions read
//   `p.SUFFIX` as `p.**.SUFFIX`, so `change appliesTo p.Ref` holds for a change at (or, as change
//   selectors bind enclosing levels, inside) a path ending in `Ref`. Only `appliesTo` may take the
//   name: a value read through it (`p.Ref == ...`) is a located error (reading.cpp).
// - `{"relationship": ...}` and C2A's other graph-vertex selectors have no counterpart: errors
//   that say how to reach the same values through a path.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/suggestions.h"
#include "rules/aws_c2a/reading.h"
#include "rules/field_names.h"
#include "rules/grammar.h"

namespace c2a::rules::c2a_file {
namespace {

constexpr std::array<std::string_view, 3> kComponentFilterKeys{"type", "subtype", "name"};
constexpr std::array<std::string_view, 3> kChangeFilterKeys{"type", "propertyOperationType",
                                                            "certainty"};
// C2A's graph vertices that the AST cannot bind (ModelEntityTypes in @aws-c2a/models).
constexpr std::array<std::string_view, 3> kUnsupportedSelectors{"relationship", "transition",
                                                                "infrastructureState"};

std::vector<std::string_view> componentTypeNames() {
  std::vector<std::string_view> out;
  for (ComponentType type : kComponentTypes) out.push_back(toString(type));
  return out;
}

std::optional<Certainty> certaintyFromString(std::string_view text) {
  // C2A calls them Absolute and Partial (OperationCertainty in @aws-c2a/models).
  if (text == "definite" || text == "Absolute") return Certainty::Definite;
  if (text == "possible" || text == "Partial") return Certainty::Possible;
  return std::nullopt;
}

bool isSelectorKey(std::string_view key) {
  return key == "component" || key == "change" || key == "fromPath" || key == "property" ||
         among(kUnsupportedSelectors, key) || componentTypeFromString(key).has_value();
}

std::vector<std::string_view> selectorKeys() {
  std::vector<std::string_view> out{"component", "change", "fromPath", "property", "where", "name"};
  for (std::string_view type : componentTypeNames()) out.push_back(type);
  return out;
}

/// Whether conditions can name `text`: the grammar's own rule for binding names decides.
bool isBindingName(std::string_view text) {
  tao::pegtl::memory_input in(text.data(), text.size(), "");
  return tao::pegtl::parse<tao::pegtl::seq<grammar::binding_identifier, tao::pegtl::eof>>(in);
}

class BindingReader {
 public:
  BindingReader(const Source& source, Binding& binding, Aliases& aliases)
      : source_(source), binding_(binding), aliases_(aliases) {}

  void read(const Json& selector, const std::string& pointer) {
    if (selector.is_string()) {
      pathSelector(selector.get<std::string>(), pointer);
      return;
    }
    if (!selector.is_object()) {
      source_.fail(pointer,
                   fmt::format("binding `{}` must be a selector object or a path string, not {}",
                               binding_.name, describe(selector)));
    }
    const std::optional<std::string> key = selectorKey(selector, pointer);
    checkName(selector, key, pointer);
    if (!key) {
      noSelector(selector, pointer);
    } else if (*key == "fromPath") {
      const std::string pathPointer = child(pointer, "fromPath");
      pathSelector(source_.stringAt(selector.at("fromPath"), pathPointer, "`fromPath`"),
                   pathPointer);
    } else if (*key == "change") {
      changeSelector(selector.at("change"), child(pointer, "change"));
    } else if (*key == "component") {
      componentSelector(selector.at("component"), child(pointer, "component"));
    } else if (*key == "property") {
      propertySelector(selector.at("property"), child(pointer, "property"));
    } else if (among(kUnsupportedSelectors, *key)) {
      source_.fail(child(pointer, *key),
                   fmt::format("`{}` selectors are not supported: bind the component and reach "
                               "its values through a path, e.g. {{\"fromPath\": "
                               "\"bucket.Properties.Tags\"}} or `bucket.Properties.Tags` in a "
                               "condition",
                               *key));
    } else {
      shortForm(selector, *key, pointer);
    }
    if (!isAlias_) aliases_.erase(binding_.name);  // hides a parent's path or property name
    if (auto where = selector.find("where"); where != selector.end()) {
      for (auto& condition : source_.conditions(*where, child(pointer, "where"), aliases_)) {
        binding_.conditions.push_back(std::move(condition));
      }
    }
  }

 private:
  std::optional<std::string> selectorKey(const Json& selector, const std::string& pointer) const {
    std::optional<std::string> found;
    for (const auto& [key, value] : selector.items()) {
      if (key == "where" || key == "name") continue;
      if (!isSelectorKey(key)) {
        source_.fail(child(pointer, key),
                     fmt::format("unknown selector `{}` in binding `{}` (expected component, "
                                 "change, fromPath, property, {}; or where, name){}",
                                 key, binding_.name, fmt::join(componentTypeNames(), ", "),
                                 didYouMean(key, selectorKeys())));
      }
      if (found) {
        source_.fail(child(pointer, key), fmt::format("binding `{}` has two selectors, `{}` and "
                                                      "`{}`",
                                                      binding_.name, *found, key));
      }
      found = key;
    }
    return found;
  }

  /// `name` sits next to a short form (C2A's ComponentCFilter) or alone, nowhere else.
  void checkName(const Json& selector, const std::optional<std::string>& key,
                 const std::string& pointer) const {
    if (!selector.contains("name") || !key || componentTypeFromString(*key)) return;
    source_.fail(child(pointer, "name"),
                 *key == "component"
                     ? std::string("`name` goes inside the selector: {\"component\": {\"name\": "
                                   "...}}")
                     : fmt::format("`name` does not filter `{}` selectors", *key));
  }

  void readName(const Json& selector, const std::string& pointer) {
    if (auto name = selector.find("name"); name != selector.end()) {
      const std::string text = source_.stringAt(*name, child(pointer, "name"), "`name`");
      if (!text.empty()) binding_.query.name = text;
    }
  }

  /// {} or {"name": ...}: every component (of that name), as in C2A; {"where": ...}: a filter.
  void noSelector(const Json& selector, const std::string& pointer) {
    if (selector.contains("where") && !selector.contains("name")) {
      binding_.query.kind = Query::Kind::Filter;
      return;
    }
    binding_.query.kind = Query::Kind::Component;
    readName(selector, pointer);
  }

  /// {"Resource": "AWS::S3::Bucket"}
  void shortForm(const Json& selector, const std::string& type, const std::string& pointer) {
    const std::string typePointer = child(pointer, type);
    binding_.query.kind = Query::Kind::Component;
    binding_.query.componentType = componentTypeFromString(type);
    setSubtype(source_.stringAt(selector.at(type), typePointer, fmt::format("`{}`", type)),
               typePointer);
    readName(selector, pointer);
  }

  void componentSelector(const Json& filter, const std::string& pointer) {
    if (!filter.is_object()) {
      source_.fail(pointer,
                   fmt::format("`component` must be an object ({{type, subtype, name}}), not {}",
                               describe(filter)));
    }
    binding_.query.kind = Query::Kind::Component;
    std::optional<std::string> subtype;
    for (const auto& [key, value] : filter.items()) {
      const std::string keyPointer = child(pointer, key);
      if (!among(kComponentFilterKeys, key)) {
        source_.fail(keyPointer, fmt::format("unknown key `{}` in `component` (expected type, "
                                             "subtype, name){}",
                                             key, didYouMean(key, names(kComponentFilterKeys))));
      }
      const std::string text = source_.stringAt(value, keyPointer, fmt::format("`{}`", key));
      if (key == "type") {
        // C2A's own name for constructs (its CDK parser's component type).
        binding_.query.componentType =
            text == "CDK Construct" ? ComponentType::Construct : componentTypeFromString(text);
        if (!binding_.query.componentType) {
          source_.fail(keyPointer, fmt::format("unknown component type `{}` (expected {}){}", text,
                                               enumChoices(kComponentTypes),
                                               didYouMean(text, componentTypeNames())));
        }
      } else if (key == "subtype") {
        subtype = text;
      } else if (!text.empty()) {
        binding_.query.name = text;
      }
    }
    if (subtype) setSubtype(*subtype, child(pointer, "subtype"));  // once the type is known
  }

  void setSubtype(const std::string& subtype, const std::string& pointer) {
    if (subtype.empty()) return;  // C2A: an empty subtype filters nothing
    const auto type = binding_.query.componentType;
    if (!type || *type == ComponentType::Resource) {
      binding_.query.subtype = subtype;
      return;
    }
    if (*type != ComponentType::Parameter) {
      source_.fail(pointer, fmt::format("`{0}` components have no subtype (only resources and "
                                        "parameters do); select one by name: {{\"component\": "
                                        "{{\"type\": \"{0}\", \"name\": ...}}}}",
                                        toString(*type)));
    }
    Expression condition;
    condition.kind = Expression::Kind::Compare;
    condition.op = "==";
    condition.where = source_.at(pointer);
    PathOperand parameterType;  // `p.Type`
    parameterType.root = binding_.name;
    parameterType.segments.push_back(PathSegment{PathSegment::Kind::Key, "Type"});
    parameterType.where = condition.where;
    condition.lhs = Operand{std::move(parameterType), std::nullopt};
    condition.rhs = Operand{std::nullopt, LiteralOperand{Json(subtype), condition.where}};
    binding_.conditions.push_back(std::move(condition));
  }

  void changeSelector(const Json& filter, const std::string& pointer) {
    if (!filter.is_object()) {
      source_.fail(pointer, fmt::format("`change` must be an object ({{type, "
                                        "propertyOperationType, certainty}}), not {}",
                                        describe(filter)));
    }
    binding_.query.kind = Query::Kind::Change;
    // C2A's diff is a tree: a property change is also an UPDATE of each value enclosing it, and
    // C2A's rules bind that level (`appliesTo role...Statement.*` with `new.Effect`); it goes on
    // into intrinsic functions, which c2a compares whole (`appliesTo p.Ref` with `old` the
    // referenced name).
    binding_.query.enclosingLevels = true;
    binding_.query.insideLevels = true;
    for (const auto& [key, value] : filter.items()) {
      const std::string keyPointer = child(pointer, key);
      if (!among(kChangeFilterKeys, key)) {
        source_.fail(keyPointer, fmt::format("unknown key `{}` in `change` (expected type, "
                                             "propertyOperationType, certainty){}",
                                             key, didYouMean(key, names(kChangeFilterKeys))));
      }
      const std::string text = source_.stringAt(value, keyPointer, fmt::format("`{}`", key));
      if (key == "type") {
        binding_.query.changeType = enumFromString(text, kOperationTypes);
        if (!binding_.query.changeType) {
          source_.fail(keyPointer, fmt::format("change type `{}` is not {}", text,
                                               enumChoices(kOperationTypes)));
        }
        if (*binding_.query.changeType == OperationType::Replace) {
          // C2A derives a REPLACE from every rename; c2a reports the rename alone.
          binding_.query.changeType.reset();
          binding_.conditions.push_back(
              fieldCondition("type", "in", Json::array({"REPLACE", "RENAME"}), keyPointer));
        }
      } else if (key == "propertyOperationType") {
        if (text == "RENAME") {
          // C2A accepts it (OperationType has it) and never matches it: property changes are
          // never renames. A condition no change meets keeps the rule loadable.
          source_.warn(keyPointer,
                       fmt::format("binding `{}`: propertyOperationType `RENAME` "
                                   "matches no change (property changes are {}); "
                                   "the rule loads, and this binding selects nothing",
                                   binding_.name, enumChoices(kPropertyOperationTypes)));
          binding_.conditions.push_back(
              fieldCondition("propertyOperationType", "==", Json("RENAME"), keyPointer));
          continue;
        }
        binding_.query.propertyOperationType = enumFromString(text, kPropertyOperationTypes);
        if (!binding_.query.propertyOperationType) {
          source_.fail(keyPointer, fmt::format("propertyOperationType `{}` is not {}", text,
                                               enumChoices(kPropertyOperationTypes)));
        }
      } else {
        binding_.query.certainty = certaintyFromString(text);
        if (!binding_.query.certainty) {
          source_.fail(keyPointer, fmt::format("certainty `{}` is not definite or possible "
                                               "(C2A: Absolute, Partial)",
                                               text));
        }
      }
    }
  }

  /// `NAME.FIELD op value`, located at `pointer`: a selector filter the query cannot hold.
  [[nodiscard]] Expression fieldCondition(const std::string& field, const std::string& op,
                                          Json value, const std::string& pointer) const {
    Expression condition;
    condition.kind = Expression::Kind::Compare;
    condition.op = op;
    condition.where = source_.at(pointer);
    PathOperand path;
    path.root = binding_.name;
    path.segments.push_back(PathSegment{PathSegment::Kind::Key, field});
    path.where = condition.where;
    condition.lhs = Operand{std::move(path), std::nullopt};
    condition.rhs = Operand{std::nullopt, LiteralOperand{std::move(value), condition.where}};
    return condition;
  }

  /// `{"property": {}}`: see the file comment.
  void propertySelector(const Json& filter, const std::string& pointer) {
    if (!filter.is_object() || !filter.empty()) {
      source_.fail(pointer,
                   fmt::format("`property` takes no filter: {{\"property\": {{}}}}, not "
                               "{}; filter the change that applies to it instead",
                               filter.is_object() ? "a non-empty object" : describe(filter)));
    }
    binding_.query.kind = Query::Kind::Component;
    Alias alias;
    alias.property = true;
    alias.path.root = binding_.name;
    alias.path.where = source_.at(pointer);
    alias.path.segments.push_back(PathSegment{PathSegment::Kind::AnyDepth, ""});
    aliases_[binding_.name] = std::move(alias);
    isAlias_ = true;
  }

  /// `"tags": "bucket.Properties.Tags"`: see the file comment.
  void pathSelector(const std::string& text, const std::string& pointer) {
    PathOperand path = parsePath(text, pointer);
    if (const Alias* alias = expandAliases(path, aliases_); alias != nullptr && alias->property) {
      source_.fail(pointer, fmt::format("path `{}` starts at a property selector; a path selector "
                                        "must start at a component",
                                        text));
    }
    binding_.query.kind = Query::Kind::Filter;
    Expression exists;
    exists.kind = Expression::Kind::Exists;
    exists.where = path.where;
    exists.lhs = Operand{path, std::nullopt};
    binding_.conditions.push_back(std::move(exists));
    aliases_[binding_.name] = Alias{std::move(path), false};
    isAlias_ = true;
  }

  /// C2A splits a path selector on dots (rule-parser.ts, parseScopeReference); so does this.
  PathOperand parsePath(const std::string& text, const std::string& pointer) const {
    std::vector<std::string> steps;
    for (std::size_t start = 0;;) {
      const std::size_t dot = text.find('.', start);
      steps.push_back(text.substr(start, dot == std::string::npos ? dot : dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    for (const std::string& step : steps) {
      if (step.empty() || step.find_first_of(" \t\r\n") != std::string::npos) {
        source_.fail(pointer, fmt::format("path `{}` is not a binding name followed by "
                                          "dot-separated keys",
                                          text));
      }
    }
    if (steps.front() == "*" || steps.front() == "**") {
      source_.fail(pointer, fmt::format("path `{}` must start with a binding name", text));
    }
    PathOperand path;
    path.root = steps.front();
    path.where = source_.at(pointer);
    for (std::size_t i = 1; i < steps.size(); ++i) path.segments.push_back(pathSegment(steps[i]));
    return path;
  }

  const Source& source_;
  Binding& binding_;
  Aliases& aliases_;
  bool isAlias_ = false;
};

}  // namespace

Binding readBinding(const Source& source, const std::string& name, const Json& selector,
                    const std::string& pointer, Aliases& aliases) {
  if (!isBindingName(name)) {
    source.fail(pointer, fmt::format("binding name `{}` cannot be used in conditions: a name is "
                                     "letters, digits and `_`, not starting with a digit, and "
                                     "not a word of the rules language such as `and`, `all` or "
                                     "`in`",
                                     name));
  }
  Binding binding;
  binding.name = name;
  binding.where = source.at(pointer);
  BindingReader(source, binding, aliases).read(selector, pointer);
  return binding;
}

}  // namespace c2a::rules::c2a_file
