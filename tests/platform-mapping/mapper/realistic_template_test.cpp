// A realistic template maps to exactly the expected components and relationships.
#include <gtest/gtest.h>

#include "mapper_support.h"

namespace c2a::testing {
namespace {

constexpr std::string_view kTemplate = R"({
  "AWSTemplateFormatVersion": "2010-09-09",
  "Description": "Bucket notifications to a queue and a topic",
  "Parameters": {
    "Stage": {"Type": "String", "AllowedValues": ["dev", "prod"], "Default": "dev"}
  },
  "Conditions": {
    "IsProd": {"Fn::Equals": [{"Ref": "Stage"}, "prod"]}
  },
  "Resources": {
    "Bucket": {
      "Type": "AWS::S3::Bucket",
      "DeletionPolicy": "Retain",
      "Properties": {"BucketName": {"Fn::Sub": "data-${Stage}-${AWS::AccountId}"}}
    },
    "Queue": {
      "Type": "AWS::SQS::Queue",
      "Properties": {"QueueName": {"Ref": "Bucket"}}
    },
    "Topic": {
      "Type": "AWS::SNS::Topic",
      "Condition": "IsProd",
      "Properties": {
        "Subscription": [{"Endpoint": {"Fn::GetAtt": ["Queue", "Arn"]}, "Protocol": "sqs"}]
      }
    }
  },
  "Outputs": {
    "QueueArn": {
      "Value": {"Fn::GetAtt": "Queue.Arn"},
      "Export": {"Name": {"Fn::Sub": "${AWS::StackName}-QueueArn"}}
    }
  }
})";

TEST(MapperRealisticTemplate, ComponentsAndRelationships) {
  auto mapped = mapText(kTemplate, "Notifications");
  EXPECT_TRUE(mapped.warnings.empty());
  EXPECT_EQ(
      componentIds(mapped.model),
      (std::vector<std::string>{"Stack:Notifications", "Notifications/Parameter:Stage",
                                "Notifications/Condition:IsProd", "Notifications/Resource:Bucket",
                                "Notifications/Resource:Queue", "Notifications/Resource:Topic",
                                "Notifications/Output:QueueArn"}));

  std::vector<std::string> all;
  mapped.model.forEachRelationship([&](ComponentIndex s, ComponentIndex t, const Relationship& r) {
    all.push_back(std::string(toString(r.kind)) + " " + describe(mapped.model, s, t, r));
  });
  EXPECT_EQ(all,
            (std::vector<std::string>{
                "structural Stack:Notifications -> Notifications/Parameter:Stage none",
                "structural Stack:Notifications -> Notifications/Condition:IsProd none",
                "structural Stack:Notifications -> Notifications/Resource:Bucket none",
                "structural Stack:Notifications -> Notifications/Resource:Queue none",
                "structural Stack:Notifications -> Notifications/Resource:Topic none",
                "structural Stack:Notifications -> Notifications/Output:QueueArn none",
                "dependency Notifications/Condition:IsProd -> Notifications/Parameter:Stage Ref",
                "dependency Notifications/Resource:Bucket -> Notifications/Parameter:Stage "
                "Fn::Sub Properties.BucketName",
                "dependency Notifications/Resource:Queue -> Notifications/Resource:Bucket Ref "
                "Properties.QueueName",
                "dependency Notifications/Resource:Topic -> Notifications/Condition:IsProd "
                "Condition Condition",
                "dependency Notifications/Resource:Topic -> Notifications/Resource:Queue "
                "Fn::GetAtt Properties.Subscription.0.Endpoint @Arn",
                "dependency Notifications/Output:QueueArn -> Notifications/Resource:Queue "
                "Fn::GetAtt Value @Arn",
            }));

  const auto& stack = mapped.model.component(0);
  EXPECT_EQ(stack.properties.dump(),
            R"({"Description":"Bucket notifications to a queue and a topic",)"
            R"("AWSTemplateFormatVersion":"2010-09-09"})");
}

TEST(MapperRealisticTemplate, ExportReachableFromAnotherStack) {
  InfraModel model;
  Diagnostics warnings;
  mapTemplate(document(kTemplate), "Notifications", model, warnings);
  mapTemplate(document(R"({"Resources": {"Consumer": {"Type": "AWS::Lambda::EventSourceMapping",
      "Properties": {"EventSourceArn": {"Fn::ImportValue": "Notifications-QueueArn"}}}}})"),
              "Consumers", model, warnings);
  linkImports(model);
  auto consumer = model.find("Consumers", ComponentType::Resource, "Consumer");
  auto output = model.find("Notifications", ComponentType::Output, "QueueArn");
  ASSERT_TRUE(consumer && output);
  int links = 0;
  model.forEachOutgoing(*consumer, [&](ComponentIndex, ComponentIndex t, const Relationship& r) {
    EXPECT_EQ(t, *output);
    EXPECT_EQ(r.reference, ReferenceKind::ImportValue);
    EXPECT_EQ(toDotted(r.sourcePath), "Properties.EventSourceArn");
    ++links;
  });
  EXPECT_EQ(links, 1);
}

}  // namespace
}  // namespace c2a::testing
