// `--change-set FILE|DIR` as a pipeline uses it: the change set's Replacement answers in the JSON
// report with their source, its disagreements holding an otherwise approved deployment for
// review, and located mistakes in the file (exit 65).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "model/json.h"
#include "tests/cli/run_c2a.h"

namespace c2a::testing {
namespace {

const std::string kCase = "tests/cases/diff/change-set-answers/";
const std::string kPair = kCase + "before.yaml " + kCase + "after.yaml ";

std::string writeFile(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / "c2a-cli-change-set";
  std::filesystem::create_directories(dir);
  auto file = dir / name;
  std::ofstream(file) << text;
  return file.string();
}

TEST(CliChangeSet, AnswersAndTheirSourceAreInTheJsonReport) {
  auto run = runC2a("diff " + kPair + "--no-presets --format json --change-set " + kCase +
                    "change-set.json");
  ASSERT_EQ(run.status, 1) << run.err;
  auto report = Json::parse(run.out);
  const auto& changeSet = report.at("changeSet");
  EXPECT_EQ(changeSet.at("stackName"), "orders");
  EXPECT_EQ(changeSet.at("disagreements"), 2);
  std::map<std::string, Json> byId;
  for (const auto& resource : changeSet.at("resources")) byId[resource.at("logicalId")] = resource;
  EXPECT_EQ(byId["Table"].at("replacement"), "True");
  EXPECT_EQ(byId["Table"].at("source"), "change-set");
  EXPECT_EQ(byId["Instance"].at("replacement"), "False");
  EXPECT_EQ(byId["Instance"].at("predicted").at("replacement"), "Conditional");
  EXPECT_TRUE(byId["Instance"].at("agrees").get<bool>());
  EXPECT_FALSE(byId["Queue"].at("agrees").get<bool>());
  EXPECT_EQ(byId["Queue"].at("location").at("line"), 41);
  EXPECT_EQ(byId["Topic"].at("source"), "prediction");
  // The change set is an input the report rests on.
  const auto& sources = report.at("tool").at("sources");
  EXPECT_EQ(sources.back().at("role"), "change-set");
  EXPECT_EQ(sources.back().at("sha256").get<std::string>().size(), 64u);
}

TEST(CliChangeSet, ItsTrueMakesAPossibleReplacementDefinite) {
  // c2a alone: the instance's InstanceType is Conditional, so its replacement is possible.
  auto change = writeFile("true.json", R"({"StackName": "orders", "Changes": [
    {"Type": "Resource", "ResourceChange": {"Action": "Modify", "LogicalResourceId": "Instance",
     "ResourceType": "AWS::EC2::Instance", "Replacement": "True"}}]})");
  auto alone = Json::parse(runC2a("diff " + kPair + "--no-presets --format json").out);
  auto confirmed = Json::parse(
      runC2a("diff " + kPair + "--no-presets --format json --change-set " + change).out);
  auto certainty = [](const Json& report) {
    for (const auto& c : report.at("changes")) {
      if (c.at("id") == "Resource:Instance:REPLACE") return c.at("certainty").get<std::string>();
    }
    return std::string("absent");
  };
  EXPECT_EQ(certainty(alone), "possible");
  EXPECT_EQ(certainty(confirmed), "definite");
  // An approval binds to what the change set made of the changes.
  EXPECT_NE(alone.at("fingerprint"), confirmed.at("fingerprint"));
}

TEST(CliChangeSet, ADisagreementHoldsAnApprovedDeploymentForReview) {
  // Identical templates and an approve-everything rule: approved, until the change set says the
  // queue is modified (a value only CloudFormation knows).
  auto rules = writeFile("all.c2a", R"(rule "Everything is fine" {
  let change = change
  effect risk = low, action = approve
})");
  const std::string same =
      kCase + "before.yaml " + kCase + "before.yaml --no-presets --rules " + rules + " ";
  EXPECT_EQ(runC2a("diff " + same).status, 0);
  auto held = runC2a("diff " + same + "--change-set " + kCase + "change-set.json");
  EXPECT_EQ(held.status, 1) << held.out;
  EXPECT_NE(held.out.find("Change set disagrees"), std::string::npos) << held.out;
}

