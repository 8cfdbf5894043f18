#pragma once
// `c2a rules test`: rules tested like code. A test file (YAML) names the rule files under test and
// lists cases, each a before/after template (a path, or the template inline) with the expected
// verdict and the expected risk/action of named changes. See docs/rules.md, "Testing rules".
//
// A run never stops at the first malformed file: a file that cannot be run (it does not parse, its
// rule files do not load, it is a rule file rather than a test file) is reported with its located
// problems and the other files still run; a case that cannot be run (a missing fixture, an unknown
// key) is reported and the file's other cases still run. The totals count all of it.
#include <optional>
#include <string>
#include <vector>

#include "model/error.h"
#include "readers/read_limits.h"

namespace c2a {

struct RuleTestCase {
  std::string file;
  std::string name;
  SourceLocation where;
  bool passed = true;  // false when a failure was found or the case could not be run
  /// One message per expectation not met, naming the rules that decided; a message may span
  /// several lines (`\n`), continuation lines listing what came instead.
  std::vector<std::string> failures;
  std::optional<Diagnostic> error;  // why the case could not be run (then failures is empty)
};

struct RuleTestFile {
  std::string file;
  Diagnostics problems;                    // why the file could not be run: none of its cases ran
  std::size_t firstCase = 0, endCase = 0;  // its cases: RuleTestRun::cases[firstCase, endCase)
};

struct RuleTestTotals {
  std::size_t files = 0, filesNotRun = 0;
  std::size_t cases = 0, passed = 0, failed = 0, notRun = 0;
};

struct RuleTestRun {
  std::vector<RuleTestFile> files;  // every file given, in order
  std::vector<RuleTestCase> cases;  // every case of the files that could be run, in order
  /// Every problem, located: those of the files that could not be run and of the cases that
  /// could not be run. Empty when the run can be trusted.
  Diagnostics problems;

  [[nodiscard]] RuleTestTotals totals() const;
};

RuleTestRun runRuleTests(const std::vector<std::string>& files, const ReadLimits& limits);

/// True for a rule test file: YAML or JSON whose top level is a mapping with `cases`. False for
/// anything else, a file that is missing or does not parse included.
bool isRuleTestFile(const std::string& file, const ReadLimits& limits);

/// For `c2a rules check`: a problem for each of `files` that is a rule test file, naming it as
/// such and saying which command runs it. Empty when every file may be a rule file.
Diagnostics ruleTestFilesGivenAsRules(const std::vector<std::string>& files,
                                      const ReadLimits& limits);

enum class RuleTestFormat { Text, Junit, Json };

/// The run as `c2a rules test` writes it:
/// - text: `PASS`, `FAIL` (with each failure, continuation lines indented) and `ERROR` (could not
///   be run) per case, one `ERROR` line per file that could not be run, then the totals line; the
///   problems themselves are for standard error (the CLI prints them located);
/// - junit: one <testsuite> per test file, one <testcase> per case (<failure> with the full
///   text), a file or case that could not be run as an <error>; everything xmlEscape'd;
/// - json: {schemaVersion, files, cases, totals}, docs/rules.md and docs/rule-tests.schema.json.
std::string renderRuleTests(const RuleTestRun& run, RuleTestFormat format);

/// "4 cases, 2 passed, 1 failed, 1 could not be run; 1 of 3 test files could not be run": the
/// parts after `failed` only when they are not zero.
std::string ruleTestTotalsLine(const RuleTestTotals& totals);

}  // namespace c2a
