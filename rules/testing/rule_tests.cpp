#include "rules/testing/rule_tests.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "rules/loading/rule_files.h"

namespace c2a::rules {
namespace {

namespace fs = std::filesystem;

class TestFile {
 public:
  TestFile(std::string file, const ReadLimits& limits, const SchemaFacts& facts,
           const RuleTestPipeline& pipeline, RuleTestRun& run)
      : file_(std::move(file)), limits_(limits), facts_(facts), pipeline_(pipeline), run_(run) {}

  void run() {
    if (auto kind = ruleFileKind(file_, limits_)) {
      throw C2aError(ErrorKind::InvalidInput, {file_},
                     fmt::format("this is {}, not a rule test file: `c2a rules test` runs test "
                                 "files (YAML with `cases:`); check it with `c2a rules check`",
                                 *kind));
    }
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
    for (std::size_t i = 0; i < ruleFiles.size(); ++i) {
      auto path = relative(ruleFiles[i]);
      std::error_code ec;
      if (!fs::exists(path, ec)) {
        auto pointer =
            root["rules"].is_string() ? std::string("/rules") : "/rules/" + std::to_string(i);
        throw C2aError(
            ErrorKind::MissingInput,
            root["rules"].is_string() ? valueLocation(pointer, "rules") : locations_->find(pointer),
            fmt::format("rule file not found: {} (looked for {}; paths are relative "
                        "to the test file)",
                        ruleFiles[i], path));
      }
      ruleFiles[i] = path;
    }
    presetsLoaded_ = !presetNames.empty();
    auto loaded = loadRules(presets(presetNames), ruleFiles, limits_, facts_);
    if (!loaded.problems.empty()) {
      // The rules under test do not load: the file cannot be run.
      for (const auto& problem : loaded.problems) {
        run_.files.back().problems.push_back(problem);
        run_.problems.push_back(problem);
      }
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

  // What a rule file given in place of a test file is ("a rule file", "a C2A rule file"), or
  // nothing when it may be a test file (or is missing: reading it says so).
  static std::optional<std::string> ruleFileKind(const std::string& file,
                                                 const ReadLimits& limits) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec) || isRuleTestFile(file, limits)) return std::nullopt;
    if (!isC2aRuleFile(file)) {
      if (fs::path(file).extension() == ".c2a") return "a rule file";
      try {
        readRuleFile(file, limits);
        return "a rule file";
      } catch (const C2aError&) {
        return std::nullopt;  // neither: reading it as a test file says what is wrong
      }
    }
    try {
      auto root = readSourceFile(file, limits).root;
      if (root.is_array()) return "a C2A rule file";
      if (root.is_object() && !root.contains("rules") && !root.contains("presets")) {
        for (const char* key : {"description", "let", "where", "effect", "then"}) {
          if (root.contains(key)) return "a C2A rule file";
        }
      }
    } catch (const C2aError&) {
    }
    return std::nullopt;
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

  // Members are located by their key; a value (a fixture's path) is pointed at where it is
  // written, after `key:` on the key's line, when that is where it is.
  SourceLocation valueLocation(const std::string& pointer, const std::string& key) const {
    auto at = locations_->find(pointer);
    if (!at.known() || at.column < 1) return at;
    std::ifstream in(file_, std::ios::binary);
    std::string line;
    for (int i = 0; i < at.line && std::getline(in, line); ++i) {
    }
    auto i = static_cast<std::size_t>(at.column - 1);
    if (i < line.size() && (line[i] == '"' || line[i] == '\'')) ++i;
    if (line.compare(i, key.size(), key) != 0) return at;
    i += key.size();
    if (i < line.size() && (line[i] == '"' || line[i] == '\'')) ++i;
    i = line.find_first_not_of(" \t", i);
    if (i == std::string::npos || line[i] != ':') return at;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string::npos || line[i] == '#') return at;
    at.column = static_cast<int>(i) + 1;
    return at;
  }

  InfraModel side(const Json& testCase, const std::string& key, const std::string& pointer,
                  Diagnostics& warnings) const {
    auto it = testCase.find(key);
    if (it == testCase.end()) fail(pointer, fmt::format("case has no `{}` template", key));
    CaseTemplate source;
    if (it->is_string()) {
      auto path = relative(it->get<std::string>());
      std::error_code ec;
      if (!fs::exists(path, ec)) {
        throw C2aError(ErrorKind::MissingInput, valueLocation(pointer + "/" + key, key),
                       fmt::format("`{}` template not found: {} (looked for {}; paths are "
                                   "relative to the test file)",
                                   key, it->get<std::string>(), path));
      }
      source.file = path;
    } else if (!it->is_object()) {
      fail(pointer + "/" + key, fmt::format("`{}` is a template path or an inline template", key));
    } else {
      source.document = SourceDocument{*it, locations_};
    }
    return pipeline_.load(source, warnings);
  }

