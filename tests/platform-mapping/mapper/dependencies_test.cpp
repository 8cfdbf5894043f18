// mapTemplate: intrinsic functions, DependsOn and Condition become dependency relationships.
#include <gtest/gtest.h>

#include "mapper_support.h"

namespace c2a::testing {
namespace {

using Edges = std::vector<std::string>;

// A template with the resources Bucket and Queue, the parameter Env, the condition IsProd and
// the mapping Sizes, plus `resources` (more entries of the Resources section, a JSON fragment).
std::string withEntities(std::string_view resources, std::string_view outputs = "") {
  std::string text = R"({
    "Parameters": {"Env": {"Type": "String"}},
    "Mappings": {"Sizes": {"dev": {"Size": "small"}}},
    "Conditions": {"IsProd": {"Fn::Equals": ["prod", "dev"]}},
    "Resources": {
      "Bucket": {"Type": "AWS::S3::Bucket"},
      "Queue": {"Type": "AWS::SQS::Queue"})";
  if (!resources.empty()) text += std::string(",\n") + std::string(resources);
  text += "}";
  if (!outputs.empty()) text += std::string(R"(, "Outputs": {)") + std::string(outputs) + "}";
  text += "}";
  return text;
}

Edges edgesOf(std::string_view resources, std::string_view outputs = "") {
  auto mapped = mapText(withEntities(resources, outputs));
  for (const auto& warning : mapped.warnings) {
    // Only a macro is worth a warning here: c2a does not run it, so its output is not analysed.
    EXPECT_TRUE(warning.notAnalysed && warning.message.find("Fn::Transform") != std::string::npos)
        << warning.str();
  }
  return dependencies(mapped.model);
}

TEST(MapperDependencies, RefToResourceAndParameter) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "TopicName": {"Ref": "Bucket"}, "DisplayName": {"Ref": "Env"}}})"),
            (Edges{"Resource:T -> Resource:Bucket Ref Properties.TopicName",
                   "Resource:T -> Parameter:Env Ref Properties.DisplayName"}));
}

TEST(MapperDependencies, RefToPseudoParameterIsNoReference) {
  auto mapped = mapText(withEntities(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
      "A": {"Ref": "AWS::Region"}, "B": {"Ref": "AWS::AccountId"}, "C": {"Ref": "AWS::NoValue"},
      "D": {"Ref": "AWS::StackName"}, "E": {"Ref": "AWS::NotificationARNs"}}})"));
  EXPECT_TRUE(mapped.warnings.empty());
  EXPECT_TRUE(dependencies(mapped.model).empty());
}

TEST(MapperDependencies, GetAttListAndStringForms) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::GetAtt": ["Queue", "Arn"]},
                         "B": {"Fn::GetAtt": "Bucket.DomainName"}}})"),
            (Edges{"Resource:T -> Resource:Queue Fn::GetAtt Properties.A @Arn",
                   "Resource:T -> Resource:Bucket Fn::GetAtt Properties.B @DomainName"}));
}

TEST(MapperDependencies, GetAttOfNestedStackOutput) {
  EXPECT_EQ(edgesOf(R"("Nested": {"Type": "AWS::CloudFormation::Stack"},
                       "T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::GetAtt": "Nested.Outputs.Url"},
                         "B": {"Fn::GetAtt": ["Nested", "Outputs.Arn"]}}})"),
            (Edges{"Resource:T -> Resource:Nested Fn::GetAtt Properties.A @Outputs.Url",
                   "Resource:T -> Resource:Nested Fn::GetAtt Properties.B @Outputs.Arn"}));
}

TEST(MapperDependencies, GetAttWithIntrinsicAttribute) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::GetAtt": ["Queue", {"Ref": "Env"}]}}})"),
            (Edges{"Resource:T -> Resource:Queue Fn::GetAtt Properties.A",
                   "Resource:T -> Parameter:Env Ref Properties.A"}));
}

TEST(MapperDependencies, SubPlaceholders) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::Sub": "${Bucket}-${Queue.Arn}-${AWS::Region}-${!Env}"}}})"),
            (Edges{"Resource:T -> Resource:Bucket Fn::Sub Properties.A",
                   "Resource:T -> Resource:Queue Fn::Sub Properties.A @Arn"}));
}

TEST(MapperDependencies, SubVariablesShadowTemplateNames) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::Sub": ["${Bucket}/${Name}/${Env}",
                                           {"Bucket": "literal", "Name": {"Ref": "Queue"}}]}}})"),
            (Edges{"Resource:T -> Parameter:Env Fn::Sub Properties.A",
                   "Resource:T -> Resource:Queue Ref Properties.A"}));
}

