#pragma once
// `c2a rules test`: the engine's part of running rule test files. Reading the files, loading the
// rules under test and checking each case's expectations are the rules stage's
// (rules/testing/rule_tests.h, which also says what a run reports); the engine hands it the
// built-in specification's facts and runs each case's templates through the pipeline (read, map,
// analyzeModels with the rules under test alone). The run is rendered by
// engine/report/rule_test_report.h.
#include <string>
#include <vector>

#include "readers/read_limits.h"
#include "rules/testing/rule_tests.h"

namespace c2a {

using rules::RuleTestCase;
using rules::RuleTestFile;
using rules::RuleTestRun;
using rules::RuleTestTotals;

using rules::isRuleTestFile;
using rules::ruleTestFilesGivenAsRules;

/// Every case of every test file run through the pipeline and checked.
RuleTestRun runRuleTests(const std::vector<std::string>& files, const ReadLimits& limits);

}  // namespace c2a
