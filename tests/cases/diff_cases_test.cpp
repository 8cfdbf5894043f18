// tests/cases/diff/NAME/: `before` and `after` (template files or cloud-assembly folders) and
// `expected.txt`, one line per operation the diff must produce, and nothing else:
//   <OPERATION> <component id>[ <path> <property operation> <updateType>][ definite|possible][
//   propagated][ <- <cause id>]
// (certainty is written for REPLACE always, for other operations only when possible)
//   verdict <approved|review|rejected>
// e.g.  REPLACE Resource:Bucket definite <- Resource:Bucket:Properties.BucketName:update
#include <gtest/gtest.h>

#include "engine/model/operation_json.h"
#include "engine/pipeline/analyze.h"
#include "tests/cases/case_files.h"

namespace c2a {
namespace {

using testing::caseInput;
using testing::caseNames;
using testing::casesRoot;
using testing::expectationLines;
using testing::join;

std::string operationLine(const Operation& op) {
  std::string line = std::string(toString(op.type)) + " ";
  if (!op.stack.empty()) line += op.stack + "/";
  line += std::string(toString(op.componentType)) + ":" + op.name;
  if (!op.oldName.empty()) line += " from " + op.oldName;
  if (op.property) {
    line += " " + toDotted(op.property->path) + " " +
            std::string(toString(op.property->operation)) + " " +
            std::string(toString(op.property->updateType));
  }
  if (op.type == OperationType::Replace) {
    line += " " + std::string(toString(op.certainty));
  } else if (op.certainty == Certainty::Possible) {
    line += " possible";
  }
  if (op.propagated) line += " propagated";
  if (op.cause && !op.cause->changeId.empty()) line += " <- " + op.cause->changeId;
  return line;
}

class DiffCase : public ::testing::TestWithParam<std::string> {};

TEST_P(DiffCase, MatchesExpectation) {
  auto dir = casesRoot() / "diff" / GetParam();
  auto expected = expectationLines(dir / "expected.txt");
  ASSERT_FALSE(expected.empty()) << "no expectations in " << dir;

  auto analysis = analyze(caseInput(dir, "before"), caseInput(dir, "after"), AnalyzeOptions{});
  std::vector<std::string> actual;
  for (const auto& op : analysis->diff.operations) actual.push_back(operationLine(op));
  actual.push_back("verdict " + std::string(toString(analysis->summary.verdict)));
  std::sort(actual.begin(), actual.end());
  EXPECT_EQ(join(actual), join(expected));
}

INSTANTIATE_TEST_SUITE_P(Cases, DiffCase, ::testing::ValuesIn(caseNames("diff")),
                         [](const auto& info) { return testing::testName(info.param); });

}  // namespace
}  // namespace c2a
