#include "engine/pipeline/rule_tests.h"

#include <fmt/format.h>

#include <filesystem>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_files.h"
#include "platform-mapping/cloudformation/source_document.h"
#include "platform-mapping/input.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

class TestFile {
 public:
  TestFile(std::string file, const ReadLimits& limits, RuleTestRun& run)
      : file_(std::move(file)), limits_(limits), run_(run) {}

  void run() {
    auto document = readSourceFile(file_, limits_);
    locations_ = document.locations;
    const Json& root = document.root;
    if (!root.is_object()) fail("", "a rule test file is a mapping with `rules` and `cases`");
    for (const auto& [key, value] : root.items()) {
      if (key != "rules" && key != "presets" && key != "cases") {
        fail("/" + key, fmt::format("unknown key `{}` (expected rules, presets, cases)", key));
      }
    }
    auto ruleFiles = stringList(root, "rules", "/rules");
    auto presetNames = stringList(root, "presets", "/presets");
    if (ruleFiles.empty() && presetNames.empty()) {
      fail("", "`rules` names no rule file and `presets` no preset");
    }
    for (auto& ruleFile : ruleFiles) ruleFile = relative(ruleFile);
    auto loaded = loadRules(presets(presetNames), ruleFiles, limits_);
    if (!loaded.problems.empty()) {
      for (auto& problem : loaded.problems) run_.problems.push_back(std::move(problem));
      return;
    }
    auto cases = root.find("cases");
    if (cases == root.end() || !cases->is_array() || cases->empty()) {
      fail("/cases", "`cases` must be a non-empty list");
    }
    for (std::size_t i = 0; i < cases->size(); ++i) {
      runCase((*cases)[i], "/cases/" + std::to_string(i), loaded.set);
    }
  }

