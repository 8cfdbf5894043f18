#pragma once
// The results of `c2a rules test` (rules/testing/rule_tests.h, run by
// engine/pipeline/rule_tests.h) as the command writes them.
#include <string>

#include "rules/testing/rule_tests.h"

namespace c2a {

enum class RuleTestFormat { Text, Junit, Json };

/// The run as `c2a rules test` writes it:
/// - text: `PASS`, `FAIL` (with each failure, continuation lines indented) and `ERROR` (could not
///   be run) per case, one `ERROR` line per file that could not be run, then the totals line; the
///   problems themselves are for standard error (the CLI prints them located);
/// - junit: one <testsuite> per test file, one <testcase> per case (<failure> with the full
///   text), a file or case that could not be run as an <error>; everything xmlEscape'd;
/// - json: {schemaVersion, files, cases, totals}, docs/rules.md and docs/rule-tests.schema.json.
std::string renderRuleTests(const rules::RuleTestRun& run, RuleTestFormat format);

/// "4 cases, 2 passed, 1 failed, 1 could not be run; 1 of 3 test files could not be run": the
/// parts after `failed` only when they are not zero.
std::string ruleTestTotalsLine(const rules::RuleTestTotals& totals);

}  // namespace c2a
