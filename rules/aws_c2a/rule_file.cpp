// C2A's rule files (aws-c2a's rule-config-schema.ts and rule-parser.ts, its README.md and
// RULES.md) read into the rule AST: rules and effects here, `let` bindings in let_bindings.cpp,
// pointers and conditions in reading.cpp. Where C2A is lax (it ignores unknown keys and drops
// conditions it cannot split into three tokens), every mistake here is a located error.
//
// A file is a list of rules (what aws-c2a reads), one rule (the docs' examples), or
// {"rules": [...]} (a wrapper that reads better in YAML).
#include "rules/aws_c2a/rule_file.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <string>
#include <string_view>

#include "model/error.h"
#include "model/suggestions.h"
#include "rules/aws_c2a/reading.h"
#include "rules/field_names.h"
#include "rules/native_parser.h"
#include "rules/rule_ids.h"

namespace c2a::rules {
namespace {

using c2a_file::Aliases;
using c2a_file::among;
using c2a_file::child;
using c2a_file::describe;
using c2a_file::enumChoices;
using c2a_file::enumFromString;
using c2a_file::names;
using c2a_file::readBinding;
using c2a_file::Source;

constexpr std::array<std::string_view, 6> kRuleKeys{"description", "id",   "let",
                                                    "where",       "then", "effect"};
constexpr std::array<std::string_view, 3> kEffectKeys{"target", "risk", "action"};

class RuleReader {
 public:
  RuleReader(const LocationTable& locations, Diagnostics* warnings)
      : source_(locations, warnings) {}

  /// `aliases`: the path selector names of the parents, by value so siblings do not share them.
  Rule rule(const Json& value, const std::string& pointer, Aliases aliases, std::size_t depth) {
    if (!value.is_object()) {
      source_.fail(pointer, fmt::format("a rule must be an object, not {}", describe(value)));
    }
    if (depth > kMaxRuleNesting) {
      source_.fail(pointer,
                   fmt::format("rules nested deeper than {} levels of `then`", kMaxRuleNesting));
    }
    for (const auto& [key, member] : value.items()) {
      if (!among(kRuleKeys, key)) {
        source_.fail(child(pointer, key),
                     fmt::format("unknown key `{}` in rule (expected {}){}", key,
                                 fmt::join(kRuleKeys, ", "), didYouMean(key, names(kRuleKeys))));
      }
    }
    Rule rule;
    rule.where = source_.at(pointer);
    rule.pointer = pointer;
    if (auto it = value.find("description"); it != value.end()) {
      rule.description = source_.stringAt(*it, child(pointer, "description"), "`description`");
    }
    if (auto it = value.find("id"); it != value.end()) {
      const std::string idPointer = child(pointer, "id");
      rule.id = source_.stringAt(*it, idPointer, "`id`");
      if (auto problem = ruleIdProblem(rule.id); !problem.empty()) {
        source_.fail(idPointer, std::move(problem));
      }
      rule.idWhere = source_.at(idPointer);
    }
    // Bindings first: the rule's `where`, effect and children see them, whatever the key order.
    if (auto it = value.find("let"); it != value.end()) {
      const std::string letPointer = child(pointer, "let");
      if (!it->is_object()) {
        source_.fail(letPointer, fmt::format("`let` must be an object of bindings (name: "
                                             "selector), not {}",
                                             describe(*it)));
      }
      for (const auto& [name, selector] : it->items()) {
        rule.bindings.push_back(
            readBinding(source_, name, selector, child(letPointer, name), aliases));
      }
    }
    if (auto it = value.find("where"); it != value.end()) {
      rule.conditions = source_.conditions(*it, child(pointer, "where"), aliases);
    }
    if (auto it = value.find("effect"); it != value.end()) {
      rule.effect = effect(*it, child(pointer, "effect"), aliases);
    }
    if (auto it = value.find("then"); it != value.end()) {
      const std::string thenPointer = child(pointer, "then");
      if (!it->is_array()) {
        source_.fail(thenPointer,
                     fmt::format("`then` must be a list of rules, not {}", describe(*it)));
      }
      for (std::size_t i = 0; i < it->size(); ++i) {
        rule.children.push_back(this->rule((*it)[i], child(thenPointer, i), aliases, depth + 1));
      }
    }
    return rule;
  }

 private:
  Effect effect(const Json& value, const std::string& pointer, const Aliases& aliases) const {
    if (!value.is_object()) {
      source_.fail(pointer,
                   fmt::format("`effect` must be an object ({{target, risk, action}}), not {}",
                               describe(value)));
    }
    Effect effect;  // target defaults to `change`, as in C2A
    effect.where = source_.at(pointer);
    for (const auto& [key, member] : value.items()) {
      const std::string keyPointer = child(pointer, key);
      if (!among(kEffectKeys, key)) {
        source_.fail(keyPointer, fmt::format("unknown key `{}` in effect (expected {}){}", key,
                                             fmt::join(kEffectKeys, ", "),
                                             didYouMean(key, names(kEffectKeys))));
      }
      const std::string text = source_.stringAt(member, keyPointer, fmt::format("`{}`", key));
      if (key == "target") {
        effect.target = text;
      } else if (key == "risk") {
        effect.risk = enumFromString(text, kRisks);
        if (!effect.risk) {
          source_.fail(keyPointer, fmt::format("risk `{}` is not {}", text, enumChoices(kRisks)));
        }
      } else {
        effect.action = enumFromString(text, kActions);
        if (!effect.action) {
          source_.fail(keyPointer,
                       fmt::format("action `{}` is not {}", text, enumChoices(kActions)));
        }
      }
    }
    // A path selector naming a whole binding (`"b": "bucket"`) passes effects on to it.
    if (auto alias = aliases.find(effect.target);
        alias != aliases.end() && !alias->second.property && alias->second.path.segments.empty()) {
      effect.target = alias->second.path.root;
    }
    return effect;
  }

  Source source_;
};

}  // namespace

std::vector<Rule> readC2aRules(const Json& root, const LocationTable& locations,
                               Diagnostics* warnings, Diagnostics* problems) {
  RuleReader reader(locations, warnings);
  std::vector<Rule> rules;
  auto readList = [&](const Json& list, const std::string& pointer) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (problems == nullptr) {
        rules.push_back(reader.rule(list[i], child(pointer, i), {}, 1));
        continue;
      }
      // One rule's mistake does not hide the next rule's: each is reported.
      try {
        rules.push_back(reader.rule(list[i], child(pointer, i), {}, 1));
      } catch (const C2aError& error) {
        problems->push_back(error.diagnostic());
      }
    }
  };
  if (root.is_array()) {
    readList(root, "");
  } else if (root.is_object() && root.size() == 1 && root.contains("rules") &&
             root["rules"].is_array()) {
    readList(root["rules"], "/rules");
  } else if (root.is_object()) {
    rules.push_back(reader.rule(root, "", {}, 1));
  } else {
    throw C2aError(
        ErrorKind::InvalidInput, locations.find(""),
        fmt::format("a C2A rule file holds a rule (an object) or a list of rules, not {}",
                    describe(root)));
  }
  return rules;
}

}  // namespace c2a::rules
