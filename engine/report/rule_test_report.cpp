#include "engine/report/rule_test_report.h"

#include <fmt/format.h>

#include "engine/report/escape.h"
#include "model/json.h"

namespace c2a {

std::string ruleTestTotalsLine(const rules::RuleTestTotals& totals) {
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

std::string textCase(const rules::RuleTestCase& c) {
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

std::string ruleTestText(const rules::RuleTestRun& run) {
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

std::string junitCase(const rules::RuleTestCase& c) {
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

std::string ruleTestJunit(const rules::RuleTestRun& run) {
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

std::string ruleTestJson(const rules::RuleTestRun& run) {
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

std::string renderRuleTests(const rules::RuleTestRun& run, RuleTestFormat format) {
  switch (format) {
    case RuleTestFormat::Text: return ruleTestText(run);
    case RuleTestFormat::Junit: return ruleTestJunit(run);
    case RuleTestFormat::Json: return ruleTestJson(run);
  }
  return ruleTestText(run);
}

}  // namespace c2a
