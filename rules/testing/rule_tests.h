#pragma once
// Rules tested like code (`c2a rules test`): reading rule test files and running their cases. A
// test file (YAML) names the rule files under test and lists cases, each a before/after template
// (a path, or the template inline) with the expected verdict and the expected risk/action of
// named changes. See docs/rules.md, "Testing rules".
//
// The rules stage reads the files, loads the rules under test (rules/loading) and checks each
// case's expectations (expectations.h); what it cannot do itself comes from the caller: the
// specification's facts the loaded rules are checked against, and the pipeline that turns a case's
// templates into a verdict and decisions (RuleTestPipeline; the engine's is
// engine/pipeline/rule_tests.h). The run's renderings are the engine's
// (engine/report/rule_test_report.h).
//
// A run never stops at the first malformed file: a file that cannot be run (it does not parse, its
// rule files do not load, it is a rule file rather than a test file) is reported with its located
// problems and the other files still run; a case that cannot be run (a missing fixture, an unknown
// key) is reported and the file's other cases still run. The totals count all of it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/error.h"
#include "model/infra_model.h"
#include "readers/read_limits.h"
#include "readers/source_document.h"
#include "rules/ast.h"
#include "rules/rule_checks.h"
#include "rules/testing/expectations.h"

namespace c2a::rules {

/// A case's `before` or `after`: a template file or directory (resolved against the test file;
/// it exists) or a template written inline in the test file.
struct CaseTemplate {
  std::string file;         // the path; empty when the template is inline
  SourceDocument document;  // the inline template, located in the test file (file empty)
};

/// What runs a case, which the rules stage does not know: the engine's pipeline. Each may throw
/// C2aError; the case is then reported as not run.
struct RuleTestPipeline {
  /// One side's model, the warnings of reading it added to `warnings`. `before` is loaded before
  /// `after` is read from the case.
  std::function<InfraModel(const CaseTemplate& side, Diagnostics& warnings)> load;
  /// The two sides analysed with `rules` alone (no inline acceptances, which would hide what the
  /// rules do): the verdict and every change's decision.
  std::function<CaseOutcome(InfraModel before, InfraModel after, const RuleSet& rules,
                            Diagnostics warnings)>
      analyze;
};

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

/// Runs every case of every test file: the rules each file names loaded and checked against
/// `facts`, each case's sides loaded and analysed by `pipeline`, its expectations checked.
RuleTestRun runRuleTests(const std::vector<std::string>& files, const ReadLimits& limits,
                         const SchemaFacts& facts, const RuleTestPipeline& pipeline);

/// True for a rule test file: YAML or JSON whose top level is a mapping with `cases`. False for
/// anything else, a file that is missing or does not parse included.
bool isRuleTestFile(const std::string& file, const ReadLimits& limits);

/// For `c2a rules check`: a problem for each of `files` that is a rule test file, naming it as
/// such and saying which command runs it. Empty when every file may be a rule file.
Diagnostics ruleTestFilesGivenAsRules(const std::vector<std::string>& files,
                                      const ReadLimits& limits);

}  // namespace c2a::rules