 private:
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    throw C2aError(ErrorKind::InvalidInput,
                   locations_ ? locations_->find(pointer) : SourceLocation{file_}, message);
  }

  // `presets: [iam-broadening]` (aliases too), or `presets: default`: every preset, as
  // `c2a diff` uses them when no --preset is given.
  std::vector<std::string> presets(const std::vector<std::string>& names) const {
    if (names.empty()) return {};
    try {
      if (names.size() == 1 && names.front() == "default") return selectedPresets({}, false);
      return selectedPresets(names, false);
    } catch (const C2aError& error) {
      fail("/presets", error.diagnostic().message);
    }
  }

  std::string relative(const std::string& path) const {
    if (fs::path(path).is_absolute()) return path;
    return (fs::path(file_).parent_path() / path).lexically_normal().string();
  }

  std::vector<std::string> stringList(const Json& object, const std::string& key,
                                      const std::string& pointer) const {
    auto it = object.find(key);
    if (it == object.end()) return {};
    if (it->is_string()) return {it->get<std::string>()};
    std::vector<std::string> out;
    if (!it->is_array())
      fail(pointer, fmt::format("`{}` must be a string or a list of strings", key));
    for (const auto& item : *it) {
      if (!item.is_string()) fail(pointer, fmt::format("`{}` must list strings", key));
      out.push_back(item.get<std::string>());
    }
    return out;
  }

  InfraModel side(const Json& testCase, const std::string& key, const std::string& pointer,
                  Diagnostics& warnings) const {
    auto it = testCase.find(key);
    if (it == testCase.end()) fail(pointer, fmt::format("case has no `{}` template", key));
    if (it->is_string()) return loadInput(relative(it->get<std::string>()), limits_, warnings);
    if (!it->is_object()) {
      fail(pointer + "/" + key, fmt::format("`{}` is a template path or an inline template", key));
    }
    return loadTemplate(SourceDocument{*it, locations_}, warnings);
  }

  void runCase(const Json& testCase, const std::string& pointer, const rules::RuleSet& rules) {
    if (!testCase.is_object())
      fail(pointer, "a case is a mapping with name, before, after, expect");
    for (const auto& [key, value] : testCase.items()) {
      if (key != "name" && key != "before" && key != "after" && key != "expect") {
        fail(pointer + "/" + key,
             fmt::format("unknown key `{}` in case (expected name, before, after, expect)", key));
      }
    }
    RuleTestCase result;
    result.file = file_;
    result.where = locations_->find(pointer);
    auto name = testCase.find("name");
    if (name != testCase.end() && !name->is_string()) fail(pointer + "/name", "`name` is a string");
    result.name = name != testCase.end() ? name->get<std::string>()
                                         : fmt::format("case {}", pointer.substr(7));
    auto expect = testCase.find("expect");
    if (expect == testCase.end() || !expect->is_object()) {
      fail(pointer, "case has no `expect` mapping (verdict and/or changes)");
    }

    Diagnostics warnings;
    auto before = side(testCase, "before", pointer, warnings);
    auto after = side(testCase, "after", pointer, warnings);
    AnalyzeOptions options;
    options.limits = limits_;
    options.rules = &rules;
    // A rule test judges the rules alone: a template's own acceptances would hide what they do.
    options.acceptance.inlineAccept = false;
    auto analysis =
        analyzeModels(std::move(before), std::move(after), options, std::move(warnings));

    for (const auto& [key, value] : expect->items()) {
      if (key == "verdict") {
        std::string actual(toString(analysis->summary.verdict));
        if (!value.is_string()) fail(pointer + "/expect/verdict", "verdict is a string");
        if (value.get<std::string>() != actual) {
          result.failures.push_back(
              fmt::format("verdict: expected {}, got {}", value.get<std::string>(), actual));
        }
      } else if (key == "changes") {
        checkChanges(value, pointer + "/expect/changes", *analysis, result);
      } else {
        fail(pointer + "/expect/" + key,
             fmt::format("unknown key `{}` in expect (expected verdict, changes)", key));
      }
    }
    result.passed = result.failures.empty();
    run_.cases.push_back(std::move(result));
  }

  void checkChanges(const Json& expected, const std::string& pointer, const Report& analysis,
                    RuleTestCase& result) const {
    if (!expected.is_object()) fail(pointer, "`changes` maps change ids to expectations");
    for (const auto& [id, wanted] : expected.items()) {
      const Decision* op = nullptr;
      for (std::size_t i = 0; i < analysis.diff.operations.size(); ++i) {
        if (analysis.diff.operations[i].id == id) op = &analysis.decisions[i];
      }
      if (op == nullptr) {
        std::string ids;
        for (const auto& candidate : analysis.diff.operations) ids += "\n        " + candidate.id;
        result.failures.push_back(fmt::format("no change `{}` in the diff; its changes are:{}", id,
                                              ids.empty() ? " (none)" : ids));
        continue;
      }
      if (!wanted.is_object()) fail(pointer + "/" + id, "expect risk, action and/or rule");
      std::string decided = op->rules.empty() ? "no rule matched" : "decided by: ";
      for (std::size_t i = 0; i < op->rules.size(); ++i) {
        decided += (i > 0 ? "; " : "") + op->rules[i];
      }
      for (const auto& [field, value] : wanted.items()) {
        std::string actual;
        if (field == "risk") {
          actual = toString(op->risk);
        } else if (field == "action") {
          actual = toString(op->action);
        } else if (field == "rule") {
          if (!value.is_string())
            fail(pointer + "/" + id + "/rule", "`rule` is a rule description");
          bool found = std::find(op->rules.begin(), op->rules.end(), value.get<std::string>()) !=
                       op->rules.end();
          if (!found) {
            result.failures.push_back(fmt::format("{}: expected rule \"{}\" to apply ({})", id,
                                                  value.get<std::string>(), decided));
          }
          continue;
        } else {
          fail(pointer + "/" + id + "/" + field,
               fmt::format("unknown key `{}` (expected risk, action, rule)", field));
        }
        if (!value.is_string() || value.get<std::string>() != actual) {
          result.failures.push_back(fmt::format(
              "{}: expected {} {}, got {} ({})", id, field,
              value.is_string() ? value.get<std::string>() : value.dump(), actual, decided));
        }
      }
    }
  }

  std::string file_;
  const ReadLimits& limits_;
  RuleTestRun& run_;
  LocationTablePtr locations_;
};

}  // namespace

RuleTestRun runRuleTests(const std::vector<std::string>& files, const ReadLimits& limits) {
  RuleTestRun run;
  for (const auto& file : files) {
    try {
      TestFile(file, limits, run).run();
    } catch (const C2aError& error) {
      run.problems.push_back(error.diagnostic());
    }
  }
  return run;
}

}  // namespace c2a
