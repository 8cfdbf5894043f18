// Every limit c2a puts on an input ends the same way: exit 65, a message naming the file that went
// over, the limit, and the option that raises it where there is one. The inputs that reach the
// fixed limits (include chains, nested assemblies, stack counts, Fn::ForEach expansion) are
// written here at run time: each is small, but a long chain of files. Nested stacks 17 deep:
// tests/platform-mapping/cdk/nested_stack_test.cpp.
// The option-backed limits on templates (--max-input-bytes, --max-depth, --max-nodes) are pinned by
// tests/cases/hostile and tests/cases/model (input-over-size-limit, deep-json, alias-bomb).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/cli/run_c2a.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;
using testing::runC2a;

class Limits : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("c2a-limits-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) const {
    auto file = dir_ / name;
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }
  std::string path(const std::string& name = "") const { return (dir_ / name).string(); }

  static std::string manifest(const std::string& artifacts) {
    return R"({"version": "36.0.0", "artifacts": {)" + artifacts + "}}";
  }
  static std::string stackArtifact(const std::string& name, const std::string& file) {
    return "\"" + name +
           R"(": {"type": "aws:cloudformation:stack", "properties": {"templateFile": ")" + file +
           "\"}}";
  }

  fs::path dir_;
};

constexpr const char* kTopic = R"({"Resources": {"T": {"Type": "AWS::SNS::Topic"}}})";

TEST_F(Limits, ARuleFileOverTheInputSizeLimitNamesTheOption) {
  auto before = write("before.json", kTopic);
  auto rules = write("big.c2a", "# " + std::string(3000, 'x') + "\n");
  auto result = runC2a("diff '" + before + "' '" + before + "' --rules '" + rules +
                       "' --max-input-bytes 1000");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("big.c2a: rule file is over the size limit of 1000 bytes "
                            "(--max-input-bytes)"),
            std::string::npos)
      << result.err;
}

TEST_F(Limits, MaxDepthIsBoundedSoThatRaisingItCannotOverflowTheStack) {
  auto refused = runC2a("model x.json --max-depth 1025");
  EXPECT_EQ(refused.status, 64);
  EXPECT_NE(refused.err.find("--max-depth: takes a whole number of at most 1024, not `1025`"),
            std::string::npos)
      << refused.err;
  // At the bound, every walk over the document (diff, evaluation, references, reports) ends.
  constexpr int kDepth = 1018;  // 1024 with the template's own levels
  std::string nested = std::string(kDepth, '[') + "\"x\"" + std::string(kDepth, ']');
  std::string functions;
  for (int i = 0; i < kDepth; ++i) functions += R"({"Fn::Base64": )";
  functions += "\"x\"" + std::string(kDepth, '}');
  auto before = write("before.json", kTopic);
  auto after = write("after.json", R"({"Conditions": {"C": {"Fn::Equals": [)" + functions +
                                       R"(, "x"]}}, "Resources": {"T": {"Type": "AWS::SNS::Topic",
      "Metadata": )" + nested + R"(, "Properties": {"TopicName": )" +
                                       functions + R"(}}}, "Outputs": {"O": {"Value": )" + nested +
                                       "}}}");
  for (const char* format : {"text", "json", "markdown", "html", "sarif", "junit"}) {
    auto result = runC2a("diff '" + before + "' '" + after + "' --max-depth 1024 --format " +
                         format + " -o '" + path("report") + "'");
    EXPECT_EQ(result.status, 1) << format << ": " << result.err;
  }
}

TEST_F(Limits, IncludesNestAtMost32Deep) {
  for (int i = 0; i <= 33; ++i) {
    write("r" + std::to_string(i) + ".c2a", "include \"r" + std::to_string(i + 1) + ".c2a\"\n");
  }
  write("r34.c2a", "");
  auto result = runC2a("rules check '" + path("r0.c2a") + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  // Located at the include that goes one level too deep.
  EXPECT_NE(result.err.find("r32.c2a:1:9: includes nested deeper than 32"), std::string::npos)
      << result.err;
}

TEST_F(Limits, AnAssemblyHoldsAtMost2000Stacks) {
  write("cdk.out/t.json", kTopic);
  std::string artifacts;
  for (int i = 0; i <= 2000; ++i) {
    artifacts += (i != 0 ? "," : "") + stackArtifact("S" + std::to_string(i), "t.json");
  }
  write("cdk.out/manifest.json", manifest(artifacts));
  auto result = runC2a("model '" + path("cdk.out") + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("the input has more than 2000 stacks, nested stacks included"),
            std::string::npos)
      << result.err;
}

TEST_F(Limits, ATemplateFileHoldsAtMost2000StacksWithItsNestedOnes) {
  // One small template deploys 2,001 nested stacks of one child template (a local TemplateURL).
  write("child.json", kTopic);
  std::string resources;
  for (int i = 0; i <= 2000; ++i) {
    resources += (i != 0 ? "," : "") + std::string("\"N") + std::to_string(i) +
                 R"(": {"Type": "AWS::CloudFormation::Stack", "Properties": {"TemplateURL": "child.json"}})";
  }
  auto root = write("root.json", R"({"Resources": {)" + resources + "}}");
  auto result = runC2a("model '" + root + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("the input has more than 2000 stacks, nested stacks included"),
            std::string::npos)
      << result.err;
}

