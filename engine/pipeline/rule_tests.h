#pragma once
// `c2a rules test`: rules tested like code. A test file (YAML) names the rule files under test and
// lists cases, each a before/after template (a path, or the template inline) with the expected
// verdict and the expected risk/action of named changes. See docs/rules.md, "Testing rules".
#include <string>
#include <vector>

#include "model/error.h"
#include "platform-mapping/read_limits.h"

namespace c2a {

struct RuleTestCase {
  std::string file;
  std::string name;
  SourceLocation where;
  bool passed = true;
  std::vector<std::string> failures;  // one sentence each, naming the rules that decided
};

struct RuleTestRun {
  std::vector<RuleTestCase> cases;
  Diagnostics problems;  // malformed test or rule files: the run cannot be trusted
};

RuleTestRun runRuleTests(const std::vector<std::string>& files, const ReadLimits& limits);

}  // namespace c2a
