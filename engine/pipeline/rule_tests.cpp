#include "engine/pipeline/rule_tests.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_files.h"
#include "engine/report/escape.h"
#include "readers/source_document.h"
#include "platform-mapping/input.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

class TestFile {
 public:
  TestFile(std::string file, const ReadLimits& limits, RuleTestRun& run)
      : file_(std::move(file)), limits_(limits), run_(run) {}

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
    auto loaded = loadRules(presets(presetNames), ruleFiles, limits_);
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
    if (it->is_string()) {
      auto path = relative(it->get<std::string>());
      std::error_code ec;
      if (!fs::exists(path, ec)) {
        throw C2aError(ErrorKind::MissingInput, valueLocation(pointer + "/" + key, key),
                       fmt::format("`{}` template not found: {} (looked for {}; paths are "
                                   "relative to the test file)",
                                   key, it->get<std::string>(), path));
      }
      return loadInput(path, limits_, warnings);
    }
    if (!it->is_object()) {
      fail(pointer + "/" + key, fmt::format("`{}` is a template path or an inline template", key));
    }
    return loadTemplate(SourceDocument{*it, locations_}, warnings);
  }

  // A case that cannot be run (malformed, a missing fixture) is reported as such, located, and
  // the file's other cases still run.
  void runCase(const Json& testCase, const std::string& pointer, const rules::RuleSet& rules) {
    RuleTestCase result;
    result.file = file_;
    result.where = locations_->find(pointer);
    auto name = testCase.is_object() ? testCase.find("name") : testCase.end();
    result.name = name != testCase.end() && name->is_string()
                      ? name->get<std::string>()
                      : fmt::format("case {}", pointer.substr(7));
    try {
      runCase(testCase, pointer, rules, result);
      result.passed = result.failures.empty();
    } catch (const C2aError& error) {
      result.passed = false;
      result.failures.clear();
      result.error = error.diagnostic();
      run_.problems.push_back(error.diagnostic());
    }
    run_.cases.push_back(std::move(result));
  }

  void runCase(const Json& testCase, const std::string& pointer, const rules::RuleSet& rules,
               RuleTestCase& result) const {
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
        for (const auto& candidate : analysis.diff.operations) ids += "\n  " + candidate.id;
        result.failures.push_back(fmt::format("no change `{}` in the diff; its changes are:{}", id,
                                              ids.empty() ? " (none)" : ids));
        continue;
      }
      if (!wanted.is_object()) fail(pointer + "/" + id, "expect risk, action and/or rule");
      std::string decided = op->rules.empty() ? "no rule matched" : "decided by: ";
      for (std::size_t i = 0; i < op->rules.size(); ++i) {
        decided += (i > 0 ? "; " : "") + ruleWithId(*op, i);
      }
      for (const auto& [field, value] : wanted.items()) {
        std::string actual;
        if (field == "risk") {
          actual = toString(op->risk);
        } else if (field == "action") {
          actual = toString(op->action);
        } else if (field == "rule") {
          if (!value.is_string())
            fail(pointer + "/" + id + "/rule", "`rule` is a rule description or id");
          // A description, or a rule id (docs/rules.md, "Rule ids").
          const auto& wantedRule = value.get<std::string>();
          bool found =
              std::find(op->rules.begin(), op->rules.end(), wantedRule) != op->rules.end() ||
              std::find(op->ruleIds.begin(), op->ruleIds.end(), wantedRule) != op->ruleIds.end();
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
    run.files.push_back({file, {}, run.cases.size(), run.cases.size()});
    try {
      TestFile(file, limits, run).run();
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

std::string ruleTestTotalsLine(const RuleTestTotals& totals) {
  auto plural = [](std::size_t n, const char* word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
  };
  std::string line = fmt::format("{}, {} passed, {} failed", plural(totals.cases, "case"),
                                 totals.passed, totals.failed);
  if (totals.notRun > 0) line += fmt::format(", {} could not be run", totals.notRun);
  if (totals.filesNotRun > 0) {
    line += fmt::format("; {} of {} could not be run", totals.filesNotRun,
                        plural(totals.files, "test file"));
  }
  return line;
}

namespace {

// ---- text ----------------------------------------------------------------------------------

// A message of several lines: each line made safe for the terminal, continuation lines indented
// under the first.
std::string indentedLines(const std::string& text, const std::string& first,
                          const std::string& rest) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    auto end = text.find('\n', start);
    out += (start == 0 ? first : rest) +
           terminalSafe(text.substr(start, end == std::string::npos ? end : end - start)) + '\n';
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

std::string textCase(const RuleTestCase& c) {
  std::string out;
  if (c.error) {
    out += "ERROR " + terminalSafe(c.name) + "  (" + terminalSafe(c.where.str()) +
           "): could not be run\n";
  } else if (c.passed) {
    out += "PASS  " + terminalSafe(c.name) + '\n';
  } else {
    out += "FAIL  " + terminalSafe(c.name) + "  (" + terminalSafe(c.where.str()) + ")\n";
    for (const auto& failure : c.failures) out += indentedLines(failure, "      ", "        ");
  }
  return out;
}

std::string renderText(const RuleTestRun& run) {
  std::string out;
  for (const auto& file : run.files) {
    if (!file.problems.empty()) out += "ERROR " + terminalSafe(file.file) + ": could not be run\n";
    for (auto i = file.firstCase; i < file.endCase; ++i) out += textCase(run.cases[i]);
  }
  return out + ruleTestTotalsLine(run.totals()) + '\n';
}

// ---- JUnit ---------------------------------------------------------------------------------

// For a message attribute: the lines joined by a space, continuation indents dropped.
std::string oneLine(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    auto end = text.find('\n', start);
    auto line = text.substr(start, end == std::string::npos ? end : end - start);
    if (start > 0) line.erase(0, line.find_first_not_of(' '));
    out += (start > 0 ? " " : "") + line;
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

std::string junitCase(const RuleTestCase& c) {
  std::string out =
      fmt::format(R"(    <testcase name="{}" classname="{}" file="{}" line="{}")",
                  xmlEscape(c.name), xmlEscape(c.file), xmlEscape(c.file), c.where.line);
  if (c.error) {
    return out + fmt::format(
                     ">\n      <error message=\"{}\" type=\"could not be run\">{}</error>\n"
                     "    </testcase>\n",
                     xmlEscape(c.error->message), xmlText(c.error->str()));
  }
  if (c.passed) return out + "/>\n";
  std::string message = oneLine(c.failures.front());
  if (c.failures.size() > 1) message += fmt::format(" (and {} more)", c.failures.size() - 1);
  std::string text;
  for (const auto& failure : c.failures) text += (text.empty() ? "" : "\n") + failure;
  return out + fmt::format(
                   ">\n      <failure message=\"{}\" type=\"expectation\">{}</failure>\n"
                   "    </testcase>\n",
                   xmlEscape(message), xmlText(text));
}

std::string renderJunit(const RuleTestRun& run) {
  auto totals = run.totals();
  std::string suites;
  for (const auto& file : run.files) {
    std::size_t tests = 0, failures = 0, errors = 0;
    std::string cases;
    if (!file.problems.empty()) {
      // The file could not be run: one test case in error, so test tabs show it.
      tests = errors = 1;
      std::string text;
      for (const auto& problem : file.problems) text += (text.empty() ? "" : "\n") + problem.str();
      cases = fmt::format(
          "    <testcase name=\"{0}\" classname=\"{0}\" file=\"{0}\">\n      <error "
          "message=\"{1}\" type=\"could not be run\">{2}</error>\n    </testcase>\n",
          xmlEscape(file.file), xmlEscape(file.problems.front().message), xmlText(text));
    }
    for (auto i = file.firstCase; i < file.endCase; ++i) {
      const auto& c = run.cases[i];
      ++tests;
      errors += c.error ? 1 : 0;
      failures += !c.error && !c.passed ? 1 : 0;
      cases += junitCase(c);
    }
    suites += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\">\n{}"
        "  </testsuite>\n",
        xmlEscape(file.file), tests, failures, errors, cases);
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"c2a rules test\" "
      "tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\">\n{}</testsuites>\n",
      totals.cases + totals.filesNotRun, totals.failed, totals.notRun + totals.filesNotRun, suites);
}

// ---- JSON ----------------------------------------------------------------------------------

Json problemJson(const Diagnostic& problem) {
  Json out = Json::object();
  out["file"] = problem.where.file.empty() ? Json(nullptr) : Json(problem.where.file);
  out["line"] = problem.where.line > 0 ? Json(problem.where.line) : Json(nullptr);
  out["column"] = problem.where.column > 0 ? Json(problem.where.column) : Json(nullptr);
  out["message"] = problem.message;
  return out;
}

std::string renderJson(const RuleTestRun& run) {
  Json out = Json::object();
  out["schemaVersion"] = 1;
  out["files"] = Json::array();
  for (const auto& file : run.files) {
    Json entry = Json::object();
    entry["file"] = file.file;
    entry["ran"] = file.problems.empty();
    entry["problems"] = Json::array();
    for (const auto& problem : file.problems) entry["problems"].push_back(problemJson(problem));
    out["files"].push_back(std::move(entry));
  }
  out["cases"] = Json::array();
  for (const auto& c : run.cases) {
    Json entry = Json::object();
    entry["name"] = c.name;
    entry["file"] = c.file;
    entry["line"] = c.where.line > 0 ? Json(c.where.line) : Json(nullptr);
    entry["column"] = c.where.column > 0 ? Json(c.where.column) : Json(nullptr);
    entry["passed"] = c.passed;
    entry["failures"] = c.failures;
    entry["error"] = c.error ? problemJson(*c.error) : Json(nullptr);
    out["cases"].push_back(std::move(entry));
  }
  auto totals = run.totals();
  out["totals"] = Json{{"files", totals.files},   {"filesNotRun", totals.filesNotRun},
                       {"cases", totals.cases},   {"passed", totals.passed},
                       {"failed", totals.failed}, {"notRun", totals.notRun}};
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string renderRuleTests(const RuleTestRun& run, RuleTestFormat format) {
  switch (format) {
    case RuleTestFormat::Text: return renderText(run);
    case RuleTestFormat::Junit: return renderJunit(run);
    case RuleTestFormat::Json: return renderJson(run);
  }
  return renderText(run);
}

}  // namespace c2a