TEST(MapperDependencies, DependsOnStringAndList) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "DependsOn": "Bucket"},
                       "U": {"Type": "AWS::SNS::Topic", "DependsOn": ["Bucket", "Queue"]})"),
            (Edges{"Resource:T -> Resource:Bucket DependsOn DependsOn",
                   "Resource:U -> Resource:Bucket DependsOn DependsOn",
                   "Resource:U -> Resource:Queue DependsOn DependsOn"}));
}

TEST(MapperDependencies, ConditionAttributeAndFnIf) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Condition": "IsProd", "Properties": {
                         "A": {"Fn::If": ["IsProd", {"Ref": "Bucket"}, {"Ref": "AWS::NoValue"}]}}})",
                    R"("O": {"Condition": "IsProd", "Value": "x"})"),
            (Edges{"Resource:T -> Condition:IsProd Condition Condition",
                   "Resource:T -> Condition:IsProd Condition Properties.A",
                   "Resource:T -> Resource:Bucket Ref Properties.A",
                   "Output:O -> Condition:IsProd Condition Condition"}));
}

TEST(MapperDependencies, ConditionReferringToConditionAndParameter) {
  auto mapped = mapText(R"({
    "Parameters": {"Env": {"Type": "String"}},
    "Conditions": {
      "IsProd": {"Fn::Equals": [{"Ref": "Env"}, "prod"]},
      "IsNotProd": {"Fn::Not": [{"Condition": "IsProd"}]}
    }})");
  EXPECT_TRUE(mapped.warnings.empty());
  EXPECT_EQ(dependencies(mapped.model),
            (Edges{"Condition:IsProd -> Parameter:Env Ref",
                   "Condition:IsNotProd -> Condition:IsProd Condition"}));
}

TEST(MapperDependencies, ConditionKeyInsidePropertiesIsNoReference) {
  // IAM policy statements have a Condition key of their own.
  EXPECT_EQ(edgesOf(R"("P": {"Type": "AWS::IAM::Policy", "Properties": {"PolicyDocument": {
                         "Statement": [{"Effect": "Allow", "Condition": {"Bool": {"x": "true"}}},
                                       {"Condition": "IsProd"}]}}})"),
            Edges{});
}

TEST(MapperDependencies, FindInMap) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::FindInMap": ["Sizes", {"Ref": "Env"}, "Size"]}}})"),
            (Edges{"Resource:T -> Mapping:Sizes Fn::FindInMap Properties.A",
                   "Resource:T -> Parameter:Env Ref Properties.A"}));
}

TEST(MapperDependencies, SourcePathStopsAtFirstIntrinsic) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "Tags": [{"Key": "k", "Value": {"Fn::Join": ["", [
                            "a", {"Fn::Select": [0, [{"Ref": "Bucket"}]]},
                            {"Fn::Base64": {"Fn::GetAtt": ["Queue", "Arn"]}}]]}}]}})"),
            (Edges{"Resource:T -> Resource:Bucket Ref Properties.Tags.0.Value",
                   "Resource:T -> Resource:Queue Fn::GetAtt Properties.Tags.0.Value @Arn"}));
}

TEST(MapperDependencies, EveryOtherIntrinsicIsTraversed) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::Cidr": [{"Ref": "Env"}, 6, 5]},
                         "B": {"Fn::Split": [",", {"Fn::GetAtt": ["Queue", "Arn"]}]},
                         "C": {"Fn::GetAZs": {"Ref": "AWS::Region"}},
                         "D": {"Fn::Length": [{"Ref": "Bucket"}]},
                         "E": {"Fn::ToJsonString": {"k": {"Ref": "Queue"}}},
                         "F": {"Fn::Transform": {"Name": "AWS::Include",
                                                 "Parameters": {"Location": {"Ref": "Env"}}}}}})"),
            (Edges{"Resource:T -> Parameter:Env Ref Properties.A",
                   "Resource:T -> Resource:Queue Fn::GetAtt Properties.B @Arn",
                   "Resource:T -> Resource:Bucket Ref Properties.D",
                   "Resource:T -> Resource:Queue Ref Properties.E",
                   "Resource:T -> Parameter:Env Ref Properties.F"}));
}