  // A case that cannot be run (malformed, a missing fixture) is reported as such, located, and
  // the file's other cases still run.
  void runCase(const Json& testCase, const std::string& pointer, const RuleSet& rules) {
    RuleTestCase result;
    result.file = file_;
    result.where = locations_->find(pointer);
    auto name = testCase.is_object() ? testCase.find("name") : testCase.end();
    result.name = name != testCase.end() && name->is_string()
                      ? name->get<std::string>()
                      : fmt::format("case {}", pointer.substr(7));
    try {
      result.failures = caseFailures(testCase, pointer, rules);
      result.passed = result.failures.empty();
      // `c2a diff` loads every preset by default, a test file only those it names: a case that
      // passes under `diff` can fail here, and should say why.
      if (!result.passed && !presetsLoaded_) {
        result.failures.push_back(
            "the presets are not loaded in this file (`c2a diff` loads them all by default): add "
            "`presets: default` to run the case as `c2a diff` does");
      }
    } catch (const C2aError& error) {
      result.passed = false;
      result.failures.clear();
      result.error = error.diagnostic();
      run_.problems.push_back(error.diagnostic());
    }
    run_.cases.push_back(std::move(result));
  }

  // The case's failures; throws C2aError when it cannot be run.
  std::vector<std::string> caseFailures(const Json& testCase, const std::string& pointer,
                                        const RuleSet& rules) const {
    if (!testCase.is_object())
      fail(pointer, "a case is a mapping with name, before, after, expect");
    for (const auto& [key, value] : testCase.items()) {
      if (key != "name" && key != "before" && key != "after" && key != "expect") {
        fail(pointer + "/" + key,
             fmt::format("unknown key `{}` in case (expected name, before, after, expect)", key));
      }
    }
    auto name = testCase.find("name");
    if (name != testCase.end() && !name->is_string()) fail(pointer + "/name", "`name` is a string");
    auto expect = testCase.find("expect");
    if (expect == testCase.end() || !expect->is_object()) {
      fail(pointer, "case has no `expect` mapping (verdict and/or changes)");
    }

    Diagnostics warnings;
    auto before = side(testCase, "before", pointer, warnings);
    auto after = side(testCase, "after", pointer, warnings);
    auto outcome =
        pipeline_.analyze(std::move(before), std::move(after), rules, std::move(warnings));
    return checkExpectations(*expect, pointer + "/expect", *locations_, outcome);
  }

  std::string file_;
  bool presetsLoaded_ = true;  // the file names presets (`presets:`)
  const ReadLimits& limits_;
  const SchemaFacts& facts_;
  const RuleTestPipeline& pipeline_;
  RuleTestRun& run_;
  LocationTablePtr locations_;
};

}  // namespace

RuleTestRun runRuleTests(const std::vector<std::string>& files, const ReadLimits& limits,
                         const SchemaFacts& facts, const RuleTestPipeline& pipeline) {
  RuleTestRun run;
  for (const auto& file : files) {
    run.files.push_back({file, {}, run.cases.size(), run.cases.size()});
    try {
      TestFile(file, limits, facts, pipeline, run).run();
    } catch (const C2aError& error) {
      run.files.back().problems.push_back(error.diagnostic());
      run.problems.push_back(error.diagnostic());
    }
    run.files.back().endCase = run.cases.size();
  }
  return run;
}

RuleTestTotals RuleTestRun::totals() const {
  RuleTestTotals totals;
  totals.files = files.size();
  for (const auto& file : files) totals.filesNotRun += file.problems.empty() ? 0 : 1;
  totals.cases = cases.size();
  for (const auto& c : cases) {
    if (c.error) {
      ++totals.notRun;
    } else if (c.passed) {
      ++totals.passed;
    } else {
      ++totals.failed;
    }
  }
  return totals;
}

bool isRuleTestFile(const std::string& file, const ReadLimits& limits) {
  try {
    auto root = readSourceFile(file, limits).root;
    return root.is_object() && root.contains("cases");
  } catch (const C2aError&) {
    return false;
  }
}

Diagnostics ruleTestFilesGivenAsRules(const std::vector<std::string>& files,
                                      const ReadLimits& limits) {
  Diagnostics problems;
  for (const auto& file : files) {
    if (!isRuleTestFile(file, limits)) continue;
    Diagnostic problem;
    problem.where.file = file;
    problem.message =
        "this is a rule test file, not a rule file: `c2a rules check` checks rule files; run it "
        "with `c2a rules test`";
    problems.push_back(std::move(problem));
  }
  return problems;
}

}  // namespace c2a::rules
