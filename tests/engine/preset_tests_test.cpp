// The presets are tested like code: every rules/presets/NAME.c2a is registered in the table of
// rules/presets/presets.cpp, compiles, and has rules/presets/NAME.tests.yaml, whose cases (must
// flag and must not flag, docs/presets.md) all pass against the presets built into the binary.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "engine/pipeline/rule_loading.h"
#include "engine/pipeline/rule_tests.h"
#include "engine/pipeline/schema_facts.h"
#include "rules/compile.h"
#include "rules/native_parser.h"
#include "rules/rule_checks.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

fs::path presetDir() {
  return fs::path(C2A_SOURCE_DIR) / "rules/presets";
}

std::set<std::string> presetFiles(const std::string& extension) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(presetDir())) {
    auto file = entry.path().filename().string();
    if (file.size() > extension.size() &&
        file.compare(file.size() - extension.size(), extension.size(), extension) == 0) {
      names.insert(file.substr(0, file.size() - extension.size()));
    }
  }
  return names;
}

TEST(PresetTests, EveryPresetFileIsRegisteredAndTested) {
  std::set<std::string> registered;
  for (const auto& [name, summary] : presetList()) {
    registered.insert(name);
    EXPECT_FALSE(summary.empty()) << name;
    EXPECT_FALSE(presetSource(name).empty()) << name << ": in the table but not embedded";
  }
  EXPECT_EQ(registered, presetFiles(".c2a"));
  EXPECT_EQ(registered, presetFiles(".tests.yaml"));
}

TEST(PresetTests, EveryPresetCompilesAloneAndTogether) {
  for (const auto& [name, summary] : presetList()) {
    auto loaded = loadRules({name}, {}, ReadLimits{});
    EXPECT_TRUE(loaded.problems.empty()) << name << ": " << loaded.problems.front().str();
    EXPECT_FALSE(loaded.set.rules.empty()) << name;
  }
  auto all = loadRules(selectedPresets({}, false), {}, ReadLimits{});
  EXPECT_TRUE(all.problems.empty());
}

// `c2a diff` neither judges the presets' literals when it compiles them (their regular
// expressions) nor runs the static checks on them (rules/rule_checks.h): both are done here, in
// full, with no error and no warning allowed.
TEST(PresetTests, EveryPresetPassesEveryCheckWithoutAWarning) {
  rules::RuleSet all;
  for (const auto& name : selectedPresets({}, false)) {
    auto parsed = rules::parseNativeRules(presetSource(name), "preset:" + name);
    for (auto& rule : parsed.rules) all.rules.push_back(std::move(rule));
  }
  ASSERT_FALSE(all.rules.empty());
  for (const auto& problem : rules::compileRuleSet(all, true)) ADD_FAILURE() << problem.str();
  auto checked = rules::checkRuleSet(all, rules::RuleCheckOptions{builtinSchemaFacts(), true});
  for (const auto& problem : checked.errors) ADD_FAILURE() << problem.str();
  for (const auto& warning : checked.warnings) ADD_FAILURE() << warning.str();
}

// A run leaves the presets' own checks to the test above, but a rule of the user's that repeats
// one of theirs is still found unreachable; the presets, many of which share an outline among
// themselves, are not compared with each other then.
TEST(PresetTests, AUserRuleThatRepeatsAPresetsIsUnreachable) {
  const auto source = presetSource("routine");
  const auto start = source.find("rule \"routine: Lambda code and configuration tuning\"");
  ASSERT_NE(start, std::string::npos);
  const auto end = source.find("\n}\n", start);
  ASSERT_NE(end, std::string::npos);
  const auto file =
      fs::temp_directory_path() / ("c2a-repeats-preset-" + std::to_string(::getpid()) + ".c2a");
  {
    // The copy without the preset's written id (two rules may not share one).
    std::string copy = source.substr(start, end + 3 - start);
    const std::string id = " id routine-lambda-tuning";
    ASSERT_NE(copy.find(id), std::string::npos);
    copy.erase(copy.find(id), id.size());
    std::ofstream out(file);
    out << copy;
  }
  auto loaded = loadRules(selectedPresets({}, false), {file.string()}, ReadLimits{});
  fs::remove(file);
  EXPECT_TRUE(loaded.problems.empty());
  std::vector<std::string> unreachable;
  for (const auto& warning : loaded.warnings) {
    if (warning.message.find("it is unreachable") != std::string::npos) {
      unreachable.push_back(warning.str());
    }
  }
  ASSERT_EQ(unreachable.size(), 1u);
  EXPECT_NE(unreachable[0].find(file.string() + ":1:1: "), std::string::npos) << unreachable[0];
  EXPECT_NE(unreachable[0].find("the rule at preset:routine:"), std::string::npos)
      << unreachable[0];
}

TEST(PresetTests, AliasesSelectTheirPacks) {
  EXPECT_EQ(selectedPresets({"broadening-permissions"}, false),
            (std::vector<std::string>{"iam-broadening", "network-exposure"}));
  EXPECT_EQ(selectedPresets({"routine", "broadening-permissions", "iam-broadening"}, false),
            (std::vector<std::string>{"iam-broadening", "network-exposure", "routine"}));
  EXPECT_TRUE(selectedPresets({}, true).empty());
  EXPECT_EQ(selectedPresets({}, false).size(), presetList().size());
}

class PresetRuleTests : public ::testing::TestWithParam<std::string> {};

TEST_P(PresetRuleTests, AllCasesPass) {
  auto file = (presetDir() / (GetParam() + ".tests.yaml")).string();
  auto run = runRuleTests({file}, ReadLimits{});
  for (const auto& problem : run.problems) ADD_FAILURE() << problem.str();
  std::size_t passed = 0;
  for (const auto& result : run.cases) {
    std::string failures;
    for (const auto& failure : result.failures) failures += "\n  " + failure;
    EXPECT_TRUE(result.passed) << result.where.str() << ": " << result.name << failures;
    passed += result.passed ? 1 : 0;
  }
  EXPECT_GE(run.cases.size(), 4u) << file << ": both directions for every item of the pack";
  EXPECT_EQ(passed, run.cases.size());
}

INSTANTIATE_TEST_SUITE_P(Presets, PresetRuleTests,
                         ::testing::Values("iam-broadening", "network-exposure", "data-loss",
                                           "protections", "cdk-refactor", "routine", "narrowing"),
                         [](const auto& info) {
                           std::string name;
                           for (char c : info.param) name += c == '-' ? '_' : c;
                           return name;
                         });

}  // namespace
}  // namespace c2a
