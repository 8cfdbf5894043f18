#pragma once
// Shared by the C2A rule-file tests: read JSON text as a C2A rule file, compile it, compare ASTs.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "model/error.h"
#include "model/location_table.h"
#include "rules/aws_c2a/rule_file.h"
#include "rules/compile.h"
#include "tests/rules/grammar/ast_dump.h"
#include "tests/support/paths.h"

namespace c2a::rules::testing {

/// Reads `text` as the C2A rule file `rules.json`; `locations` maps pointers to positions (empty
/// when positions do not matter).
inline RuleSet readC2a(std::string_view text,
                       const LocationTable& locations = LocationTable("rules.json")) {
  RuleSet set;
  set.rules = readC2aRules(Json::parse(text), locations);
  set.files.push_back(locations.file());
  return set;
}

/// The message of the C2aError reading `text` throws, located ("rules.json:3:5: ..."), or
/// "no error".
inline std::string readError(std::string_view text,
                             const LocationTable& locations = LocationTable("rules.json")) {
  try {
    readC2a(text, locations);
  } catch (const C2aError& error) {
    return error.diagnostic().str();
  }
  return "no error";
}

inline std::string messages(const Diagnostics& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) out += d.str() + "\n";
  return out;
}

/// Compiles `set` and returns its problems, one per line.
inline std::string compileProblems(RuleSet& set) {
  return messages(compileRuleSet(set));
}

/// `text` read and compiled; fails the test on any problem.
inline RuleSet compiledC2a(std::string_view text) {
  RuleSet set = readC2a(text);
  EXPECT_EQ(compileProblems(set), "");
  return set;
}

/// Key order does not matter in the expected AST dump.
inline ::testing::AssertionResult sameJson(const Json& actual, std::string_view expected) {
  const auto a = nlohmann::json::parse(actual.dump());
  const auto e = nlohmann::json::parse(expected);
  if (a == e) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "actual:\n" << a.dump(2) << "\nexpected:\n" << e.dump(2);
}

inline std::string fixturePath(std::string_view name) {
  return std::string(C2A_SOURCE_DIR) + "/tests/rules/c2a/fixtures/" + std::string(name);
}

inline std::string readFixture(std::string_view name) {
  std::ifstream in(fixturePath(name), std::ios::binary);
  EXPECT_TRUE(in.good()) << fixturePath(name);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace c2a::rules::testing
