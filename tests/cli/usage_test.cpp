// Every slip on the command line gets a suggestion and the help to read next.
#include <gtest/gtest.h>

#include "tests/cli/run_c2a.h"

namespace c2a {
namespace {

using testing::runC2a;

TEST(Usage, UnknownCommandsAreSuggestedAtEveryLevel) {
  auto top = runC2a("dif a.json b.json");
  EXPECT_EQ(top.status, 64);
  EXPECT_EQ(top.err,
            "c2a: unknown command `dif`; did you mean `diff`?\nRun `c2a --help` for usage.\n");
  auto nested = runC2a("rules chek x.c2a");
  EXPECT_EQ(nested.status, 64);
  EXPECT_EQ(
      nested.err,
      "c2a: unknown command `chek`; did you mean `check`?\nRun `c2a rules --help` for usage.\n");
  auto far = runC2a("frobnicate");
  EXPECT_EQ(far.err, "c2a: unknown command `frobnicate`\nRun `c2a --help` for usage.\n");
}

TEST(Usage, UnknownOptionsAreSuggestedForTheirCommand) {
  auto rule = runC2a("diff --rule x.c2a a.json b.json");
  EXPECT_EQ(rule.status, 64);
  EXPECT_EQ(rule.err,
            "c2a: unknown option `--rule` for `c2a diff`; did you mean `--rules`?\n"
            "Run `c2a diff --help` for usage.\n");
  auto depth = runC2a("rules check --max-dpth 3 x.c2a");
  EXPECT_NE(depth.err.find("did you mean `--max-depth`?"), std::string::npos) << depth.err;
  EXPECT_NE(depth.err.find("Run `c2a rules check --help`"), std::string::npos) << depth.err;
  // A slip holding terminal controls is shown escaped.
  auto hostile = runC2a("diff \"$(printf -- '--\\033[31mred')\" a.json b.json");
  EXPECT_EQ(hostile.status, 64);
  EXPECT_NE(hostile.err.find("\\x1b[31mred"), std::string::npos) << hostile.err;
  EXPECT_EQ(hostile.err.find('\x1b'), std::string::npos) << hostile.err;
}

TEST(Usage, HelpCommandPrintsTheHelpOfAnyCommand) {
  auto diff = runC2a("help diff");
  EXPECT_EQ(diff.status, 0);
  EXPECT_NE(diff.out.find("--fail-on"), std::string::npos);
  auto check = runC2a("help rules check");
  EXPECT_EQ(check.status, 0);
  EXPECT_NE(check.out.find("FILE"), std::string::npos);
  auto top = runC2a("help");
  EXPECT_NE(top.out.find("Subcommands:"), std::string::npos);
  auto typo = runC2a("help dif");
  EXPECT_EQ(typo.status, 64);
  EXPECT_NE(typo.err.find("did you mean `diff`?"), std::string::npos);
}

TEST(Usage, BadOptionValuesReadLikeSentences) {
  const std::string model = "model tests/cases/model/template-json/input.json ";
  auto depth = runC2a(model + "--max-depth 0");
  EXPECT_EQ(depth.status, 64);
  EXPECT_NE(depth.err.find("--max-depth: takes a whole number of at least 1, not `0`"),
            std::string::npos)
      << depth.err;
  EXPECT_LT(depth.err.size(), 200u) << "no 300-digit range";
  // Sizes as people write them.
  EXPECT_EQ(runC2a(model + "--max-input-bytes 10MB").status, 0);
  auto tiny = runC2a(model + "--max-input-bytes 1k");
  EXPECT_EQ(tiny.status, 65);
  EXPECT_NE(tiny.err.find("1024 bytes"), std::string::npos) << tiny.err;
  auto unit = runC2a(model + "--max-input-bytes 10XB");
  EXPECT_EQ(unit.status, 64);
  EXPECT_NE(unit.err.find("takes a size such as 67108864, 64MiB or 512k, not `10XB`"),
            std::string::npos)
      << unit.err;
}

TEST(Usage, NoRulesAtAllIsSaidOnce) {
  auto bare = runC2a(
      "diff tests/cases/diff/replacement-chain/before.json "
      "tests/cases/diff/replacement-chain/after.json --no-presets");
  EXPECT_EQ(bare.status, 1);
  auto warning = std::string("no rules loaded: every change needs review");
  auto first = bare.err.find(warning);
  ASSERT_NE(first, std::string::npos) << bare.err;
  EXPECT_EQ(bare.err.find(warning, first + 1), std::string::npos) << "said once on stderr";
  EXPECT_NE(bare.out.find(warning), std::string::npos) << "and once in the report";
  auto withPresets = runC2a(
      "diff tests/cases/diff/replacement-chain/before.json "
      "tests/cases/diff/replacement-chain/after.json");
  EXPECT_EQ(withPresets.err.find(warning), std::string::npos);
}

}  // namespace
}  // namespace c2a
