// Stable rule ids (rules/rule_ids.h): the slug, derivation from the description or the place,
// collisions, written ids checked and unique, labels of rules without a description, and the
// presets' ids.
#include "rules/rule_ids.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/decision.h"
#include "rules/compile.h"
#include "rules/native_parser.h"
#include "rules/presets/presets.h"
#include "tests/rules/c2a/c2a_test_support.h"

namespace c2a::rules::testing {
namespace {

std::vector<std::string> idsOf(const std::vector<Rule>& rules) {
  std::vector<std::string> out;
  for (const Rule& rule : rules) {
    out.push_back(rule.id);
    for (auto& child : idsOf(rule.children)) out.push_back(child);
  }
  return out;
}

RuleSet nativeSet(std::string_view text, const std::string& file = "team.c2a") {
  RuleSet set;
  set.rules = parseNativeRules(text, file).rules;
  set.files.push_back(file);
  return set;
}

TEST(RuleIdSlug, LowercaseAsciiWithOneDashPerRun) {
  EXPECT_EQ(ruleIdSlug("Buckets must not be replaced"), "buckets-must-not-be-replaced");
  EXPECT_EQ(ruleIdSlug("  data-loss: a bucket -- (RENAME)!  "), "data-loss-a-bucket-rename");
  EXPECT_EQ(ruleIdSlug("Größe ändern 2x"), "gr-e-ndern-2x");
  EXPECT_EQ(ruleIdSlug("日本語"), "");
  EXPECT_EQ(ruleIdSlug(""), "");
}

TEST(RuleIdSlug, CappedBetweenWords) {
  // 70 characters: cut at the last word boundary before 64, never inside a word.
  const std::string text =
      "iam-broadening: an Allow statement excludes less (NotAction, NotResource)";
  const auto slug = ruleIdSlug(text);
  EXPECT_LE(slug.size(), 64U);
  EXPECT_EQ(slug, "iam-broadening-an-allow-statement-excludes-less-notaction");
  EXPECT_EQ(ruleIdSlug("abcdefghij klmnop", 12), "abcdefghij");
  // No boundary nearby: cut at the length.
  EXPECT_EQ(ruleIdSlug(std::string(80, 'a')), std::string(64, 'a'));
  // A boundary right at the cut.
  EXPECT_EQ(ruleIdSlug("abcdef ghij", 6), "abcdef");
}

TEST(RuleIdProblem, LowercaseLettersDigitsAndDashes) {
  EXPECT_EQ(ruleIdProblem("store-replace"), "");
  EXPECT_EQ(ruleIdProblem("r2"), "");
  EXPECT_EQ(ruleIdProblem("Store_Replace"),
            "rule id `Store_Replace` may not hold `S`: an id is lowercase letters, digits and "
            "`-`, starting with a letter or a digit (like `store-replace`)");
  EXPECT_EQ(ruleIdProblem("-x"),
            "rule id `-x` starts with `-`: an id is lowercase letters, digits and `-`, starting "
            "with a letter or a digit (like `x`)");
  EXPECT_NE(ruleIdProblem(""), "");
  EXPECT_NE(ruleIdProblem(std::string(65, 'a')), "");
}

TEST(RuleIds, WrittenDerivedAndCollisionsInLoadOrder) {
  RuleSet set = nativeSet(R"(
rule "Buckets must not be replaced" id store-replace { }
rule "Store replace" { }
rule "Queues" {
  let change = change
  rule "Queues" { }
}
rule "Queues" { }
rule "" { }
rule "!!!" { }
)");
  EXPECT_EQ(compileProblems(set), "");
  EXPECT_EQ(idsOf(set.rules),
            (std::vector<std::string>{"store-replace", "store-replace-2", "queues", "queues-2",
                                      "queues-3", "team-9", "team-10"}));
  EXPECT_EQ(set.rules[0].idWhere->str(), "team.c2a:2:40");
  EXPECT_FALSE(set.rules[1].idWhere);
  // Compiling again derives the same ids.
  EXPECT_EQ(compileProblems(set), "");
  EXPECT_EQ(idsOf(set.rules)[1], "store-replace-2");
}

TEST(RuleIds, WrittenTwiceIsALocatedErrorNamingBothPlaces) {
  RuleSet set = nativeSet(R"(rule "a" id same { }
rule "b" {
  let change = change
  rule "c" id same { }
})");
  EXPECT_EQ(compileProblems(set),
            "team.c2a:4:15: rule id `same` is given twice: here and at line 1, column 13 (rule "
            "ids are unique in a rule set)\n");
}

TEST(RuleIds, NativeSyntaxErrors) {
  auto error = [](std::string_view text) {
    try {
      parseNativeRules(text, "e.c2a");
    } catch (const C2aError& e) {
      return e.diagnostic().str();
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("rule \"x\" id Store_Replace { effect risk = high }"),
            "e.c2a:1:13: rule id `Store_Replace` may not hold `S`: an id is lowercase letters, "
            "digits and `-`, starting with a letter or a digit (like `store-replace`)");
  EXPECT_EQ(error("rule \"x\" id { effect risk = high }"),
            "e.c2a:1:13: expected the rule's id after `id` (lowercase letters, digits and `-`: "
            "`id store-replace`)");
  // `identity` is not the keyword `id`.
  EXPECT_EQ(error("rule \"x\" identity { effect risk = high }"),
            "e.c2a:1:10: expected `{` after the rule's description");
}

TEST(RuleIds, C2aFilesTakeAnIdAndNameRulesByPointer) {
  LocationTable table("rules.json");
  table.add("", 1, 1);
  table.add("/0", 1, 2);
  table.add("/0/id", 1, 30);
  table.add("/1", 1, 60);
  table.add("/1/then/0", 1, 90);
  RuleSet set = readC2a(R"([{"description": "Buckets", "id": "store-replace"},
                            {"where": [], "then": [{"where": []}]}])",
                        table);
  EXPECT_EQ(compileProblems(set), "");
  EXPECT_EQ(idsOf(set.rules),
            (std::vector<std::string>{"store-replace", "rules-1", "rules-1-then-0"}));
  EXPECT_EQ(set.rules[0].idWhere->str(), "rules.json:1:30");
  EXPECT_EQ(ruleLabel(set.rules[1]), "rules.json#/1");
  EXPECT_EQ(ruleLabel(set.rules[1].children[0]), "rules.json#/1/then/0");
  EXPECT_EQ(readError(R"([{"id": "Not Valid", "effect": {"risk": "high"}}])", table),
            "rules.json:1:30: rule id `Not Valid` may not hold `N`: an id is lowercase letters, "
            "digits and `-`, starting with a letter or a digit (like `not-valid`)");
  EXPECT_EQ(readError(R"([{"id": 7, "effect": {"risk": "high"}}])"),
            "rules.json: `id` must be a string, not a number");
  // Unknown keys still get a did-you-mean, `id` among the candidates.
  EXPECT_EQ(readError(R"([{"ids": "x", "effect": {"risk": "high"}}])"),
            "rules.json: unknown key `ids` in rule (expected description, id, let, where, then, "
            "effect); did you mean `id`?");
}

TEST(RuleIds, ANativeRuleWithoutDescriptionIsNamedByItsPlace) {
  RuleSet set = nativeSet("\n\nrule \"\" { }", "rules/team.rules");
  EXPECT_EQ(compileProblems(set), "");
  EXPECT_EQ(set.rules[0].id, "team-3");
  EXPECT_EQ(ruleLabel(set.rules[0]), "rule at rules/team.rules:3");
}

TEST(RuleIds, TheWithIdFormOfADecision) {
  Decision decision;
  decision.rules = {"Buckets must not be replaced", "older"};
  decision.ruleIds = {"store-replace"};
  EXPECT_EQ(ruleWithId(decision, 0), "Buckets must not be replaced [store-replace]");
  EXPECT_EQ(ruleWithId(decision, 1), "older");  // no id (a decision made by hand)
}

// Every preset rule gets its own id, and the same one whichever presets are loaded with it: the
// ids a SARIF alert or an approval names do not move when a team turns a preset off.
TEST(RuleIds, PresetRulesHaveDistinctIdsWhateverIsLoadedWithThem) {
  RuleSet all;
  std::map<std::string, std::vector<std::string>> alone;
  for (const Preset& preset : presets()) {
    const std::string file = "preset:" + std::string(preset.name);
    RuleSet one = nativeSet(preset.source, file);
    EXPECT_EQ(compileProblems(one), "") << preset.name;
    alone[std::string(preset.name)] = idsOf(one.rules);
    for (auto& rule : parseNativeRules(preset.source, file).rules) {
      all.rules.push_back(std::move(rule));
    }
  }
  EXPECT_EQ(compileProblems(all), "");
  const auto ids = idsOf(all.rules);
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), ids.size());
  std::vector<std::string> concatenated;
  for (const Preset& preset : presets()) {
    for (const auto& id : alone[std::string(preset.name)]) {
      EXPECT_EQ(id.rfind(std::string(preset.name) + "-", 0), 0U) << id;
      EXPECT_LE(id.size(), kMaxRuleIdLength) << id;
      concatenated.push_back(id);
    }
  }
  EXPECT_EQ(ids, concatenated);
}

// Written, not derived: a derived id is a slug of the description, which moves (and closes an
// alert, reopening it under another id) whenever the description is reworded.
TEST(RuleIds, EveryPresetRuleWritesItsId) {
  for (const Preset& preset : presets()) {
    const std::string file = "preset:" + std::string(preset.name);
    std::vector<const Rule*> pending;
    auto parsed = parseNativeRules(preset.source, file);
    for (const auto& rule : parsed.rules) pending.push_back(&rule);
    while (!pending.empty()) {
      const Rule* rule = pending.back();
      pending.pop_back();
      EXPECT_TRUE(rule->idWhere.has_value()) << preset.name << ": " << rule->description;
      for (const auto& nested : rule->children) pending.push_back(&nested);
    }
  }
}

}  // namespace
}  // namespace c2a::rules::testing