TEST(CliChangeSet, MistakesAreLocated) {
  auto notChangeSet = runC2a("diff " + kPair + "--change-set " + kCase + "before.yaml");
  EXPECT_EQ(notChangeSet.status, 65);
  EXPECT_NE(notChangeSet.err.find("not a change set"), std::string::npos) << notChangeSet.err;

  auto badAction = writeFile("action.json", R"({"Changes": [
  {"Type": "Resource", "ResourceChange": {"Action": "Replace", "LogicalResourceId": "Queue"}}
]})");
  auto run = runC2a("diff " + kPair + "--change-set " + badAction);
  EXPECT_EQ(run.status, 65);
  EXPECT_EQ(run.err.rfind("c2a: " + badAction + ":2:", 0), 0u) << run.err;
  EXPECT_NE(run.err.find("Add, Modify, Remove, Import, Dynamic"), std::string::npos) << run.err;

  auto noId = writeFile(
      "noid.json", R"({"Changes": [{"Type": "Resource", "ResourceChange": {"Action": "Add"}}]})");
  EXPECT_EQ(runC2a("diff " + kPair + "--change-set " + noId).status, 65);

  auto otherStack = writeFile("other.json", R"({"StackName": "billing", "Changes": []})");
  // A lone template pairs with whatever stack the change set names.
  EXPECT_NE(runC2a("diff " + kPair + "--change-set " + otherStack).status, 65);

  EXPECT_EQ(runC2a("diff " + kPair + "--change-set /no/such/change-set.json").status, 66);

  auto twice = writeFile("twice.json", R"({"Changes": [
  {"Type": "Resource", "ResourceChange": {"Action": "Add", "LogicalResourceId": "Logs"}},
  {"Type": "Resource", "ResourceChange": {"Action": "Add", "LogicalResourceId": "Logs"}}
]})");
  auto listedTwice = runC2a("diff " + kPair + "--change-set " + twice);
  EXPECT_EQ(listedTwice.status, 65);
  EXPECT_EQ(listedTwice.err.rfind("c2a: " + twice + ":3:", 0), 0u) << listedTwice.err;
}

TEST(CliChangeSet, AnAssemblyStackIsFoundByItsDeployedName) {
  // Two stacks: Logs (deployed as logs-prod, its manifest says) and Agnostic.
  const std::string assembly = "tests/cases/diff/evaluation-assembly-environment/";
  const std::string pair = "diff " + assembly + "before " + assembly + "after --no-presets ";
  auto byName = writeFile("logs-prod.json", R"({"StackName": "logs-prod", "Changes": []})");
  auto found = runC2a(pair + "--format json --change-set " + byName);
  ASSERT_NE(found.status, 65) << found.err;
  EXPECT_EQ(Json::parse(found.out).at("changeSet").at("resources").size(), 0u);
  // Agnostic's change set, with only Logs selected: not a stack of this analysis.
  auto other = writeFile("agnostic.json", R"({"StackName": "Agnostic", "Changes": []})");
  auto refused = runC2a(pair + "--stack Logs --change-set " + other);
  EXPECT_EQ(refused.status, 65);
  EXPECT_NE(refused.err.find("selected with --stack"), std::string::npos) << refused.err;
  // No stack name and two stacks: which one is not known.
  auto nameless = writeFile("nameless.json", R"({"Changes": []})");
  EXPECT_EQ(runC2a(pair + "--change-set " + nameless).status, 65);
}

