// linkImports: Fn::ImportValue → the Output exporting that name, in any stack of the model.
#include <gtest/gtest.h>

#include "mapper_support.h"

namespace c2a::testing {
namespace {

using Edges = std::vector<std::string>;

constexpr std::string_view kExporter = R"({
  "Resources": {"Vpc": {"Type": "AWS::EC2::VPC"}},
  "Outputs": {
    "VpcId": {"Value": {"Ref": "Vpc"}, "Export": {"Name": "network-vpc"}},
    "VpcArn": {"Value": {"Fn::GetAtt": ["Vpc", "Arn"]},
               "Export": {"Name": {"Fn::Sub": "${AWS::StackName}-arn"}}},
    "Plain": {"Value": "x"}
  }})";

Edges importEdges(const InfraModel& model) {
  Edges out;
  model.forEachRelationship([&](ComponentIndex s, ComponentIndex t, const Relationship& r) {
    if (r.reference == ReferenceKind::ImportValue) out.push_back(describe(model, s, t, r));
  });
  return out;
}

InfraModel mapStacks(std::string_view importer) {
  InfraModel model;
  Diagnostics warnings;
  mapTemplate(document(kExporter), "A", model, warnings);
  mapTemplate(document(importer), "B", model, warnings);
  EXPECT_TRUE(warnings.empty());
  linkImports(model);
  return model;
}

TEST(LinkImports, LiteralNames) {
  auto model = mapStacks(R"({"Resources": {"Subnet": {"Type": "AWS::EC2::Subnet",
      "Properties": {"VpcId": {"Fn::ImportValue": "network-vpc"}}}}})");
  EXPECT_EQ(importEdges(model),
            (Edges{"B/Resource:Subnet -> A/Output:VpcId Fn::ImportValue Properties.VpcId"}));
}

TEST(LinkImports, NamesBuiltFromTheStackName) {
  auto model = mapStacks(R"({"Resources": {"Subnet": {"Type": "AWS::EC2::Subnet",
      "Properties": {"Tags": [{"Key": "vpc",
                               "Value": {"Fn::Join": ["", [{"Fn::ImportValue": "A-arn"}]]}}]}}},
      "Outputs": {"Again": {"Value": {"Fn::ImportValue": {"Fn::Join": ["-", ["A", "arn"]]}}}}})");
  EXPECT_EQ(importEdges(model),
            (Edges{"B/Resource:Subnet -> A/Output:VpcArn Fn::ImportValue Properties.Tags.0.Value",
                   "B/Output:Again -> A/Output:VpcArn Fn::ImportValue Value"}));
}

TEST(LinkImports, UnknownNamesMatchWhenWrittenTheSame) {
  InfraModel model;
  Diagnostics warnings;
  mapTemplate(document(R"({"Parameters": {"Env": {"Type": "String"}}, "Outputs": {
      "Id": {"Value": "x", "Export": {"Name": {"Fn::Sub": "${Env}-id"}}}}})"),
              "A", model, warnings);
  mapTemplate(document(R"({"Parameters": {"Env": {"Type": "String"}}, "Resources": {
      "T": {"Type": "AWS::SNS::Topic",
            "Properties": {"Name": {"Fn::ImportValue": {"Fn::Sub": "${Env}-id"}}}}}})"),
              "B", model, warnings);
  linkImports(model);
  EXPECT_EQ(importEdges(model),
            (Edges{"B/Resource:T -> A/Output:Id Fn::ImportValue Properties.Name"}));
  // The parameter in the import name stays a reference of its own stack.
  EXPECT_TRUE(model.find("B", ComponentType::Parameter, "Env"));
}

TEST(LinkImports, NoMatchingExportLeavesTheImportUnlinked) {
  auto model = mapStacks(R"({"Resources": {"Subnet": {"Type": "AWS::EC2::Subnet",
      "Properties": {"VpcId": {"Fn::ImportValue": "other-vpc"},
                     "Arn": {"Fn::ImportValue": "B-arn"}}}}})");
  EXPECT_TRUE(importEdges(model).empty());
}

TEST(LinkImports, LinkingTwiceAddsNothing) {
  auto model = mapStacks(R"({"Resources": {"Subnet": {"Type": "AWS::EC2::Subnet",
      "Properties": {"VpcId": {"Fn::ImportValue": "network-vpc"}}}}})");
  auto count = model.relationshipCount();
  linkImports(model);
  EXPECT_EQ(model.relationshipCount(), count);
}

TEST(LinkImports, WithinOneStack) {
  auto mapped = mapText(R"({"Resources": {
      "Vpc": {"Type": "AWS::EC2::VPC"},
      "Subnet": {"Type": "AWS::EC2::Subnet", "Properties": {"VpcId": {"Fn::ImportValue": "v"}}}},
      "Outputs": {"Id": {"Value": {"Ref": "Vpc"}, "Export": {"Name": "v"}}}})");
  linkImports(mapped.model);
  EXPECT_EQ(importEdges(mapped.model),
            (Edges{"Resource:Subnet -> Output:Id Fn::ImportValue Properties.VpcId"}));
}

}  // namespace
}  // namespace c2a::testing
