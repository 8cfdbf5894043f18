// What a diff compares: stacks of a cloud assembly chosen with --stack, a lone template paired
// with the stack it stands for, a template read from standard input.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "model/json.h"
#include "tests/cli/run_c2a.h"

namespace c2a {
namespace {

using testing::runC2a;

// Two stacks: Producer's bucket is replaced, Consumer imports its exports.
const std::string kAssembly = "tests/cases/diff/cross-stack-export/";
const std::string kProducer = kAssembly + "before/Producer.template.json";

TEST(Inputs, ALoneTemplateAgainstAnAssemblyOfSeveralStacksMustNameOne) {
  auto ambiguous = runC2a("diff " + kProducer + " " + kAssembly + "after --no-presets");
  EXPECT_EQ(ambiguous.status, 64);
  EXPECT_NE(ambiguous.err.find("the cloud assembly has the stacks Consumer, Producer"),
            std::string::npos)
      << ambiguous.err;
  EXPECT_NE(ambiguous.err.find("--stack NAME"), std::string::npos);
}

TEST(Inputs, ALoneTemplatePairsWithTheStackItNames) {
  // Not "every resource removed and re-added": the deployed Producer against the new Producer.
  auto paired = runC2a("diff " + kProducer + " " + kAssembly +
                       "after --stack Producer --no-presets --format json");
  EXPECT_EQ(paired.status, 1) << paired.err;
  EXPECT_EQ(paired.out.find(":REMOVE\""), std::string::npos) << paired.out;
  EXPECT_EQ(paired.out.find(":INSERT\""), std::string::npos) << paired.out;
  EXPECT_NE(paired.out.find("\"id\": \"Producer/Resource:Bucket83908E77:REPLACE\""),
            std::string::npos);
  auto glob = runC2a("diff " + kProducer + " " + kAssembly +
                     "after --stack 'Prod*' --no-presets --format json");
  EXPECT_EQ(glob.out, paired.out);
}

TEST(Inputs, StackChoosesAmongTheStacksOfTwoAssemblies) {
  auto producer = runC2a("diff " + kAssembly + "before " + kAssembly +
                         "after --stack Producer --no-presets --format json");
  EXPECT_EQ(producer.status, 2);  // the bucket its export names is replaced: foreseen to fail
  EXPECT_EQ(producer.out.find("\"stack\": \"Consumer\""), std::string::npos) << producer.out;
  EXPECT_NE(producer.out.find("\"stack\": \"Producer\""), std::string::npos);
  auto none = runC2a("diff " + kAssembly + "before " + kAssembly + "after --stack Nope");
  EXPECT_EQ(none.status, 64);
  EXPECT_NE(none.err.find("--stack Nope matches no stack (the stacks: Consumer, Producer)"),
            std::string::npos)
      << none.err;
  auto templates = runC2a("diff " + kProducer + " " + kProducer + " --stack Producer");
  EXPECT_EQ(templates.status, 64);
}

// `cdk deploy Consumer` deploys Producer first (Consumer's manifest `dependencies`): choosing
// Consumer compares Producer too and says so; a lone template of Consumer cannot, so Producer is
// a part not analysed and the verdict is held.
TEST(Inputs, AChosenStackBringsTheStacksItDependsOn) {
  auto consumer = runC2a("diff " + kAssembly + "before " + kAssembly +
                         "after --stack Consumer --no-presets --format json");
  EXPECT_EQ(consumer.status, 2);  // Producer's replaced bucket breaks the export: foreseen
  EXPECT_NE(consumer.out.find("\"stack\": \"Producer\""), std::string::npos) << consumer.out;
  EXPECT_NE(consumer.out.find("\"stack\": \"Consumer\""), std::string::npos);
  EXPECT_NE(consumer.err.find("--stack: also compares Producer, which the chosen stacks depend "
                              "on: `cdk deploy` of them deploys it first"),
            std::string::npos)
      << consumer.err;
  auto lone = runC2a("diff " + kAssembly + "before/Consumer.template.json " + kAssembly +
                     "after --stack Consumer --no-presets --format json");
  EXPECT_EQ(lone.status, 1) << lone.err;
  EXPECT_NE(lone.err.find("stack Producer is not compared: Consumer depends on it"),
            std::string::npos)
      << lone.err;
  auto report = Json::parse(lone.out);
  bool held = false;
  for (const auto& warning : report.at("warnings")) {
    held |= warning.at("notAnalysed").get<bool>() &&
            warning.at("message").get<std::string>().find("stack Producer") != std::string::npos;
  }
  EXPECT_TRUE(held) << lone.out.substr(0, 2000);
}

TEST(Inputs, ATemplateAgainstAnAssemblyWithNestedStacksPairsWithTheRoot) {
  const std::string nested = "tests/fixtures/assemblies/nested";
  auto result = runC2a("diff " + nested + "/Parent.template.json " + nested + " --no-presets");
  EXPECT_NE(result.out.find("No changes."), std::string::npos) << result.out;
  // The nested stack is not compared, but its stack resource names its content (an asset hash)
  // alike on both sides and is unchanged: it deploys the template it deployed, as between two
  // assemblies, so nothing is unseen (the documented CI shape: docs/ci.md).
  EXPECT_EQ(result.err.find("nested stack Parent/StorageNestedStack"), std::string::npos)
      << result.err;
  EXPECT_EQ(result.status, 0) << result.out;
  auto json =
      runC2a("diff " + nested + "/Parent.template.json " + nested + " --no-presets --format json");
  EXPECT_EQ(json.out.find("\"notAnalysed\": true"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"verdict\": \"approved\""), std::string::npos);
}

TEST(Inputs, AMacroC2aDoesNotRunHoldsTheVerdictAtReviewButSamIsRun) {
  // SAM is expanded: a memory bump is routine, a managed policy added to the role is not.
  const std::string sam = "tests/cases/diff/sam-function-memory/";
  auto same = runC2a("diff " + sam + "before.yaml " + sam + "before.yaml");
  EXPECT_EQ(same.status, 0) << same.out << same.err;
  auto policy = runC2a("diff " + sam + "before.yaml " + sam + "after.yaml");
  EXPECT_EQ(policy.status, 1) << policy.out;
  EXPECT_NE(policy.out.find("HandlerRole"), std::string::npos) << policy.out;
  // Another macro's output is unseen, even where nothing changed.
  auto dir =
      std::filesystem::temp_directory_path() / ("c2a-cli-macro-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "t.yaml")
      << "Transform: MyMacro\nResources:\n  Queue: { Type: AWS::SQS::Queue }\n";
  auto macro =
      runC2a("diff '" + (dir / "t.yaml").string() + "' '" + (dir / "t.yaml").string() + "'");
  std::filesystem::remove_all(dir);
  EXPECT_EQ(macro.status, 1) << macro.out;
  EXPECT_NE(macro.err.find("the transform MyMacro, which c2a does not run"), std::string::npos)
      << macro.err;
}

TEST(Inputs, OneSideFromStandardInput) {
  auto piped = runC2a("diff - " + kAssembly +
                      "after --stack Producer --no-presets --format json < " + kProducer);
  auto file = runC2a("diff " + kProducer + " " + kAssembly +
                     "after --stack Producer --no-presets --format json");
  EXPECT_EQ(piped.status, 1) << piped.err;
  // The same changes (the fingerprint), located in `<stdin>`.
  auto fingerprint = [](const std::string& out) {
    return out.substr(out.find("\"fingerprint\""), 90);
  };
  EXPECT_EQ(fingerprint(piped.out), fingerprint(file.out));
  EXPECT_NE(piped.out.find("\"file\": \"<stdin>\""), std::string::npos);
  auto both = runC2a("diff - - < " + kProducer);
  EXPECT_EQ(both.status, 64);
  auto bad = runC2a("diff - " + kProducer + " < tests/cases/model/bad-json/input.json");
  EXPECT_EQ(bad.status, 65);
  EXPECT_EQ(bad.err.rfind("c2a: <stdin>:4:5: ", 0), 0u) << bad.err;
}

// An input that is the process's own standard output is refused, not waited on: with the output
// a pipe (a CI step reading the report), reading `/dev/stdout` would wait on c2a's own writing.
TEST(Inputs, TheProcesssOwnStandardOutputIsNoInput) {
  for (const char* own : {"/dev/stdout", "/proc/self/fd/1"}) {
    auto piped = runC2a(std::string("diff ") + own + " " + kProducer + " 2>&1 | cat");
    EXPECT_NE(piped.out.find(std::string("c2a: ") + own +
                             ": is this process's own standard output"),
              std::string::npos)
        << piped.out;
  }
  // /dev/null stays an input (an empty one).
  auto empty = runC2a("diff /dev/null " + kProducer);
  EXPECT_EQ(empty.status, 65) << empty.err;
}

// ---- nested stacks of template files ----------------------------------------------------------

class NestedTemplates : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() / ("c2a-cli-nested-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "before");
    std::filesystem::create_directories(dir_ / "after");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  std::string path(const std::string& name) const { return "'" + (dir_ / name).string() + "'"; }
  static std::string parent(const std::string& url) {
    return "Resources:\n  Network:\n    Type: AWS::CloudFormation::Stack\n    Properties:\n"
           "      TemplateURL: " +
           url + "\n";
  }
  static std::string queue(int timeout) {
    return "Resources:\n  Jobs:\n    Type: AWS::SQS::Queue\n    Properties: { VisibilityTimeout: " +
           std::to_string(timeout) + " }\n";
  }
  std::filesystem::path dir_;
};

TEST_F(NestedTemplates, AnS3UrlIsReadFromTheFileNestedTemplateNames) {
  const std::string url = "https://bucket.s3.amazonaws.com/network.yaml";
  write("before/template.yaml", parent(url));
  write("after/template.yaml", parent(url));
  write("before/network.yaml", queue(30));
  write("after/network.yaml", queue(60));
  std::string diff = "diff " + path("before/template.yaml") + " " + path("after/template.yaml");
  // Without it the nested template is unseen, whatever it holds.
  auto unseen = runC2a(diff);
  EXPECT_EQ(unseen.status, 1);
  EXPECT_NE(unseen.err.find("--nested-template Network=FILE"), std::string::npos) << unseen.err;
  // By logical id or by the URL as written.
  auto before = runC2a("model " + path("before/template.yaml") +
                       " --nested-template Network=" + path("before/network.yaml"));
  EXPECT_EQ(before.status, 0) << before.err;
  EXPECT_NE(before.out.find("Network/Resource:Jobs"), std::string::npos) << before.out;
  auto byUrl = runC2a("model " + path("before/template.yaml") + " --nested-template '" + url +
                      "='" + path("before/network.yaml"));
  EXPECT_EQ(byUrl.out, before.out);
  EXPECT_EQ(runC2a(diff + " --nested-template Network").status, 64);
  // A diff gives each side its own file: the queue's longer timeout is then routine.
  auto sides = runC2a(diff + " --before-nested-template Network=" + path("before/network.yaml") +
                      " --after-nested-template Network=" + path("after/network.yaml"));
  EXPECT_EQ(sides.status, 0) << sides.out << sides.err;
  EXPECT_NE(sides.out.find("Network"), std::string::npos) << sides.out;
  EXPECT_NE(sides.out.find("VisibilityTimeout"), std::string::npos) << sides.out;
  EXPECT_EQ(runC2a("model " + path("before/template.yaml") +
                   " --before-nested-template Network=" + path("before/network.yaml"))
                .status,
            64);
}

// The deployed side as examples/ci/fetch-deployed.sh writes it (the root template and each
// nested template, named by --before-nested-template) against a cdk.out: the nested stacks pair
// with the assembly's (`App/Service/...`), as two assemblies would.
TEST(NestedTemplatesOfADeployedStack, PairWithTheCloudAssemblysNestedStacks) {
  const std::string dir = "tests/cases/diff/nested-found-by-asset-manifest/";
  const std::string service = "ServiceNestedStackResource1A2B3C4D";
  const std::string storage = service + "/StorageNestedStackResource5E6F7A8B";
  std::string diff = "diff " + dir + "before/App.template.json " + dir +
                     "after --stack App --no-presets --format json";
  auto mapped =
      runC2a(diff + " --before-nested-template " + service + "=" + dir +
             "before/AppService1A2B3C4D.nested.template.json --before-nested-template " + storage +
             "=" + dir + "before/AppServiceStorage5E6F7A8B.nested.template.json");
  auto assemblies = runC2a("diff " + dir + "before " + dir + "after --no-presets --format json");
  ASSERT_EQ(mapped.status, 1) << mapped.err;
  auto changes = [](const std::string& out) {
    std::vector<std::string> ids;
    auto report = Json::parse(out);
    for (const auto& change : report["changes"]) ids.push_back(change["id"].get<std::string>());
    return ids;
  };
  EXPECT_EQ(changes(mapped.out), changes(assemblies.out));
  EXPECT_EQ(changes(mapped.out).size(), 1u) << mapped.out;  // the topic's DisplayName, nothing else
  EXPECT_EQ(mapped.err.find("is not compared"), std::string::npos) << mapped.err;
  // Without the nested templates, a nested stack whose stack resource names other content than
  // the deployed one is unseen and said to be (one naming the same content deploys what it
  // deployed: tests/cases/diff/nested-deployed-template-against-assembly).
  const std::string newHash = "tests/cases/diff/nested-deployed-template-against-assembly-new-hash/";
  auto unmapped = runC2a("diff " + newHash + "before.json " + newHash + "after --no-presets");
  EXPECT_EQ(unmapped.status, 1);
  EXPECT_NE(unmapped.err.find("nested stack Parent/StorageNestedStackStorageNestedStackResource8E5B1F2A"
                              " is not compared"),
            std::string::npos)
      << unmapped.err;
}

// A KEY that names no nested stack would be ignored and leave the stack meant unseen: a usage
// error with a did-you-mean, as --stack's.
TEST(NestedTemplatesOfADeployedStack, AKeyThatNamesNoNestedStackIsAUsageError) {
  const std::string dir = "tests/cases/diff/nested-found-by-asset-manifest/";
  const std::string diff = "diff " + dir + "before/App.template.json " + dir + "after --stack App";
  auto typo = runC2a(diff + " --before-nested-template ServiceNestedStackResource1A2B3C4X=" + dir +
                     "before/AppService1A2B3C4D.nested.template.json");
  EXPECT_EQ(typo.status, 64) << typo.err;
  EXPECT_NE(typo.err.find("no nested stack is named ServiceNestedStackResource1A2B3C4X"),
            std::string::npos)
      << typo.err;
  EXPECT_NE(typo.err.find("did you mean `ServiceNestedStackResource1A2B3C4D`?"), std::string::npos)
      << typo.err;
  auto model = runC2a("model tests/cases/diff/replacement-chain/before.json --nested-template "
                      "Network=tests/cases/diff/replacement-chain/before.json");
  EXPECT_EQ(model.status, 64) << model.err;
  EXPECT_NE(model.err.find("the input has no nested stack"), std::string::npos) << model.err;
}

TEST_F(NestedTemplates, ALocalTemplateUrlOutsideTheTemplatesDirectoryIsNotRead) {
  write("secret.yaml", queue(1));
  write("before/template.yaml", parent("../secret.yaml"));
  write("after/template.yaml", parent("../secret.yaml"));
  auto result = runC2a("diff " + path("before/template.yaml") + " " + path("after/template.yaml"));
  EXPECT_EQ(result.status, 1) << result.out;
  EXPECT_NE(result.err.find("outside the directory of the template c2a was given"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(result.out.find("Jobs"), std::string::npos) << result.out;
  write("after/template.yaml", parent("./missing.yaml"));
  auto missing = runC2a("diff " + path("before/template.yaml") + " " + path("after/template.yaml"));
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("missing.yaml: no such file"), std::string::npos) << missing.err;
}

// A TemplateURL that names its content (the CDK's asset hash) is the same template while it is
// unchanged; a plain URL may name another object tomorrow.
TEST_F(NestedTemplates, AnUnchangedContentAddressedNestedStackHidesNothing) {
  const std::string hashed =
      "https://s3.eu-west-1.amazonaws.com/cdk-hnb659fds-assets/"
      "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.json";
  auto withQueue = [&](const std::string& url, int timeout) {
    return parent(url) +
           "  Jobs:\n    Type: AWS::SQS::Queue\n    Properties: { VisibilityTimeout: " +
           std::to_string(timeout) + " }\n";
  };
  write("before/template.yaml", withQueue(hashed, 30));
  write("after/template.yaml", withQueue(hashed, 60));
  std::string diff = "diff " + path("before/template.yaml") + " " + path("after/template.yaml");
  auto same = runC2a(diff);
  EXPECT_EQ(same.status, 0) << same.out << same.err;
  EXPECT_EQ(same.err.find("nested stack Network"), std::string::npos) << same.err;

  std::string moved = hashed;
  moved.replace(moved.find("0123"), 4, "ffff");
  write("after/template.yaml", withQueue(moved, 60));
  auto changed = runC2a(diff);
  EXPECT_EQ(changed.status, 1) << changed.out;
  EXPECT_NE(changed.err.find("nested stack Network"), std::string::npos) << changed.err;

  write("before/template.yaml", withQueue("https://bucket.s3.amazonaws.com/network.json", 30));
  write("after/template.yaml", withQueue("https://bucket.s3.amazonaws.com/network.json", 60));
  auto plain = runC2a(diff);
  EXPECT_EQ(plain.status, 1) << plain.out;
  EXPECT_NE(plain.out.find("not analysed"), std::string::npos) << plain.out;
}

}  // namespace
}  // namespace c2a
