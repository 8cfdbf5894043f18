#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/cli/run_c2a.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

using testing::runC2a;
using testing::slurp;

const std::string kExample = "examples/orders-service/";
const std::string kChain = "tests/cases/diff/replacement-chain/";

TEST(Cli, HelpForEveryCommand) {
  for (const char* command :
       {"", "diff ", "model ", "rules ", "rules check ", "rules test ", "rules convert ",
        "rules presets ", "rules show-preset ", "approve ", "help "}) {
    auto result = runC2a(std::string(command) + "--help");
    EXPECT_EQ(result.status, 0) << command;
    EXPECT_NE(result.out.find("Usage"), std::string::npos) << command << result.out;
  }
  auto version = runC2a("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("c2a ", 0), 0u);
  // `--version` alone is answered before the command tree is built; the flag parsed with the
  // rest (here given twice) prints the same.
  auto parsed = runC2a("--version --version");
  EXPECT_EQ(parsed.status, 0);
  EXPECT_EQ(parsed.out, version.out);
}

// A line naming a command builds only that command's options (cli/main.cpp); the lines that read
// the other commands still see all of them.
TEST(Cli, TheWholeCommandTreeWhereALineReadsIt) {
  const char* commands[] = {"diff", "plan", "model", "rules", "approve", "help", "completion"};
  auto top = runC2a("--help");
  auto script = runC2a("completion bash");
  ASSERT_EQ(script.status, 0);
  for (const char* command : commands) {
    EXPECT_NE(top.out.find(std::string("  ") + command), std::string::npos) << command;
    EXPECT_NE(script.out.find(command), std::string::npos) << command;
  }
  // `c2a help COMMAND` prints what `c2a COMMAND --help` does, its usage line included.
  for (const char* command : {"diff", "plan", "rules check", "approve"}) {
    auto viaHelp = runC2a(std::string("help ") + command);
    auto direct = runC2a(std::string(command) + " --help");
    EXPECT_EQ(viaHelp.status, 0) << command;
    EXPECT_EQ(viaHelp.out, direct.out) << command;
    EXPECT_NE(viaHelp.out.find(std::string("Usage: c2a ") + command), std::string::npos)
        << viaHelp.out;
  }
}

TEST(Cli, UsageErrorsExit64) {
  EXPECT_EQ(runC2a("").status, 64);
  EXPECT_EQ(runC2a("frobnicate").status, 64);
  EXPECT_EQ(runC2a("diff " + kChain + "before.json").status, 64);  // AFTER missing
  auto unknown = runC2a("diff " + kChain + "before.json " + kChain + "after.json --colour");
  EXPECT_EQ(unknown.status, 64);
  EXPECT_EQ(unknown.err.rfind("c2a: ", 0), 0u) << unknown.err;
  EXPECT_EQ(runC2a("model " + kChain + "before.json --format svg").status, 64);
}

TEST(Cli, VerdictExitCodes) {
  // No change: approved (0). Changes no rule covers: review (1).
  EXPECT_EQ(runC2a("diff " + kChain + "before.json " + kChain + "before.json").status, 0);
  auto review = runC2a("diff " + kChain + "before.json " + kChain + "after.json --no-presets");
  EXPECT_EQ(review.status, 1);
  EXPECT_NE(review.out.find("WILL BE REPLACED"), std::string::npos) << review.out;
  EXPECT_NE(review.out.find("Verdict: REVIEW"), std::string::npos);
}

TEST(Cli, InputErrorsAreLocatedWithTheirExitCodes) {
  auto bad = runC2a("model tests/cases/model/bad-json/input.json");
  EXPECT_EQ(bad.status, 65);
  EXPECT_EQ(bad.err.rfind("c2a: tests/cases/model/bad-json/input.json:4:5: ", 0), 0u) << bad.err;
  auto missing = runC2a("diff no/such/before.json " + kChain + "after.json");
  EXPECT_EQ(missing.status, 66);
  EXPECT_EQ(missing.err, "c2a: no/such/before.json: no such file or directory\n");
  // A path through a file names nothing either (ENOTDIR), as every other named file says.
  auto throughFile = runC2a("diff " + kChain + "before.json/x " + kChain + "after.json");
  EXPECT_EQ(throughFile.status, 66);
  EXPECT_EQ(throughFile.err, "c2a: " + kChain + "before.json/x: no such file or directory\n");
  auto badAfter = runC2a("diff " + kChain + "before.json tests/cases/model/bad-yaml/input.yaml");
  EXPECT_EQ(badAfter.status, 65);
}

TEST(Cli, JsonReportIsDeterministicAndWrittenAtomically) {
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-output";
  std::filesystem::create_directories(dir);
  auto file = (dir / "report.json").string();
  std::filesystem::remove(file);
  auto first = runC2a("diff " + kExample + "before.yaml " + kExample + "after.yaml --format json");
  auto second = runC2a("diff " + kExample + "before.yaml " + kExample + "after.yaml --format json");
  auto written = runC2a("diff " + kExample + "before.yaml " + kExample +
                        "after.yaml --format json --output '" + file + "'");
  EXPECT_EQ(first.status, 2);  // the data-loss preset rejects the archive bucket's replacement
  EXPECT_EQ(first.out, second.out);  // byte-identical
  EXPECT_EQ(written.status, 2);
  EXPECT_EQ(written.out, "");
  EXPECT_EQ(slurp(file), first.out);
  // No temporary file is left beside the report.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1u);
}

TEST(Cli, UnwritableOutputExits73) {
  auto result = runC2a("diff " + kChain + "before.json " + kChain +
                       "after.json --output /no/such/dir/report.txt");
  EXPECT_EQ(result.status, 73);
  EXPECT_EQ(result.err.rfind("c2a: /no/such/dir/report.txt: ", 0), 0u) << result.err;
}

TEST(Cli, ReportOptionMistakesAreUsageErrors) {
  const std::string pair = "diff " + kChain + "before.json " + kChain + "after.json ";
  EXPECT_EQ(runC2a(pair + "--format pdf").status, 64);
  auto badReport = runC2a(pair + "--report sarif");
  EXPECT_EQ(badReport.status, 64);
  EXPECT_NE(badReport.err.find("FORMAT=FILE"), std::string::npos) << badReport.err;
  auto unknownFormat = runC2a(pair + "--report pdf=x.pdf");
  EXPECT_EQ(unknownFormat.status, 64);
  EXPECT_NE(unknownFormat.err.find("known: text|json"), std::string::npos) << unknownFormat.err;
  auto level = runC2a(pair + "--group-by risk,colour");
  EXPECT_EQ(level.status, 64);
  EXPECT_NE(level.err.find("unknown level `colour`"), std::string::npos) << level.err;
  EXPECT_EQ(runC2a(pair + "--only maybe").status, 64);
  EXPECT_EQ(runC2a(pair + "--color sometimes").status, 64);
}

TEST(Cli, SeveralReportsFromOneRun) {
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-reports";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto json = (dir / "r.json").string();
  auto text = (dir / "r.txt").string();
  const std::string pair =
      "diff " + kExample + "before.yaml " + kExample + "after.yaml --no-presets ";
  auto run = runC2a(pair + "--report json=" + json + " --report text=" + text);
  auto alone = runC2a(pair + "--format json");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(slurp(json), alone.out);
  EXPECT_EQ(slurp(text), run.out);  // the stdout report, uncoloured, equals the file
}

TEST(Cli, OutputSymlinksAreRefusedUnlessAskedAndDevicesWrittenInPlace) {
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-links";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "real");
  std::filesystem::create_symlink("real/report.json", dir / "link.json");
  const std::string pair =
      "diff " + kChain + "before.json " + kChain + "after.json --no-presets --format json ";
  // Every output path that writes through a link is refused, and nothing is written.
  for (const std::string& options : {"--output " + (dir / "link.json").string(),
                                     "--report sarif=" + (dir / "link.json").string(),
                                     "--write-baseline " + (dir / "link.json").string()}) {
    auto refused = runC2a(pair + options);
    EXPECT_EQ(refused.status, 73) << options << refused.err;
    EXPECT_NE(refused.err.find("is a symbolic link"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "real/report.json")) << options;
  }
  auto linked = runC2a(pair + "--follow-output-symlinks --output " + (dir / "link.json").string());
  EXPECT_EQ(linked.status, 1) << linked.err;
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "link.json"));
  EXPECT_NE(slurp((dir / "real/report.json").string()).find("\"verdict\""), std::string::npos);
  // Standard output named as a file, also when it is a pipe (the link names no file).
  auto piped = runC2a(pair + "--output /dev/stdout | cat");
  EXPECT_EQ(piped.status, 0) << piped.err;  // cat's status
  EXPECT_NE(piped.out.find("\"verdict\""), std::string::npos) << piped.err;
  // /dev/null stays a device, whoever runs this (CI containers run as root).
  auto null = runC2a(pair + "--output /dev/null");
  EXPECT_EQ(null.status, 1) << null.err;
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
  auto directory = runC2a(pair + "--output " + dir.string());
  EXPECT_EQ(directory.status, 73);
}

