#pragma once
// The promise every reader of untrusted input makes, checked one input at a time. A fuzz target
// (fuzz/targets) and the replay test (tests/fuzz) run the same check: an input the fuzzer found
// once is replayed by `make test` forever after, without clang.
//
// The promise: an input a user can write either works or ends as a C2aError of a kind a user can
// cause (bad input; missing input where the input names other files), naming the file; whatever
// c2a makes of it (a model, a report in every format) is valid UTF-8 JSON where it is JSON. Any
// other exception escaping is a defect.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace c2a::fuzz {

/// Nothing wrong, or the broken promise in words.
using Finding = std::optional<std::string>;

struct FuzzTarget {
  std::string_view name;  // the executable is fuzz_<name>; found inputs in fuzz/regressions/<name>
  Finding (*check)(std::string_view input);
};

/// Every target, in one table.
const std::vector<FuzzTarget>& fuzzTargets();
const FuzzTarget* findFuzzTarget(std::string_view name);

// One per untrusted input (one file each in fuzz/checks/).
Finding checkJsonReader(std::string_view input);
Finding checkYamlReader(std::string_view input);
Finding checkTemplateMapper(std::string_view input);
Finding checkAssemblyManifest(std::string_view input);
Finding checkNativeRules(std::string_view input);
Finding checkC2aRuleFile(std::string_view input);
Finding checkRuleTests(std::string_view input);
Finding checkApprovals(std::string_view input);
Finding checkParametersFile(std::string_view input);
Finding checkChangeSet(std::string_view input);
Finding checkPipeline(std::string_view input);
Finding checkRulePaths(std::string_view input);
Finding checkOutputPaths(std::string_view input);
Finding checkApprovalsBinding(std::string_view input);

}  // namespace c2a::fuzz
