// What a diff compares: stacks of a cloud assembly chosen with --stack, a lone template paired
// with the stack it stands for, a template read from standard input.
#include <gtest/gtest.h>

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
  auto consumer = runC2a("diff " + kAssembly + "before " + kAssembly +
                         "after --stack Consumer --no-presets --format json");
  EXPECT_EQ(consumer.status, 1);
  EXPECT_EQ(consumer.out.find("\"stack\": \"Producer\""), std::string::npos) << consumer.out;
  EXPECT_NE(consumer.out.find("\"stack\": \"Consumer\""), std::string::npos);
  auto none = runC2a("diff " + kAssembly + "before " + kAssembly + "after --stack Nope");
  EXPECT_EQ(none.status, 64);
  EXPECT_NE(none.err.find("--stack Nope matches no stack (the stacks: Consumer, Producer)"),
            std::string::npos)
      << none.err;
  auto templates = runC2a("diff " + kProducer + " " + kProducer + " --stack Producer");
  EXPECT_EQ(templates.status, 64);
}

TEST(Inputs, ATemplateAgainstAnAssemblyWithNestedStacksPairsWithTheRoot) {
  const std::string nested = "tests/fixtures/assemblies/nested";
  auto result = runC2a("diff " + nested + "/Parent.template.json " + nested + " --no-presets");
  EXPECT_NE(result.err.find("nested stack Parent/StorageNestedStack"), std::string::npos)
      << result.err;
  EXPECT_NE(result.out.find("No changes."), std::string::npos) << result.out;
  // Nothing unseen is approved: the nested stack was not compared, so a human looks.
  EXPECT_EQ(result.status, 1);
  EXPECT_NE(result.out.find("Verdict: REVIEW (2 parts of the input not analysed)"),
            std::string::npos)
      << result.out;
  auto lenient = runC2a("diff " + nested + "/Parent.template.json " + nested +
                        " --no-presets --fail-on rejected");
  EXPECT_EQ(lenient.status, 0);
  auto json =
      runC2a("diff " + nested + "/Parent.template.json " + nested + " --no-presets --format json");
  EXPECT_NE(json.out.find("\"notAnalysed\": true"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"verdict\": \"review\""), std::string::npos);
}

TEST(Inputs, ATransformC2aDoesNotRunHoldsTheVerdictAtReview) {
  // SAM: every change is one the presets approve, but the transform's output is unseen.
  auto result = runC2a(
      "diff tests/cases/diff/sam-function-memory/before.yaml "
      "tests/cases/diff/sam-function-memory/before.yaml");
  EXPECT_EQ(result.status, 1) << result.out;
  EXPECT_NE(result.out.find("AWS::Serverless-2016-10-31"), std::string::npos) << result.out;
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

}  // namespace
}  // namespace c2a