// An output that names an input, or two outputs naming one file, would silently lose one of
// them: a usage error before anything is read or written.
TEST(Cli, OutputsThatNameAnInputOrEachOtherAreUsageErrors) {
  auto dir =
      std::filesystem::temp_directory_path() / ("c2a-cli-clash-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const char* side : {"before.json", "after.json"}) {
    std::filesystem::copy_file(std::string(C2A_SOURCE_DIR) + "/" + kChain + side, dir / side);
  }
  std::ofstream(dir / "rules.c2a")
      << "rule \"x\" {\n  let change = change\n  effect risk = low\n}\n";
  const std::string before = (dir / "before.json").string();
  const std::string pair = "diff " + before + " " + (dir / "after.json").string() + " ";
  const std::string original = slurp(before);
  for (const std::string& options :
       {"-o " + before, "--report json=" + (dir / "after.json").string(),
        "--rules " + (dir / "rules.c2a").string() + " --write-baseline " +
            (dir / "rules.c2a").string(),
        "-o " + (dir / "r.json").string() + " --report sarif=" + (dir / "." / "r.json").string()}) {
    auto clash = runC2a(pair + options);
    EXPECT_EQ(clash.status, 64) << options << clash.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "r.json")) << options;
  }
  EXPECT_EQ(slurp(before), original);
  EXPECT_NE(runC2a(pair + "-o " + before).err.find("is the input"), std::string::npos);
  EXPECT_EQ(runC2a("model " + before + " -o " + before).status, 64);
  EXPECT_EQ(runC2a("plan " + before + " " + before + " -o " + before).status, 64);
  // Devices take any number of outputs.
  EXPECT_EQ(runC2a(pair + "-o /dev/null --report sarif=/dev/null").status,
            runC2a(pair + "-o /dev/null").status);
  std::filesystem::remove_all(dir);
}