TEST(CliChangeSet, WhatCloudFormationDoesOfItsOwnAccordIsNoDisagreement) {
  // A nested stack CloudFormation updates with its parent (ChangeSource Automatic), and a
  // drift-aware SyncWithActual: c2a finds no change in either, and that agrees.
  const std::string nested = "tests/cases/diff/nested-output-propagation/";
  auto automatic = writeFile("automatic.json", R"({"StackName": "Parent", "Changes": [
  {"Type": "Resource", "ResourceChange": {"Action": "Modify",
   "LogicalResourceId": "StorageNestedStackStorageNestedStackResource8E5B1F2A",
   "ResourceType": "AWS::CloudFormation::Stack", "Replacement": "False",
   "Details": [{"Target": {"Attribute": "Properties", "Name": "TemplateURL",
                "RequiresRecreation": "Never"}, "ChangeSource": "Automatic"}]}},
  {"Type": "Resource", "ResourceChange": {"Action": "SyncWithActual",
   "LogicalResourceId": "Bucket83908E77", "ResourceType": "AWS::S3::Bucket"}}
]})");
  auto run = runC2a("diff " + nested + "before " + nested + "before --no-presets --format json " +
                    "--change-set " + automatic);
  ASSERT_EQ(run.status, 0) << run.err;  // no change, and nothing held for review
  auto report = Json::parse(run.out);
  EXPECT_EQ(report.at("changeSet").at("disagreements"), 0);
  EXPECT_FALSE(report.at("summary").contains("disagreements"));
}

// describe-change-set with and without --include-property-values: CloudFormation may leave a
// resource out of the description with values (a JSON-typed property it cannot show), so both are
// read and merged, and the resource it left out is still compared.
TEST(CliChangeSet, TwoDescriptionsOfOneChangeSetAreMerged) {
  const std::string dir = "tests/cases/diff/change-set-values/";
  auto run = runC2a("diff " + dir + "before.yaml " + dir +
                    "after.yaml --no-presets --format json " + "--change-set " + dir +
                    "change-set.json --change-set " + dir + "change-set-values.json");
  ASSERT_EQ(run.status, 1) << run.err;
  auto report = Json::parse(run.out);
  const auto& changeSet = report["changeSet"];
  ASSERT_EQ(changeSet["changeSets"].size(), 1u);
  EXPECT_EQ(changeSet["changeSets"][0]["files"].size(), 2u);
  EXPECT_EQ(changeSet["changeSets"][0]["propertyValues"], true);
  bool document = false;
  for (const auto& resource : changeSet["resources"]) {
    if (resource["logicalId"] == "Document") {
      document = true;
      EXPECT_EQ(resource["changeSet"]["action"], "Modify");  // only in the description without
    }
    if (resource["logicalId"] == "Queue") {
      ASSERT_EQ(resource["values"].size(), 1u);
      EXPECT_EQ(resource["values"][0]["after"], "60");
      EXPECT_EQ(resource["values"][0]["predictedAfter"], 45);
      EXPECT_EQ(resource["values"][0]["agrees"], false);
    }
  }
  EXPECT_TRUE(document);
  // Two sources, one per file: an approval binds both.
  std::size_t sources = 0;
  for (const auto& source : report["tool"]["sources"]) sources += source["role"] == "change-set";
  EXPECT_EQ(sources, 2u);
}

TEST(CliChangeSet, DescriptionsThatContradictEachOtherAreRefused) {
  auto first =
      writeFile("first.json", R"({"ChangeSetId": "arn:aws:cloudformation:eu-west-1:1:changeSet/a/1",
 "Changes": [{"Type": "Resource", "ResourceChange":
   {"Action": "Modify", "LogicalResourceId": "Table", "Replacement": "True"}}]})");
  auto second = writeFile("second.json",
                          R"({"ChangeSetId": "arn:aws:cloudformation:eu-west-1:1:changeSet/a/1",
 "Changes": [{"Type": "Resource", "ResourceChange":
   {"Action": "Modify", "LogicalResourceId": "Table", "Replacement": "False"}}]})");
  auto run = runC2a("diff " + kPair + "--change-set " + first + " --change-set " + second);
  EXPECT_EQ(run.status, 65);
  EXPECT_EQ(run.err.rfind("c2a: " + second + ":2:", 0), 0u) << run.err;
  EXPECT_NE(run.err.find("must agree"), std::string::npos) << run.err;
}

