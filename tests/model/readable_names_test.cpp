// Values shown with the names a CDK app's author knows (model/intrinsics.h readableText and
// readableJson with names, model/construct_labels.h constructNames): `${Handler/ServiceRole.Arn}`
// where the template says `${HandlerServiceRoleFCDC14AE.Arn}`, as `cdk diff` shows it.
#include <gtest/gtest.h>

#include <string>

#include "model/construct_labels.h"
#include "model/infra_model.h"
#include "model/intrinsics.h"

namespace c2a {
namespace {

const ReadableNames kNames{{"HandlerServiceRoleFCDC14AE", "Handler/ServiceRole"},
                           {"ArchiveDA4CB258", "Archive"}};

std::string readable(const char* json) {
  return readableText(Json::parse(json), &kNames);
}

TEST(ReadableNames, RefIsTheConstructLabel) {
  EXPECT_EQ(readable(R"({"Ref": "HandlerServiceRoleFCDC14AE"})"), "${Handler/ServiceRole}");
  // A name the map does not hold (a parameter, a pseudo parameter) stays.
  EXPECT_EQ(readable(R"({"Ref": "Stage"})"), "${Stage}");
  EXPECT_EQ(readable(R"({"Ref": "AWS::Region"})"), "${AWS::Region}");
  // Without names, the logical id.
  EXPECT_EQ(readableText(Json::parse(R"({"Ref": "ArchiveDA4CB258"})")), "${ArchiveDA4CB258}");
}

TEST(ReadableNames, GetAttInBothForms) {
  EXPECT_EQ(readable(R"({"Fn::GetAtt": ["HandlerServiceRoleFCDC14AE", "Arn"]})"),
            "${Handler/ServiceRole.Arn}");
  EXPECT_EQ(readable(R"({"Fn::GetAtt": "HandlerServiceRoleFCDC14AE.Arn"})"),
            "${Handler/ServiceRole.Arn}");
  // The string form splits at the first dot: a nested stack's `Outputs.X` stays whole.
  EXPECT_EQ(readable(R"({"Fn::GetAtt": "ArchiveDA4CB258.Outputs.Name"})"),
            "${Archive.Outputs.Name}");
  EXPECT_EQ(readable(R"({"Fn::GetAtt": ["Other", "Arn"]})"), "${Other.Arn}");
}

TEST(ReadableNames, SubPlaceholdersNameResourcesByLabel) {
  EXPECT_EQ(readable(R"({"Fn::Sub": "${ArchiveDA4CB258}/*"})"), "${Archive}/*");
  EXPECT_EQ(readable(R"({"Fn::Sub": "${ArchiveDA4CB258.Arn}/*"})"), "${Archive.Arn}/*");
  EXPECT_EQ(
      readable(R"({"Fn::Sub": "arn:${AWS::Partition}:s3:::${ArchiveDA4CB258}-${AWS::Region}"})"),
      "arn:${AWS::Partition}:s3:::${Archive}-${AWS::Region}");
  // `${!Literal}` is CloudFormation's escape: kept as written, never looked up.
  EXPECT_EQ(readable(R"({"Fn::Sub": "${!ArchiveDA4CB258} and ${!Literal}"})"),
            "${!ArchiveDA4CB258} and ${!Literal}");
  // Text without placeholders, and a placeholder never closed.
  EXPECT_EQ(readable(R"({"Fn::Sub": "plain"})"), "plain");
  EXPECT_EQ(readable(R"({"Fn::Sub": "a-${ArchiveDA4CB258"})"), "a-${ArchiveDA4CB258");
}

TEST(ReadableNames, SubVariablesAreSubstitutedOnce) {
  // A variable wins over a resource of the same name, as in CloudFormation.
  EXPECT_EQ(readable(R"({"Fn::Sub": ["${ArchiveDA4CB258}-x", {"ArchiveDA4CB258": "given"}]})"),
            "given-x");
  EXPECT_EQ(readable(R"({"Fn::Sub": ["${Role}", {"Role": {"Fn::GetAtt":
                                                   ["HandlerServiceRoleFCDC14AE", "Arn"]}}]})"),
            "${Handler/ServiceRole.Arn}");
  // A variable's value holding `${...}` is that text: its placeholder is not substituted again,
  // neither by another variable nor by a resource's label.
  EXPECT_EQ(readable(R"({"Fn::Sub": ["${A}-${B}", {"A": "${B}", "B": "x"}]})"), "${B}-x");
  EXPECT_EQ(readable(R"({"Fn::Sub": ["${A}", {"A": "${ArchiveDA4CB258}"}]})"),
            "${ArchiveDA4CB258}");
  EXPECT_EQ(readable(R"({"Fn::Sub": ["${A}", {"A": "${A}"}]})"), "${A}");
  // The value of a variable that is a Sub of its own is read with the names.
  EXPECT_EQ(readable(R"({"Fn::Sub": ["${A}/*", {"A": {"Fn::Sub": "${ArchiveDA4CB258.Arn}"}}]})"),
            "${Archive.Arn}/*");
  // Placeholders no variable names still name resources; `${!A}` stays.
  EXPECT_EQ(readable(R"({"Fn::Sub": ["${A}:${ArchiveDA4CB258}:${!A}", {"A": "v"}]})"),
            "v:${Archive}:${!A}");
}

TEST(ReadableNames, JoinAndImportValueReadTheirPartsWithTheNames) {
  EXPECT_EQ(readable(R"({"Fn::Join": ["", [{"Fn::GetAtt": ["ArchiveDA4CB258", "Arn"]}, "/*"]]})"),
            "${Archive.Arn}/*");
  EXPECT_EQ(readable(R"({"Fn::ImportValue": {"Fn::Sub": "${ArchiveDA4CB258}-name"}})"),
            "${Import:${Archive}-name}");
}

TEST(ReadableNames, ReadableJsonReplacesEachCallInside) {
  auto shown = readableJson(Json::parse(R"({
    "StringEquals": {"aws:SourceArn": {"Fn::GetAtt": ["ArchiveDA4CB258", "Arn"]},
                     "aws:PrincipalArn": [{"Ref": "HandlerServiceRoleFCDC14AE"}, "literal"]}
  })"),
                            &kNames);
  EXPECT_EQ(shown, Json::parse(R"({
    "StringEquals": {"aws:SourceArn": "${Archive.Arn}",
                     "aws:PrincipalArn": ["${Handler/ServiceRole}", "literal"]}
  })"));
}

// ---- constructNames ---------------------------------------------------------------------------

void addResource(InfraModel& model, const std::string& stack, const std::string& name,
                 const char* body) {
  Component component;
  component.type = ComponentType::Resource;
  component.stack = stack;
  component.name = name;
  component.properties = Json::parse(body);
  model.addComponent(std::move(component));
}

TEST(ConstructNames, EachStacksResourcesByLogicalId) {
  InfraModel model;
  model.addStack("Orders");
  addResource(model, "Orders", "ArchiveDA4CB258",
              R"({"Metadata": {"aws:cdk:path": "Orders/Archive/Resource"}})");
  addResource(model, "Orders", "HandlerServiceRoleFCDC14AE",
              R"({"Metadata": {"aws:cdk:path": "Orders/Handler/ServiceRole/Resource"}})");
  addResource(model, "Orders", "ApiDeployment1",
              R"({"Metadata": {"aws:cdk:path": "Orders/Api/Default"}})");
  auto names = constructNames(model);
  ASSERT_EQ(names.size(), 1U);
  EXPECT_EQ(names.at("Orders"),
            (ReadableNames{{"ArchiveDA4CB258", "Archive"},
                           {"HandlerServiceRoleFCDC14AE", "Handler/ServiceRole"},
                           {"ApiDeployment1", "Api"}}));
}

TEST(ConstructNames, ALabelTwoResourcesShareNamesNeither) {
  InfraModel model;
  model.addStack("Orders");
  // `Queue` and `Queue/Resource` both read `Queue`; so do `Topic/Resource` and `Topic/Default`.
  addResource(model, "Orders", "Queue1", R"({"Metadata": {"aws:cdk:path": "Orders/Queue"}})");
  addResource(model, "Orders", "Queue2",
              R"({"Metadata": {"aws:cdk:path": "Orders/Queue/Resource"}})");
  addResource(model, "Orders", "Topic1",
              R"({"Metadata": {"aws:cdk:path": "Orders/Topic/Resource"}})");
  addResource(model, "Orders", "Topic2",
              R"({"Metadata": {"aws:cdk:path": "Orders/Topic/Default"}})");
  addResource(model, "Orders", "Topic3", R"({"Metadata": {"aws:cdk:path": "Orders/Topic"}})");
  addResource(model, "Orders", "Archive1",
              R"({"Metadata": {"aws:cdk:path": "Orders/Archive/Resource"}})");
  auto names = constructNames(model);
  EXPECT_EQ(names.at("Orders"), (ReadableNames{{"Archive1", "Archive"}}));
  // With them, a reference to either keeps its logical id.
  EXPECT_EQ(readableText(Json::parse(R"({"Ref": "Queue2"})"), &names.at("Orders")), "${Queue2}");
}

TEST(ConstructNames, TheSameLabelInTwoStacksNamesBoth) {
  InfraModel model;
  model.addStack("Beta");
  model.addStack("Prod");
  addResource(model, "Beta", "Table1", R"({"Metadata": {"aws:cdk:path": "Beta/Table/Resource"}})");
  addResource(model, "Prod", "Table2", R"({"Metadata": {"aws:cdk:path": "Prod/Table/Resource"}})");
  auto names = constructNames(model);
  EXPECT_EQ(names.at("Beta"), (ReadableNames{{"Table1", "Table"}}));
  EXPECT_EQ(names.at("Prod"), (ReadableNames{{"Table2", "Table"}}));
}

TEST(ConstructNames, ResourcesWithoutACdkPathAreLeftOut) {
  InfraModel model;
  model.addStack("Orders");
  model.addStack("Plain");
  addResource(model, "Orders", "Archive1",
              R"({"Metadata": {"aws:cdk:path": "Orders/Archive/Resource"}})");
  addResource(model, "Orders", "Written", R"({"Properties": {}})");
  addResource(model, "Orders", "OtherMetadata", R"({"Metadata": {"cfn_nag": {}}})");
  addResource(model, "Orders", "NotText", R"({"Metadata": {"aws:cdk:path": 7}})");
  addResource(model, "Orders", "BadMetadata", R"({"Metadata": "aws:cdk:path"})");
  addResource(model, "Plain", "Bucket", R"({"Properties": {}})");
  // Only resources: a parameter or an output is not named by a path.
  Component output;
  output.type = ComponentType::Output;
  output.stack = "Orders";
  output.name = "ArchiveName";
  output.properties = Json::parse(R"({"Metadata": {"aws:cdk:path": "Orders/ArchiveName"}})");
  model.addComponent(std::move(output));
  auto names = constructNames(model);
  ASSERT_EQ(names.size(), 1U);  // a stack without any is absent
  EXPECT_EQ(names.at("Orders"), (ReadableNames{{"Archive1", "Archive"}}));
}

}  // namespace
}  // namespace c2a
