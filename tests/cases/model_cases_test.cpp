// tests/cases/model/NAME/: `input.{json,yaml}` or `input/` (a cloud assembly) and `expected.txt`:
//   component <id> <subtype or ->
//   <dependency|structural> <source id> -> <target id> [sourcePath] [reference] [attribute]
//   error <exit kind> <text the message contains>     (for inputs that must fail)
//   warning <text a warning contains>
// Components and relationships must match exactly (as sets); the lines come from `c2a model`'s
// JSON.
#include <gtest/gtest.h>

#include "engine/model/error.h"
#include "engine/report/model_dump.h"
#include "platform-mapping/input.h"
#include "tests/cases/case_files.h"

namespace c2a {
namespace {

using testing::caseInput;
using testing::caseNames;
using testing::casesRoot;
using testing::expectationLines;
using testing::join;

std::string kindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage: return "usage";
    case ErrorKind::InvalidInput: return "invalid-input";
    case ErrorKind::MissingInput: return "missing-input";
    case ErrorKind::Internal: return "internal";
    case ErrorKind::CannotWrite: return "cannot-write";
  }
  return "?";
}

std::vector<std::string> modelLines(const Json& dump) {
  std::vector<std::string> lines;
  for (const auto& c : dump["components"]) {
    lines.push_back("component " + c["id"].get<std::string>() + " " +
                    (c["subtype"].is_null() ? "-" : c["subtype"].get<std::string>()));
  }
  for (const auto& r : dump["relationships"]) {
    std::string line = r["kind"].get<std::string>() + " " + r["source"].get<std::string>() +
                       " -> " + r["target"].get<std::string>();
    if (!r["sourcePath"].is_null()) line += " " + r["sourcePath"].get<std::string>();
    if (r.contains("reference")) line += " " + r["reference"].get<std::string>();
    if (!r["attribute"].is_null()) line += " " + r["attribute"].get<std::string>();
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

class ModelCase : public ::testing::TestWithParam<std::string> {};

TEST_P(ModelCase, MatchesExpectation) {
  auto dir = casesRoot() / "model" / GetParam();
  auto expected = expectationLines(dir / "expected.txt");
  ASSERT_FALSE(expected.empty()) << "no expectations in " << dir;

  std::vector<std::string> wantedErrors;
  std::vector<std::string> wantedWarnings;
  std::vector<std::string> wantedModel;
  for (const auto& line : expected) {
    if (line.rfind("error ", 0) == 0) {
      wantedErrors.push_back(line.substr(6));
    } else if (line.rfind("warning ", 0) == 0) {
      wantedWarnings.push_back(line.substr(8));
    } else {
      wantedModel.push_back(line);
    }
  }

  Diagnostics warnings;
  ReadLimits limits;
  if (std::filesystem::exists(dir / "limits.json")) {
    std::ifstream in(dir / "limits.json");
    auto json = Json::parse(in);
    limits.maxDepth = json.value("maxDepth", limits.maxDepth);
    limits.maxNodes = json.value("maxNodes", limits.maxNodes);
    limits.maxInputBytes = json.value("maxInputBytes", limits.maxInputBytes);
  }
  try {
    auto model = loadInput(caseInput(dir, "input"), limits, warnings);
    ASSERT_TRUE(wantedErrors.empty()) << "expected an error, got a model";
    EXPECT_EQ(join(modelLines(modelToJson(model))), join(wantedModel));
  } catch (const C2aError& error) {
    ASSERT_EQ(wantedErrors.size(), 1u) << "unexpected error: " << error.diagnostic().str();
    const auto& wanted = wantedErrors.front();
    auto space = wanted.find(' ');
    EXPECT_EQ(kindName(error.diagnostic().kind), wanted.substr(0, space));
    EXPECT_NE(error.diagnostic().str().find(wanted.substr(space + 1)), std::string::npos)
        << "message: " << error.diagnostic().str();
  }
  for (const auto& wanted : wantedWarnings) {
    bool found = std::any_of(warnings.begin(), warnings.end(), [&](const Diagnostic& d) {
      return d.str().find(wanted) != std::string::npos;
    });
    EXPECT_TRUE(found) << "no warning containing: " << wanted;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, ModelCase, ::testing::ValuesIn(caseNames("model")),
                         [](const auto& info) { return testing::testName(info.param); });

}  // namespace
}  // namespace c2a