// Without a ChangeSetId, or a stack and change-set name, nothing says two descriptions are of one
// change set: they are not merged, so two for one stack are bad input, located at the second and
// naming the first; either alone is compared.
TEST(CliChangeSet, DescriptionsWithoutAnIdentityAreNotMerged) {
  auto first = writeFile("anonymous-1.json", R"({"Changes": [{"Type": "Resource", "ResourceChange":
   {"Action": "Modify", "LogicalResourceId": "Table", "Replacement": "True"}}]})");
  auto second = writeFile("anonymous-2.json", R"({"Changes": [{"Type": "Resource", "ResourceChange":
   {"Action": "Modify", "LogicalResourceId": "Queue", "Replacement": "False"}}]})");
  auto both = runC2a("diff " + kPair + "--change-set " + first + " --change-set " + second);
  EXPECT_EQ(both.status, 65);
  EXPECT_EQ(both.err.rfind("c2a: " + second, 0), 0u) << both.err;
  EXPECT_NE(both.err.find("two change sets for stack the template: this one and " + first),
            std::string::npos)
      << both.err;
  EXPECT_NE(runC2a("diff " + kPair + "--change-set " + first).status, 65);
  EXPECT_NE(runC2a("diff " + kPair + "--change-set " + second).status, 65);

  // A stack name alone is no identity either: a stack has many change sets.
  auto orders = writeFile("orders-1.json", R"({"StackName": "orders", "Changes": []})");
  auto again = writeFile("orders-2.json", R"({"StackName": "orders", "Changes": []})");
  auto named = runC2a("diff " + kPair + "--change-set " + orders + " --change-set " + again);
  EXPECT_EQ(named.status, 65) << named.err;
}

TEST(CliChangeSet, ANestedChangeSetNeedsItsParent) {
  auto nested = writeFile("nested.json",
                          R"({"ChangeSetId": "arn:aws:cloudformation:eu-west-1:1:changeSet/n/2",
 "ParentChangeSetId": "arn:aws:cloudformation:eu-west-1:1:changeSet/r/1",
 "StackName": "orders-JobsNestedStack-1ABC", "Changes": []})");
  auto run = runC2a("diff " + kPair + "--change-set " + nested);
  EXPECT_EQ(run.status, 65);
  EXPECT_NE(run.err.find("give its parent's change set too"), std::string::npos) << run.err;
}

TEST(CliChangeSet, ADirectoryIsReadAndItsMistakesLocated) {
  auto empty = std::filesystem::temp_directory_path() / "c2a-cli-change-set-empty";
  std::filesystem::create_directories(empty);
  auto none = runC2a("diff " + kPair + "--change-set " + empty.string());
  EXPECT_EQ(none.status, 66);
  EXPECT_NE(none.err.find("no change set here"), std::string::npos) << none.err;

  auto context = writeFile("context.json", R"({"Changes": [{"Type": "Resource", "ResourceChange":
   {"Action": "Modify", "LogicalResourceId": "Queue", "BeforeContext": "{not json"}}]})");
  auto run = runC2a("diff " + kPair + "--change-set " + context);
  EXPECT_EQ(run.status, 65);
  EXPECT_EQ(run.err.rfind("c2a: " + context + ":2:", 0), 0u) << run.err;

  const std::string dir = "tests/cases/diff/change-set-nested-and-drift/";
  auto nested = runC2a("diff " + dir + "before " + dir + "after --no-presets --format json " +
                       "--change-set " + dir + "change-sets");
  ASSERT_EQ(nested.status, 1) << nested.err;
  auto report = Json::parse(nested.out);
  const auto& parts = report["changeSet"]["changeSets"];
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0]["stack"], "App");
  EXPECT_EQ(parts[0]["deploymentMode"], "REVERT_DRIFT");
  EXPECT_EQ(parts[1]["stack"], "App/Jobs");
  EXPECT_EQ(report["changeSet"]["nestedNotGiven"], Json::array({"App/Web"}));
}

}  // namespace
}  // namespace c2a::testing