TEST(MapperDependencies, MetadataAndOtherAttributesAreScanned) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Metadata": {"q": {"Ref": "Queue"}},
                       "UpdatePolicy": {"x": {"Fn::GetAtt": "Bucket.Arn"}}})"),
            (Edges{"Resource:T -> Resource:Queue Ref Metadata.q",
                   "Resource:T -> Resource:Bucket Fn::GetAtt UpdatePolicy.x @Arn"}));
}

TEST(MapperDependencies, OutputValueAndExportName) {
  EXPECT_EQ(edgesOf("", R"("O": {"Value": {"Fn::GetAtt": ["Queue", "Arn"]},
                              "Export": {"Name": {"Fn::Sub": "${Env}-queue"}}})"),
            (Edges{"Output:O -> Resource:Queue Fn::GetAtt Value @Arn",
                   "Output:O -> Parameter:Env Fn::Sub Export.Name"}));
}

TEST(MapperDependencies, IdenticalReferencesMakeOneRelationship) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::Join": ["", [{"Ref": "Bucket"}, {"Ref": "Bucket"}]]}}})"),
            (Edges{"Resource:T -> Resource:Bucket Ref Properties.A"}));
}

TEST(MapperDependencies, RefThatIsNotAnIntrinsic) {
  // An object with more keys than Ref is a plain value.
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Ref": "Bucket", "Other": 1}}})"),
            Edges{});
}

TEST(MapperDependencies, ImportValueIsLeftToLinkImports) {
  EXPECT_EQ(edgesOf(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                         "A": {"Fn::ImportValue": {"Fn::Sub": "${Env}-vpc"}}}})"),
            (Edges{"Resource:T -> Parameter:Env Fn::Sub Properties.A"}));
}

TEST(MapperDependencies, MissingReferencesWarnAndMakeNoRelationship) {
  auto locations = std::make_shared<LocationTable>("t.json");
  locations->add("/Resources/Api/Properties/RestApiId", 7, 20);
  locations->add("/Resources/Api/Properties/RestApiId/Ref", 7, 30);
  InfraModel model;
  Diagnostics warnings;
  auto source = document(R"({"Resources": {"Api": {"Type": "AWS::ApiGateway::Stage",
      "Condition": "Nope", "DependsOn": ["Gone"], "Properties": {
        "RestApiId": {"Ref": "ServerlessRestApi"},
        "Url": {"Fn::Sub": "https://${ServerlessRestApi}.execute-api"},
        "Size": {"Fn::FindInMap": ["NoMap", "a", "b"]}}}}})");
  source.locations = locations;
  mapTemplate(source, "", model, warnings);
  EXPECT_TRUE(dependencies(model).empty());
  ASSERT_EQ(warnings.size(), 5U);
  EXPECT_EQ(
      warnings[0].message,
      "resource Api: Condition refers to condition Nope, which is not defined in the template");
  EXPECT_EQ(warnings[1].message,
            "resource Api: DependsOn refers to Gone, which is not defined in the template");
  EXPECT_EQ(warnings[2].kind, ErrorKind::InvalidInput);
  EXPECT_EQ(warnings[2].message,
            "resource Api: Properties.RestApiId refers to ServerlessRestApi, which is not defined "
            "in the template");
  EXPECT_EQ(warnings[2].where.str(), "t.json:7:30");
  EXPECT_EQ(warnings[3].message,
            "resource Api: Properties.Url refers to ServerlessRestApi, which is not defined in "
            "the template");
  EXPECT_EQ(warnings[4].message,
            "resource Api: Properties.Size refers to mapping NoMap, which is not defined in the "
            "template");
}

TEST(MapperDependencies, MissingReferenceFromACondition) {
  auto mapped = mapText(R"({"Conditions": {"C": {"Fn::Equals": [{"Ref": "Env"}, "x"]}}})");
  EXPECT_TRUE(dependencies(mapped.model).empty());
  ASSERT_EQ(mapped.warnings.size(), 1U);
  EXPECT_EQ(mapped.warnings[0].message,
            "condition C refers to Env, which is not defined in the template");
}

TEST(MapperDependencies, WhitespaceInSubPlaceholderIsKept) {
  auto mapped = mapText(withEntities(R"("T": {"Type": "AWS::SNS::Topic", "Properties": {
                                          "A": {"Fn::Sub": "${ Bucket }"}}})"));
  EXPECT_TRUE(dependencies(mapped.model).empty());
  ASSERT_EQ(mapped.warnings.size(), 1U);
  EXPECT_EQ(mapped.warnings[0].message,
            "resource T: Properties.A refers to  Bucket , which is not defined in the template");
}

}  // namespace
}  // namespace c2a::testing
