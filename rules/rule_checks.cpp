// The rule checks (rule_checks.h). Each check reads the compiled AST only: bindings are known by
// slot, so a path's root says whether it starts at a component or at a change, and for a resource
// binding of one type, which type.
#include "rules/rule_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "model/component.h"
#include "model/operation.h"
#include "model/suggestions.h"
#include "model/update_type.h"
#include "rules/field_names.h"
#include "rules/native_printer.h"
#include "rules/operators.h"

namespace c2a::rules {
namespace {

template <std::size_t N>
std::vector<std::string_view> namesOf(const std::array<std::string_view, N>& names) {
  return {names.begin(), names.end()};
}

std::vector<std::string_view> viewsOf(const std::vector<std::string>& names) {
  return {names.begin(), names.end()};
}

/// A field whose values form a closed set: what `==` against a literal outside it never matches.
struct ClosedSet {
  std::string_view what;  // "a change type"
  std::vector<std::string_view> values;
};

template <typename Enum, std::size_t N>
ClosedSet closedSet(std::string_view what, const std::array<Enum, N>& values) {
  ClosedSet set{what, {}};
  for (Enum value : values) set.values.push_back(toString(value));
  return set;
}

const ClosedSet kChangeTypes = closedSet("a change type", kOperationTypes);
const ClosedSet kPropertyOperations = closedSet("a property operation", kPropertyOperationTypes);
const ClosedSet kUpdateTypeSet = closedSet("an update type", kUpdateTypes);
const ClosedSet kCertaintySet = closedSet("a certainty", kCertainties);
const ClosedSet kComponentTypeSet = closedSet("a component type", kComponentTypes);

/// What a path reaches, as far as the checks care.
struct Reached {
  const ClosedSet* closed = nullptr;  // a field with a closed set of values
  bool resourceType = false;          // a `subtype`: a resource type
  bool boolean = false;               // `stateful`, `propagated`
};

std::string joined(const std::vector<std::string_view>& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += i + 1 == values.size() ? " or " : ", ";
    out += values[i];
  }
  return out;
}

bool isPreset(const SourceLocation& where) {
  return where.file.starts_with("preset:");
}

bool isBooleanText(const Json& value) {
  if (!value.is_string()) return false;
  std::string text = value.get<std::string>();
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text == "true" || text == "false";
}

bool looksNumeric(const Json& value) {
  if (value.is_number()) return true;
  if (!value.is_string()) return false;
  const auto& text = value.get_ref<const std::string&>();
  if (text.empty()) return false;
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

std::string_view jsonKind(const Json& value) {
  if (value.is_string()) return "a string";
  if (value.is_number()) return "a number";
  if (value.is_boolean()) return "a boolean";
  if (value.is_null()) return "null";
  if (value.is_array()) return "a list";
  return "an object";
}

class Checker {
 public:
  explicit Checker(const RuleCheckOptions& options) : options_(options) {}

  RuleCheckResult run(const RuleSet& set) {
    slots_.assign(static_cast<std::size_t>(std::max(set.slotCount, 0)), nullptr);
    for (const Rule& rule : set.rules) indexSlots(rule);
    for (const Rule& rule : set.rules) {
      if (!isChecked(rule)) continue;
      // Rules read from a C2A rule file carry their JSON pointer (rule_file.cpp).
      inC2aFile_ = rule.pointer.has_value();
      checkRule(rule);
    }
    // Presets alone say nothing to the user (their own checks are the tests'): printing each
    // rule to compare them was most of the checks' time on a plain `c2a diff`.
    const bool onlyPresets = std::all_of(set.rules.begin(), set.rules.end(),
                                         [](const Rule& rule) { return isPreset(rule.where); });
    if (options_.checkPresets || !onlyPresets) checkRedundant(set.rules);
    return std::move(result_);
  }

 private:
  /// Whether the checks speak of `rule`: a preset's only when asked to (its tests check it).
  [[nodiscard]] bool isChecked(const Rule& rule) const {
    return options_.checkPresets || !isPreset(rule.where);
  }
  void error(const SourceLocation& where, std::string message) {
    result_.errors.push_back({ErrorKind::InvalidInput, where, std::move(message)});
  }
  void warn(const SourceLocation& where, std::string message) {
    result_.warnings.push_back({ErrorKind::InvalidInput, where, std::move(message)});
  }
  // C2A's rule files load unchanged (the contract): C2A generated its presets from another
  // specification and accepts values it never matches, so there a value or a name the
  // specification does not know is a warning. Native files are ours: an error.
  void unknownValue(const SourceLocation& where, std::string message) {
    if (inC2aFile_) {
      warn(where, std::move(message));
    } else {
      error(where, std::move(message));
    }
  }

  void indexSlots(const Rule& rule) {
    for (const Binding& binding : rule.bindings) {
      if (binding.slot >= 0 && static_cast<std::size_t>(binding.slot) < slots_.size()) {
        slots_[static_cast<std::size_t>(binding.slot)] = &binding;
      }
    }
    for (const Rule& child : rule.children) indexSlots(child);
  }

  const Binding* bindingOf(const PathOperand& path) const {
    if (path.slot < 0 || static_cast<std::size_t>(path.slot) >= slots_.size()) return nullptr;
    return slots_[static_cast<std::size_t>(path.slot)];
  }

  // ---- rules and bindings ----

  void checkRule(const Rule& rule) {
    for (const Binding& binding : rule.bindings) {
      checkQuery(binding);
      for (const Expression& condition : binding.conditions) checkExpression(condition);
    }
    for (const Expression& condition : rule.conditions) checkExpression(condition);
    if (!rule.effect && rule.children.empty()) {
      warn(rule.where, fmt::format("rule \"{}\" has no effect and no nested rules: it decides "
                                   "nothing",
                                   rule.description));
    }
    for (const Binding& binding : rule.bindings) {
      if (!usedIn(rule, binding.slot) && !mentionsOther(binding)) {
        warn(binding.where, fmt::format("binding `{}` is connected to nothing: it does not "
                                        "constrain the rule (remove it, or use it in a `where`)",
                                        binding.name));
      }
    }
    for (const Rule& child : rule.children) checkRule(child);
  }

  void checkQuery(const Binding& binding) {
    const Query& query = binding.query;
    if (query.kind != Query::Kind::Component || !query.subtype) return;
    if (query.componentType && *query.componentType != ComponentType::Resource) return;
    checkResourceType(*query.subtype, binding.where);
  }

  void checkResourceType(const std::string& type, const SourceLocation& where) {
    const auto& facts = options_.facts;
    if (!facts.hasResourceType || facts.hasResourceType(type)) return;
    // Custom resources are named by their authors; a third-party (registry) type is not in the
    // AWS specification but may well exist.
    if (type.starts_with("Custom::")) return;
    auto candidates = facts.resourceTypes ? facts.resourceTypes() : std::vector<std::string>{};
    auto hint = didYouMean(type, viewsOf(candidates));
    const bool aws = type.starts_with("AWS::") || type.starts_with("Alexa::");
    if (aws || !hint.empty()) {
      unknownValue(where,
                   fmt::format("unknown resource type `{}`: not in the CloudFormation resource "
                               "specification{}",
                               type, hint));
    } else {
      warn(where, fmt::format("resource type `{}` is not in the CloudFormation resource "
                              "specification (a private registry type?)",
                              type));
    }
  }

  // ---- use of bindings ----

  static bool usesSlot(const std::optional<Operand>& operand, int slot) {
    return operand && operand->path && operand->path->slot == slot;
  }

  static bool usesSlot(const Expression& expression, int slot) {
    if (usesSlot(expression.lhs, slot) || usesSlot(expression.rhs, slot)) return true;
    return std::any_of(expression.children.begin(), expression.children.end(),
                       [&](const Expression& child) { return usesSlot(child, slot); });
  }

  // A binding whose own `where` mentions another binding is connected through it (it must have a
  // match for that one): rule_plan.cpp's reading of C2A's scoping.
  static bool mentionsOther(const Binding& binding) {
    return std::any_of(
        binding.conditions.begin(), binding.conditions.end(),
        [&](const Expression& condition) { return mentionsOther(condition, binding.slot); });
  }
  static bool mentionsOther(const Expression& expression, int self) {
    for (const auto* operand : {&expression.lhs, &expression.rhs}) {
      if (*operand && (*operand)->path && (*operand)->path->slot >= 0 &&
          (*operand)->path->slot != self) {
        return true;
      }
    }
    return std::any_of(expression.children.begin(), expression.children.end(),
                       [&](const Expression& child) { return mentionsOther(child, self); });
  }

  static bool usedIn(const Rule& rule, int slot) {
    for (const Binding& binding : rule.bindings) {
      for (const Expression& condition : binding.conditions) {
        // A binding's own `where` narrows it but does not tie it to the rest of the rule.
        if (binding.slot != slot && usesSlot(condition, slot)) return true;
      }
    }
    for (const Expression& condition : rule.conditions) {
      if (usesSlot(condition, slot)) return true;
    }
    if (rule.effect && rule.effect->targetSlot == slot) return true;
    return std::any_of(rule.children.begin(), rule.children.end(),
                       [&](const Rule& child) { return usedIn(child, slot); });
  }

  // ---- expressions ----

  void checkExpression(const Expression& expression) {
    switch (expression.kind) {
      case Expression::Kind::And:
      case Expression::Kind::Or:
      case Expression::Kind::Not:
        for (const Expression& child : expression.children) checkExpression(child);
        return;
      case Expression::Kind::Exists:
        if (expression.lhs && expression.lhs->path) checkPath(*expression.lhs->path);
        return;
      case Expression::Kind::Compare: checkComparison(expression); return;
    }
  }

  void checkComparison(const Expression& expression) {
    if (!expression.lhs || !expression.rhs || expression.operatorIndex < 0) return;
    const OperatorInfo& info = operatorTable()[static_cast<std::size_t>(expression.operatorIndex)];
    std::optional<Reached> left, right;
    if (expression.lhs->path) left = checkPath(*expression.lhs->path);
    if (expression.rhs->path) right = checkPath(*expression.rhs->path);
    if (expression.lhs->literal) checkLiteralKind(info, *expression.lhs->literal);
    // An operator that validates its right-hand literal itself (a regex, a CIDR block) has said
    // what is wrong with it already (compile.cpp).
    if (expression.rhs->literal && info.validate == nullptr) {
      checkLiteralKind(info, *expression.rhs->literal);
    }
    // A closed-set field against a literal: `change.type == "Replace"`.
    if (left && expression.rhs->literal) checkAgainst(info, *left, *expression.rhs->literal);
    if (right && expression.lhs->literal) checkAgainst(info, *right, *expression.lhs->literal);
  }

  void checkLiteralKind(const OperatorInfo& info, const LiteralOperand& literal) {
    // A list stands for its values (`x inCidr ["10.0.0.0/8", ...]`): each is checked.
    if (literal.value.is_array()) {
      for (const Json& value : literal.value) checkLiteralValue(info, value, literal.where);
      return;
    }
    checkLiteralValue(info, literal.value, literal.where);
  }

  void checkLiteralValue(const OperatorInfo& info, const Json& value, const SourceLocation& where) {
    // Text operators read a number or a boolean as the text JSON writes (`5` as "5"), so this
    // can hold; it is still rarely what the author meant.
    if (info.literal == LiteralKind::Text && !value.is_string()) {
      warn(where, fmt::format("`{}` compares text, and {} is {}: it is compared as the text "
                              "\"{}\" (write it as a string to say so)",
                              info.name, value.dump(), jsonKind(value), value.dump()));
    } else if (info.literal == LiteralKind::Number && !looksNumeric(value)) {
      error(where, fmt::format("`{}` compares numbers, and {} is not one: the comparison "
                               "can never hold",
                               info.name, value.dump()));
    }
  }

  void checkAgainst(const OperatorInfo& info, const Reached& field, const LiteralOperand& literal) {
    const bool equality = info.name == "==" || info.name == "!=" || info.name == "in";
    if (field.closed != nullptr && info.literal == LiteralKind::Number) {
      error(literal.where,
            fmt::format("{} is a word ({}), not a number: `{}` can never hold", field.closed->what,
                        joined(field.closed->values), info.name));
      return;
    }
    if (!equality) return;
    auto each = [&](const Json& value) {
      // `==` is loose: "true" equals true (rules/operators/loose_json.h).
      if (field.boolean && !value.is_boolean() && !isBooleanText(value)) {
        error(literal.where,
              fmt::format("this field is true or false; {} never equals it", value.dump()));
        return;
      }
      if (!value.is_string()) {
        if (field.closed != nullptr || field.resourceType) {
          error(literal.where, fmt::format("{} is {}, never {}", value.dump(), jsonKind(value),
                                           field.closed ? field.closed->what : "a resource type"));
        }
        return;
      }
      const auto& text = value.get_ref<const std::string&>();
      if (field.resourceType) checkResourceType(text, literal.where);
      if (field.closed != nullptr) checkClosedValue(*field.closed, text, literal.where);
    };
    if (info.name == "in" && literal.value.is_array()) {
      for (const Json& value : literal.value) each(value);
    } else {
      each(literal.value);
    }
  }

  void checkClosedValue(const ClosedSet& set, const std::string& text,
                        const SourceLocation& where) {
    if (std::find(set.values.begin(), set.values.end(), text) != set.values.end()) return;
    // C2A's RENAME property operation: its reader already warns that it matches nothing.
    if (&set == &kPropertyOperations && text == "RENAME" && inC2aFile_) return;
    for (auto value : set.values) {
      if (value.size() == text.size() &&
          std::equal(value.begin(), value.end(), text.begin(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) ==
                   std::tolower(static_cast<unsigned char>(b));
          })) {
        unknownValue(where,
                     fmt::format("`{}` is not {}: values compare exactly; did you mean `{}`?", text,
                                 set.what, value));
        return;
      }
    }
    unknownValue(where,
                 fmt::format("`{}` is not {} (expected {})", text, set.what, joined(set.values)));
  }

  // ---- paths ----

  /// Checks the fields and property names of a path; says what it reaches when that is known.
  std::optional<Reached> checkPath(const PathOperand& path) {
    const Binding* binding = bindingOf(path);
    if (binding == nullptr) return std::nullopt;
    std::span<const PathSegment> segments = path.segments;
    if (binding->query.kind == Query::Kind::Change) return changePath(path, segments);
    if (binding->query.kind == Query::Kind::Component) {
      std::optional<std::string> subtype;
      if (!binding->query.componentType ||
          *binding->query.componentType == ComponentType::Resource) {
        subtype = binding->query.subtype;
      }
      const bool resource = binding->query.componentType == ComponentType::Resource;
      return componentPath(path, segments, resource, subtype);
    }
    return std::nullopt;
  }

  static std::optional<std::string_view> keyAt(std::span<const PathSegment> segments,
                                               std::size_t at) {
    if (at >= segments.size() || segments[at].kind != PathSegment::Kind::Key) return std::nullopt;
    return segments[at].key;
  }

  std::optional<Reached> changePath(const PathOperand& path,
                                    std::span<const PathSegment> segments) {
    auto head = keyAt(segments, 0);
    if (!head) return std::nullopt;
    if (*head == "component") {
      return componentPath(path, segments.subspan(1), false, std::nullopt);
    }
    if (isOneOf(kChangeReadThrough, *head)) return std::nullopt;  // values of the template
    if (!isOneOf(kChangeFieldNames, *head)) {
      auto names = namesOf(kChangeFieldNames);
      names.insert(names.end(), kChangeReadThrough.begin(), kChangeReadThrough.end());
      error(path.where, fmt::format("a change has no field `{}`{} (fields: {})", *head,
                                    didYouMean(*head, names), joined(names)));
      return std::nullopt;
    }
    if (*head == "property" || *head == "cause") {
      auto field = keyAt(segments, 1);
      if (!field) return std::nullopt;
      auto names = *head == "property" ? namesOf(kPropertyFields) : namesOf(kCauseFields);
      if (std::find(names.begin(), names.end(), *field) == names.end()) {
        error(path.where, fmt::format("`{}.{}` is not a field of a change{} (`{}` has {})", *head,
                                      *field, didYouMean(*field, names), *head, joined(names)));
        return std::nullopt;
      }
      if (*head == "property" && segments.size() == 2) {
        if (*field == "operation") return Reached{&kPropertyOperations};
        if (*field == "updateType") return Reached{&kUpdateTypeSet};
      }
      return std::nullopt;
    }
    if (segments.size() != 1) return std::nullopt;
    if (*head == "type" || *head == "operation") return Reached{&kChangeTypes};
    if (*head == "propertyOperationType") return Reached{&kPropertyOperations};
    if (*head == "updateType") return Reached{&kUpdateTypeSet};
    if (*head == "certainty") return Reached{&kCertaintySet};
    if (*head == "propagated") return Reached{nullptr, false, true};
    return std::nullopt;
  }

  std::optional<Reached> componentPath(const PathOperand& path,
                                       std::span<const PathSegment> segments, bool resource,
                                       const std::optional<std::string>& subtype) {
    auto head = keyAt(segments, 0);
    if (!head) return std::nullopt;
    if (isOneOf(kComponentFields, *head)) {
      if (segments.size() != 1) return std::nullopt;
      if (*head == "type") return Reached{&kComponentTypeSet};
      if (*head == "subtype") return Reached{nullptr, true, false};
      if (*head == "stateful") return Reached{nullptr, false, true};
      return std::nullopt;
    }
    const auto& facts = options_.facts;
    const bool capitalised = std::isupper(static_cast<unsigned char>(head->front())) != 0;
    if (!capitalised) {
      auto names = namesOf(kComponentFields);
      names.emplace_back("Properties");
      error(path.where,
            fmt::format("a component has no field `{}`{} (fields: {}; the template's "
                        "own keys are capitalised, like `Properties`)",
                        *head, didYouMean(*head, names), joined(namesOf(kComponentFields))));
      return std::nullopt;
    }
    const bool knownResource = subtype && facts.hasResourceType && facts.hasResourceType(*subtype);
    if (!resource && !knownResource) return std::nullopt;  // a parameter or output body, or unknown
    if (*head != "Properties") {
      if (facts.isResourceAttribute && !facts.isResourceAttribute(*head)) {
        auto names = viewsOf(facts.resourceAttributes);
        names.emplace_back("Properties");
        error(path.where,
              fmt::format("a resource has no key `{}`{} (beside Properties: {})", *head,
                          didYouMean(*head, names), joined(viewsOf(facts.resourceAttributes))));
      }
      return std::nullopt;
    }
    if (!knownResource || !facts.lookupProperty) return std::nullopt;
    std::vector<std::string> below;
    for (const PathSegment& segment : segments.subspan(1)) {
      switch (segment.kind) {
        case PathSegment::Kind::Key: below.push_back(segment.key); break;
        case PathSegment::Kind::AnyOne: below.emplace_back("*"); break;
        case PathSegment::Kind::AnyDepth: below.emplace_back("**"); break;
      }
    }
    if (below.empty()) return std::nullopt;
    auto answer = facts.lookupProperty(*subtype, below);
    if (answer.at >= below.size()) return std::nullopt;
    // Where the answer is about: the value the failing step is read in (for `**.X`, where the
    // `**` starts).
    const std::size_t depth =
        answer.status == PropertyAnswer::Status::NotBelow ? answer.at - 1 : answer.at;
    std::string where = "`" + *subtype + "`";
    if (depth > 0) {
      std::string parent;
      for (std::size_t i = 0; i < depth; ++i) parent += (i == 0 ? "" : ".") + below[i];
      where = fmt::format("`Properties.{}` of {}", parent, where);
    }
    if (answer.status == PropertyAnswer::Status::Unknown) {
      unknownValue(path.where,
                   fmt::format("`{}` is not a property of {}{}", below[answer.at], where,
                               didYouMean(below[answer.at], viewsOf(answer.candidates))));
    } else if (answer.status == PropertyAnswer::Status::NotBelow) {
      warn(path.where,
           fmt::format("nothing below {} is named `{}` in the specification: `**.{}` can "
                       "match only inside free-form JSON values (a policy document...)",
                       where, below[answer.at], below[answer.at]));
    } else if (answer.status == PropertyAnswer::Status::NotAList) {
      unknownValue(path.where,
                   fmt::format("{} is a list: the step after it is an index or `*`, not `{}`",
                               where, below[answer.at]));
    }
    return std::nullopt;
  }

  // ---- rules that add nothing ----

  /// Two rules with the same bindings, conditions and effect (only the description differs): the
  /// second decides nothing the first does not. And a rule that makes every change high risk or
  /// rejects it makes every approving rule powerless (high risk is never approved).
  void checkRedundant(const std::vector<Rule>& rules) {
    // Printing a rule is what costs: only rules that share the outline of another are printed,
    // and only where one of them is checked (presets are checked by their tests, so a run with
    // presets prints none of the many that share an outline among themselves). Outlines are
    // worked out in two steps for the same reason: without the conditions first (cheap), then
    // whole only where that much is shared with a rule that is checked.
    struct Sharing {
      int rules = 0;
      bool checked = false;
    };
    auto group = [&](const std::vector<std::string>& keys) {
      std::map<std::string_view, Sharing> sharing;
      for (std::size_t i = 0; i < rules.size(); ++i) {
        if (keys[i].empty()) continue;
        auto& shared = sharing[keys[i]];
        ++shared.rules;
        shared.checked = shared.checked || isChecked(rules[i]);
      }
      return sharing;
    };
    auto shares = [](const std::map<std::string_view, Sharing>& sharing, const std::string& key) {
      if (key.empty()) return false;
      const auto& shared = sharing.at(key);
      return shared.rules >= 2 && shared.checked;
    };
    std::vector<std::string> coarse;
    coarse.reserve(rules.size());
    for (const Rule& rule : rules) coarse.push_back(outline(rule, false));
    const auto coarseSharing = group(coarse);
    std::vector<std::string> outlines(rules.size());
    for (std::size_t i = 0; i < rules.size(); ++i) {
      if (shares(coarseSharing, coarse[i])) outlines[i] = outline(rules[i], true);
    }
    const auto sharing = group(outlines);
    std::map<std::string, const Rule*> seen;
    const Rule* blocker = nullptr;
    for (std::size_t i = 0; i < rules.size(); ++i) {
      const Rule& rule = rules[i];
      if (blocker == nullptr && blocksEveryApproval(rule)) blocker = &rule;
      if (!shares(sharing, outlines[i])) continue;
      Rule copy = rule;
      copy.description.clear();
      copy.id.clear();
      copy.idWhere.reset();
      auto text = printNativeRules({copy});
      auto [it, fresh] = seen.emplace(text, &rule);
      const bool checked = isChecked(rule);
      if (!fresh && checked) {
        warn(rule.where, fmt::format("rule \"{}\" selects and decides exactly what the rule at {} "
                                     "does: it is unreachable (remove one)",
                                     rule.description, it->second->where.str()));
      }
    }
    if (blocker == nullptr) return;
    for (const Rule& rule : rules) {
      if (&rule == blocker || !isChecked(rule)) continue;
      if (rule.effect && rule.effect->action == Action::Approve) {
        warn(rule.where, fmt::format("rule \"{}\" can never approve: the rule at {} makes every "
                                     "change high risk, and high risk is never approved",
                                     rule.description, blocker->where.str()));
      }
    }
  }

  /// What two rules that print the same surely share (a rule prints every part named here), in
  /// fewer bytes: the counts of its parts, its effect, each binding's selector, and the shape,
  /// operators and literals of every condition.
  /// `conditions`: with the outline of every condition (without: what is cheap to work out, and
  /// the same wherever the whole outlines are). Never empty.
  static std::string outline(const Rule& rule, bool conditions) {
    std::string out =
        fmt::format("{}/{}/{}", rule.bindings.size(), rule.conditions.size(), rule.children.size());
    if (conditions) {
      for (const Expression& condition : rule.conditions) outlineOf(condition, out);
    }
    if (rule.effect) {
      out += fmt::format("/{}/{}/{}", rule.effect->risk ? static_cast<int>(*rule.effect->risk) : -1,
                         rule.effect->action ? static_cast<int>(*rule.effect->action) : -1,
                         rule.effect->target);
    }
    for (const Binding& binding : rule.bindings) {
      const Query& query = binding.query;
      out += fmt::format("|{}/{}/{}/{}/{}", binding.name, static_cast<int>(query.kind),
                         query.subtype.value_or(""), query.name.value_or(""),
                         binding.conditions.size());
      if (conditions) {
        for (const Expression& condition : binding.conditions) outlineOf(condition, out);
      }
    }
    return out;
  }

  static void outlineOf(const Expression& expression, std::string& out) {
    out += '(';
    out += static_cast<char>('0' + static_cast<int>(expression.kind));
    out += expression.op;
    for (const auto* operand : {&expression.lhs, &expression.rhs}) {
      if (operand->has_value() && (*operand)->literal) out += (*operand)->literal->value.dump();
    }
    for (const Expression& child : expression.children) outlineOf(child, out);
    out += ')';
  }

  static bool blocksEveryApproval(const Rule& rule) {
    if (!rule.effect || rule.bindings.size() != 1 || !rule.conditions.empty()) return false;
    const Binding& binding = rule.bindings.front();
    const Query& query = binding.query;
    const bool everyChange = query.kind == Query::Kind::Change && !query.changeType &&
                             !query.propertyOperationType && !query.certainty &&
                             binding.conditions.empty();
    return everyChange && rule.effect->targetSlot == binding.slot &&
           (rule.effect->risk == Risk::High || rule.effect->action == Action::Reject);
  }

  const RuleCheckOptions& options_;
  bool inC2aFile_ = false;  // the rule being checked comes from a C2A rule file
  std::vector<const Binding*> slots_;
  RuleCheckResult result_;
};

}  // namespace

RuleCheckResult checkRuleSet(const RuleSet& rules, const RuleCheckOptions& options) {
  return Checker(options).run(rules);
}

}  // namespace c2a::rules