TEST(Cli, ModelDumpAsDot) {
  auto result = runC2a("model " + kChain + "before.json --format dot");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.out.rfind("digraph c2a {", 0), 0u);
  EXPECT_NE(result.out.find("\"Resource:Queue\" -> \"Resource:Bucket\""), std::string::npos)
      << result.out;
  // A label's two lines (name, type) are DOT's line break, never an escape Graphviz prints.
  EXPECT_NE(result.out.find("[label=\"Bucket\\nAWS::S3::Bucket\", shape=box]"), std::string::npos)
      << result.out;
  EXPECT_EQ(result.out.find("x0a"), std::string::npos) << result.out;
}

// `c2a model` prints logical ids and values from the template: no control, C1 control or
// bidirectional override reaches the terminal raw, in JSON or DOT.
TEST(Cli, ModelOutputEscapesControlsAndBidiOverrides) {
  auto dir = std::filesystem::temp_directory_path() /
             ("c2a-cli-model-escape-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "t.json")
      << R"({"Resources":{"A\u202eB\u0085\u001b[31m":{"Type":"AWS::SNS::Topic","Properties":{"DisplayName":"\u2067x\u009b"}},)"
      << R"("Q":{"Type":"AWS::SQS::Queue","Properties":{"Tags":[{"Key":"k","Value":{"Ref":"A\u202eB\u0085\u001b[31m"}}]}}}})";
  for (const char* format : {"json", "dot"}) {
    auto result = runC2a("model '" + (dir / "t.json").string() + "' --format " + format);
    EXPECT_EQ(result.status, 0) << result.err;
    for (std::string_view raw : {"\xe2\x80\xae", "\xc2\x85", "\x1b", "\xe2\x81\xa7", "\xc2\x9b"}) {
      EXPECT_EQ(result.out.find(raw), std::string::npos) << format << ": " << result.out;
    }
    EXPECT_NE(result.out.find("202e"), std::string::npos) << format << ": " << result.out;
  }
  std::filesystem::remove_all(dir);
}

TEST(Cli, TerminalReportEscapesControlCharacters) {
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-escape";
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "a.json")
        << R"({"Resources":{"T":{"Type":"AWS::SNS::Topic","Properties":{"DisplayName":"a"}}}})";
    std::ofstream(dir / "b.json")
        << R"({"Resources":{"T":{"Type":"AWS::SNS::Topic","Properties":{"DisplayName":"\u001b[31mred"}}}})";
  }
  auto result =
      runC2a("diff '" + (dir / "a.json").string() + "' '" + (dir / "b.json").string() + "'");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.out.find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

std::filesystem::path scratch(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("c2a-cli-" + name);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(Cli, TypeChangeShowsBothHalvesInTheTextReport) {
  auto result = runC2a(
      "diff tests/cases/diff/type-change/before.yaml tests/cases/diff/type-change/after.yaml");
  EXPECT_EQ(result.status, 1);
  EXPECT_NE(result.out.find("[-] AWS::SNS::Topic Thing  REMOVED"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("[+] AWS::SQS::Queue Thing  added"), std::string::npos) << result.out;
}

TEST(Cli, StdoutThatCannotBeWrittenExits73) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  // Run directly: runC2a would redirect stdout to its own capture file.
  std::string command = std::string("cd '") + C2A_SOURCE_DIR + "' && '" + C2A_BINARY + "' diff " +
                        kChain + "before.json " + kChain +
                        "after.json --format json >/dev/full 2>/dev/null";
  int raw = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 73);
}

TEST(Cli, TemplateTextIsEscapedEverywhereItIsPrinted) {
  auto dir = scratch("escape2");
  std::ofstream(dir / "a.json") << R"({"Resources":{"T":{"Type":"AWS::SNS::Topic"}}})";
  // A resource type, a logical id and a dangling reference carrying terminal escapes.
  std::ofstream(dir / "b.json")
      << R"({"Resources":{"T":{"Type":"AWS::SNS::Topic"},"X\u001b[2J":{"Type":"X\u001b[31mEVIL",)"
      << R"("Properties":{"P":{"Ref":"Gone\u009b31m"}}}}})";
  auto result =
      runC2a("diff '" + (dir / "a.json").string() + "' '" + (dir / "b.json").string() + "'");
  // The dangling reference is a foreseen failure too, its message carrying the same text.
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.out.find("dangling-reference"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find('\x1b'), std::string::npos) << result.out;
  EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("\xc2\x9b"), std::string::npos) << result.err;
  EXPECT_NE(result.out.find("\\x1b[31mEVIL"), std::string::npos) << result.out;
}

TEST(Cli, InvalidUtf8InYamlIsNeverAnInternalError) {
  auto dir = scratch("latin1");
  std::ofstream(dir / "a.yaml")
      << "Resources:\n  Q:\n    Type: AWS::SQS::Queue\n    Properties: { QueueName: cafe }\n";
  std::ofstream(dir / "b.yaml")
      << "Resources:\n  Q:\n    Type: AWS::SQS::Queue\n    Properties: { QueueName: caf\xe9 }\n";
  for (const char* format : {"text", "json"}) {
    auto result = runC2a("diff '" + (dir / "a.yaml").string() + "' '" + (dir / "b.yaml").string() +
                         "' --format " + format);
    EXPECT_NE(result.status, 70) << result.err;
  }
  EXPECT_NE(runC2a("model '" + (dir / "b.yaml").string() + "'").status, 70);
}

TEST(Cli, MalformedRuleTestFilesAreBadInput) {
  auto dir = scratch("ruletests");
  std::ofstream(dir / "r.c2a") << "rule \"x\" {\n  let change = change\n  effect risk = low\n}\n";
  std::ofstream(dir / "t.tests.yaml") << "rules: r.c2a\ncases:\n  - name: 5\n    before: "
                                         "{Resources: {}}\n    after: {Resources: {}}\n"
                                         "    expect: {verdict: approved}\n";
  auto result = runC2a("rules test '" + (dir / "t.tests.yaml").string() + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("t.tests.yaml:3:"), std::string::npos) << result.err;
}

TEST(Cli, NegativeLimitsAreUsageErrors) {
  EXPECT_EQ(runC2a("model " + kChain + "before.json --max-input-bytes -1").status, 64);
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

TEST(Cli, RulesDecideTheVerdictAndTheReportSaysWhy) {
  auto result = runC2a("diff " + kExample + "before.yaml " + kExample + "after.yaml --rules " +
                       kExample + "rules.c2a --no-presets");
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.out.find("[-/+] AWS::S3::Bucket ArchiveBucket  WILL BE REPLACED"),
            std::string::npos)
      << result.out;
  // The deciding rule by its description and its stable id (docs/rules.md, "Rule ids").
  EXPECT_NE(result.out.find("[REJECTED, high risk: Data stores must not be replaced, renamed or "
                            "deleted [data-stores-must-not-be-replaced-renamed-or-deleted]]"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("~ prod.Memory"), std::string::npos);
  EXPECT_NE(result.out.find("old: 1024\n"), std::string::npos);
  EXPECT_NE(result.out.find("new: 2048\n"), std::string::npos);
  EXPECT_NE(result.out.find("[review: no rule decides it]"), std::string::npos);
  EXPECT_NE(result.out.find("Verdict: REJECTED"), std::string::npos);
  auto tests = runC2a("rules test " + kExample + "rules.tests.yaml");
  EXPECT_EQ(tests.status, 0) << tests.out;
  EXPECT_NE(tests.out.find("6 cases, 6 passed, 0 failed"), std::string::npos) << tests.out;
}

TEST(Cli, PresetsAreOnByDefaultAndNamedExactly) {
  const std::string pair = "diff " + kChain + "before.json " + kChain + "after.json ";
  auto defaults = runC2a(pair);
  EXPECT_EQ(defaults.status, 2) << defaults.out;  // the bucket's replacement loses its data
  EXPECT_NE(defaults.out.find("data-loss:"), std::string::npos) << defaults.out;
  EXPECT_EQ(runC2a(pair + "--no-presets").status, 1);
  EXPECT_EQ(runC2a(pair + "--preset data-loss").status, 2);
  auto typo = runC2a(pair + "--preset data-los");
  EXPECT_EQ(typo.status, 64);
  EXPECT_NE(typo.err.find("did you mean `data-loss`?"), std::string::npos) << typo.err;
  EXPECT_EQ(runC2a(pair + "--preset data-loss --no-presets").status, 64);
  auto json = runC2a(pair + "--format json");
  EXPECT_NE(json.out.find("\"presets\": [\n      \"iam-broadening\",\n      \"network-exposure\",\n"
                          "      \"data-loss\",\n      \"protections\",\n      \"cdk-refactor\",\n"
                          "      \"routine\",\n      \"narrowing\"\n    ]"),
            std::string::npos)
      << json.out;
  // C2A's preset name selects the IAM and network packs, which do not care about a replacement.
  auto alias = runC2a(pair + "--preset broadening-permissions --format json");
  EXPECT_EQ(alias.status, 1) << alias.out;
  EXPECT_NE(
      alias.out.find("\"presets\": [\n      \"iam-broadening\",\n      \"network-exposure\"\n"),
      std::string::npos)
      << alias.out;
  auto repeated = runC2a(pair + "--preset routine --preset data-loss --format json");
  EXPECT_EQ(repeated.status, 2);
  EXPECT_NE(repeated.out.find("\"presets\": [\n      \"data-loss\",\n      \"routine\"\n"),
            std::string::npos)
      << repeated.out;
}

TEST(Cli, EveryPresetIsListedAndItsSourcePassesRulesCheck) {
  auto list = runC2a("rules presets");
  EXPECT_EQ(list.status, 0);
  for (const char* name : {"iam-broadening", "network-exposure", "data-loss", "protections",
                           "cdk-refactor", "routine", "narrowing"}) {
    EXPECT_NE(("\n" + list.out).find(std::string("\n") + name + " "), std::string::npos)
        << name << list.out;
  }
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-presets";
  std::filesystem::create_directories(dir);
  std::istringstream lines(list.out);
  std::string line;
  std::size_t checked = 0;
  while (std::getline(lines, line)) {
    auto name = line.substr(0, line.find(' '));
    auto shown = runC2a("rules show-preset " + name);
    EXPECT_EQ(shown.status, 0) << name;
    auto file = dir / (name + ".c2a");
    std::ofstream(file) << shown.out;
    // --strict: a preset is held to what its authors would ask of users' rules, warnings too.
    auto check = runC2a("rules check --strict " + file.string());
    EXPECT_EQ(check.status, 0) << name << ": " << check.err;
    ++checked;
  }
  EXPECT_GT(checked, 0u);
  EXPECT_EQ(runC2a("rules show-preset nope").status, 64);
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

// A resource attribute CloudFormation only records (DeletionPolicy) changes nothing on its own on
// a resource that stays: it applies with the next update. A resource made anew in this change (a
// construct renamed, so a new logical id) is created with it: the note would be false there.
TEST(Cli, TheRecordedOnlyNoteIsForResourcesThatStay) {
  auto dir = std::filesystem::temp_directory_path() / ("c2a-cli-passive-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  auto queue = [](const std::string& id, const std::string& path, const std::string& policy) {
    return R"({"Resources": {")" + id + R"(": {"Type": "AWS::SQS::Queue",)" + policy +
           R"( "Properties": {"VisibilityTimeout": 30}, "Metadata": {"aws:cdk:path": ")" + path +
           R"("}}}})";
  };
  auto before = write("before.json", queue("JobsA1B2C3D4", "App/Jobs/Resource", ""));
  auto kept = write("kept.json",
                    queue("JobsA1B2C3D4", "App/Jobs/Resource", R"( "DeletionPolicy": "Retain",)"));
  auto renamed = write("renamed.json", queue("WorkQueueE5F6A7B8", "App/WorkQueue/Resource",
                                             R"( "DeletionPolicy": "Retain",)"));
  auto stays = runC2a("diff '" + before + "' '" + kept + "' --no-presets");
  EXPECT_NE(stays.out.find("no change on its own: applies with the next update"),
            std::string::npos)
      << stays.out;
  auto made = runC2a("diff '" + before + "' '" + renamed + "' --no-presets");
  EXPECT_NE(made.out.find("RENAMED from JobsA1B2C3D4"), std::string::npos) << made.out;
  EXPECT_EQ(made.out.find("no change on its own"), std::string::npos) << made.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace c2a
