// The readers behind one interface (platform-mapping/input_readers.h): which reader takes which
// input, and that loadInput asks them in table order.
#include "platform-mapping/input_readers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "platform-mapping/input.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

std::string readerFor(const InputProbe& probe) {
  for (const auto& reader : inputReaders()) {
    if (reader.accepts(probe)) return std::string(reader.name);
  }
  return "none";
}

TEST(InputReaders, EachInputHasOneReader) {
  EXPECT_EQ(readerFor({"cdk.out", true, ""}), "cloud-assembly");
  EXPECT_EQ(readerFor({"t.json", false, R"({"Resources": {}})"}), "template");
  EXPECT_EQ(readerFor({"t.yaml", false, "Resources:\n  Changes: {}\n"}), "template");
  EXPECT_EQ(readerFor({"cs.json", false, "\xEF\xBB\xBF{\n  \"Changes\": [],\n"}), "change-set");
  EXPECT_EQ(readerFor({"cs.json", false, R"({"Capabilities": [], "ChangeSetId": "x"})"}),
            "change-set");
  // A template that merely mentions a change set is still a template.
  EXPECT_EQ(readerFor({"t.json", false, R"({"Description": "Changes", "Resources": {}})"}),
            "template");
  EXPECT_EQ(readerFor({"fifo", false, ""}), "template");  // read once, by the template reader
}

TEST(InputReaders, NamesAreUniqueAndTheLastTakesAnyFile) {
  auto readers = inputReaders();
  ASSERT_FALSE(readers.empty());
  for (std::size_t i = 0; i < readers.size(); ++i) {
    for (std::size_t j = i + 1; j < readers.size(); ++j) {
      EXPECT_NE(readers[i].name, readers[j].name);
    }
  }
  EXPECT_TRUE(readers.back().accepts({"anything", false, "garbage"}));
}

TEST(InputReaders, AChangeSetGivenAsATemplateSaysWhereItGoes) {
  Diagnostics warnings;
  auto file = std::string(C2A_SOURCE_DIR) + "/tests/cases/diff/change-set-answers/change-set.json";
  try {
    loadInput(file, ReadLimits{}, warnings);
    ADD_FAILURE() << "a change set was read as a template";
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().kind, ErrorKind::InvalidInput);
    EXPECT_NE(error.diagnostic().message.find("--change-set"), std::string::npos);
  }
}

}  // namespace
}  // namespace c2a