TEST_F(Limits, TheStacksOfAnInputHoldAtMostTwiceTheSizeLimitOnceMapped) {
  // 60 nested stacks of one 40 KB template: 2.4 MB mapped, from files under the 1 MiB limit each.
  std::string topics;
  for (int i = 0; i < 400; ++i) {
    topics += (i != 0 ? "," : "") + std::string("\"T") + std::to_string(i) +
              R"(": {"Type": "AWS::SNS::Topic", "Properties": {"DisplayName": ")" +
              std::string(80, 'x') + "\"}}";
  }
  write("child.json", R"({"Resources": {)" + topics + "}}");
  std::string resources;
  for (int i = 0; i < 60; ++i) {
    resources += (i != 0 ? "," : "") + std::string("\"N") + std::to_string(i) +
                 R"(": {"Type": "AWS::CloudFormation::Stack", "Properties": {"TemplateURL": "child.json"}})";
  }
  auto root = write("root.json", R"({"Resources": {)" + resources + "}}");
  auto limited = runC2a("model '" + root + "' --max-input-bytes 1048576");
  EXPECT_EQ(limited.status, 65) << limited.err;
  EXPECT_NE(limited.err.find("root.json:1:"), std::string::npos) << limited.err;
  EXPECT_NE(limited.err.find("the stacks of the input hold more than 2 MiB of text once mapped"),
            std::string::npos)
      << limited.err;
  // At the default limit the same input is read.
  EXPECT_EQ(runC2a("model '" + root + "'").status, 0);
}

TEST_F(Limits, SamGlobalsAndAuthorizersCopyAtMost64MiBOfText) {
  // 20 KB of Globals.Function copied into 4,000 functions: 80 MB from a 450 KB template.
  std::string variables;
  for (int i = 0; i < 100; ++i) {
    variables += (i != 0 ? "," : "") + std::string("\"V") + std::to_string(i) + "\": \"" +
                 std::string(200, 'x') + "\"";
  }
  std::string functions;
  for (int i = 0; i < 4000; ++i) {
    functions += (i != 0 ? "," : "") + std::string("\"F") + std::to_string(i) +
                 R"(": {"Type": "AWS::Serverless::Function", "Properties": {"CodeUri": "s3://a/b.zip", "Handler": "a.h"}})";
  }
  auto file = write("sam.json", R"({"Transform": "AWS::Serverless-2016-10-31",
    "Globals": {"Function": {"Runtime": "python3.12", "Environment": {"Variables": {)" +
                                    variables + R"(}}}},
    "Resources": {)" + functions + "}}");
  auto result = runC2a("model '" + file + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("sam.json:2:"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("SAM Globals and authorizers copy more than 64 MiB of text into the "
                            "resources and routes they apply to (Globals.Function is "),
            std::string::npos)
      << result.err;

  // An authorizer's scopes are copied into each route it guards: 20,000 scopes over 400 routes.
  std::string scopes;
  for (int i = 0; i < 20000; ++i) scopes += (i != 0 ? ",\"s" : "\"s") + std::to_string(i) + "\"";
  std::string events;
  for (int i = 0; i < 400; ++i) {
    events += (i != 0 ? "," : "") + std::string("\"E") + std::to_string(i) +
              R"(": {"Type": "HttpApi", "Properties": {"Path": "/r)" + std::to_string(i) +
              R"(", "Method": "get"}})";
  }
  auto routes = write("routes.json", R"({"Transform": "AWS::Serverless-2016-10-31",
    "Globals": {"HttpApi": {"Auth": {"DefaultAuthorizer": "A", "Authorizers": {"A": {
      "JwtConfiguration": {"issuer": "https://id.example.com"}, "AuthorizationScopes": [)" +
                                             scopes + R"(]}}}}},
    "Resources": {"F": {"Type": "AWS::Serverless::Function", "Properties": {"CodeUri": "s3://a/b.zip",
      "Handler": "a.h", "Events": {)" + events + "}}}}}");
  auto copied = runC2a("model '" + routes + "'");
  EXPECT_EQ(copied.status, 65) << copied.err;
  EXPECT_NE(copied.err.find("(the security of each route)"), std::string::npos) << copied.err;
}

TEST_F(Limits, CloudAssembliesNestAtMost16Deep) {
  std::string nested = "cdk.out";
  for (int i = 0; i <= 17; ++i) {
    write(nested + "/manifest.json", manifest(R"("Stage": {"type": "cdk:cloud-assembly",
                      "properties": {"directoryName": "stage"}})"));
    nested += "/stage";
  }
  write(nested + "/manifest.json", manifest(stackArtifact("App", "t.json")));
  write(nested + "/t.json", kTopic);
  auto result = runC2a("model '" + path("cdk.out") + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("cloud assemblies are nested more than 16 levels deep"),
            std::string::npos)
      << result.err;
}

TEST_F(Limits, ForEachLoopsExpandToAtMost100000Entries) {
  // 400 x 400 queues from a few kilobytes: the expansion is bounded, not the file.
  std::string items;
  for (int i = 0; i < 400; ++i) items += (i != 0 ? ",\"" : "\"") + std::to_string(i) + "\"";
  auto file = write("foreach.json", R"({"Transform": ["AWS::LanguageExtensions"],
    "Resources": {"Fn::ForEach::Outer": ["A", [)" +
                                        items + R"(],
      {"Fn::ForEach::Inner": ["B", [)" + items +
                                        R"(],
        {"Q${A}x${B}": {"Type": "AWS::SQS::Queue"}}]}]}})");
  auto result = runC2a("model '" + file + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("Fn::ForEach loops make more than 100000 entries"), std::string::npos)
      << result.err;
}

TEST_F(Limits, ForEachLoopsMakeAtMost64MiBOfText) {
  // Two 2 KB items substituted 500 times into each of 80 entries: 80 MB from 7 KB of template.
  std::string outer;
  for (int i = 0; i < 40; ++i) outer += (i != 0 ? ",\"" : "\"") + std::to_string(i) + "\"";
  std::string inner = "\"" + std::string(2048, 'a') + "\", \"" + std::string(2048, 'b') + "\"";
  std::string text;
  for (int i = 0; i < 500; ++i) text += "${Y}";
  auto file = write("foreach.json", R"({"Transform": "AWS::LanguageExtensions",
    "Resources": {"Fn::ForEach::Outer": ["X", [)" +
                                        outer + R"(],
      {"Fn::ForEach::Inner": ["Y", [)" + inner +
                                        R"(],
        {"T${X}&{Y}": {"Type": "AWS::SNS::Topic", "Properties": {"DisplayName": ")" +
                                        text + R"("}}}]}]}})");
  auto result = runC2a("model '" + file + "'");
  EXPECT_EQ(result.status, 65) << result.err;
  EXPECT_NE(result.err.find("Fn::ForEach loops make more than 64 MiB of text"), std::string::npos)
      << result.err;

  // {"Ref": "Y"}, the item itself, counts as ${Y} does.
  std::string refs;
  for (int i = 0; i < 500; ++i) refs += (i != 0 ? ", " : "") + std::string(R"({"Ref": "Y"})");
  auto byRef = write("foreach-ref.json", R"({"Transform": "AWS::LanguageExtensions",
    "Resources": {"Fn::ForEach::Outer": ["X", [)" +
                                             outer + R"(],
      {"Fn::ForEach::Inner": ["Y", [)" + inner +
                                             R"(],
        {"T${X}&{Y}": {"Type": "AWS::SNS::Topic", "Properties": {"Tags": [)" +
                                             refs + R"(]}}}]}]}})");
  auto viaRef = runC2a("model '" + byRef + "'");
  EXPECT_EQ(viaRef.status, 65) << viaRef.err;
  EXPECT_NE(viaRef.err.find("Fn::ForEach loops make more than 64 MiB of text"), std::string::npos)
      << viaRef.err;
}

}  // namespace
}  // namespace c2a
