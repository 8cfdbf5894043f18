// CloudFormation's template evaluation (model/template_evaluation.h): each function with known
// arguments gives CloudFormation's result; what only the deployment knows stays as written.
#include "model/template_evaluation.h"

#include <gtest/gtest.h>

#include "tests/model/template_model.h"

namespace c2a {
namespace {

// A one-template model with parameters, a mapping and conditions.
InfraModel model() {
  return testing::templateModel({
      {ComponentType::Parameter, "Stage", R"({"Type": "String", "Default": "dev"})"},
      {ComponentType::Parameter, "Subnets", R"({"Type": "CommaDelimitedList"})"},
      {ComponentType::Mapping, "Sizes",
       R"({"prod": {"Type": "m5.large"}, "dev": {"Type": "t3.micro"}})"},
      {ComponentType::Condition, "IsProd", R"({"Fn::Equals": [{"Ref": "Stage"}, "prod"]})"},
      {ComponentType::Condition, "InEu",
       R"({"Fn::Equals": [{"Fn::Select": [0, {"Fn::Split": ["-", {"Ref": "AWS::Region"}]}]}, "eu"]})"},
  });
}

Json eval(TemplateEvaluator& evaluator, const char* written, bool useDefaults = false) {
  return evaluator.value("", Json::parse(written), useDefaults).value;
}

TEST(TemplateEvaluation, FunctionsOfKnownValues) {
  auto m = model();
  DeploymentValues values;
  values.parameters = {{"Stage", "prod"}, {"Subnets", "subnet-a, subnet-b"}};
  values.pseudo = {{"AWS::Region", "eu-west-1"}, {"AWS::Partition", "aws-cn"}};
  TemplateEvaluator e(m, values);
  EXPECT_EQ(eval(e, R"({"Ref": "Stage"})"), "prod");
  EXPECT_EQ(eval(e, R"({"Ref": "Subnets"})"), Json::parse(R"(["subnet-a", "subnet-b"])"));
  EXPECT_EQ(eval(e, R"({"Ref": "AWS::URLSuffix"})"), "amazonaws.com.cn");
  EXPECT_EQ(eval(e, R"({"Fn::Sub": "app-${Stage}-${AWS::Region}-${!Literal}"})"),
            "app-prod-eu-west-1-${Literal}");
  EXPECT_EQ(eval(e, R"({"Fn::Sub": ["${A}/${Stage}", {"A": {"Ref": "AWS::Partition"}}]})"),
            "aws-cn/prod");
  EXPECT_EQ(eval(e, R"({"Fn::Join": [",", {"Ref": "Subnets"}]})"), "subnet-a,subnet-b");
  EXPECT_EQ(eval(e, R"({"Fn::Select": ["1", {"Fn::Split": [",", "a,b,c"]}]})"), "b");
  EXPECT_EQ(eval(e, R"({"Fn::Base64": "hello"})"), "aGVsbG8=");
  EXPECT_EQ(eval(e, R"({"Fn::FindInMap": ["Sizes", {"Ref": "Stage"}, "Type"]})"), "m5.large");
  EXPECT_EQ(eval(e, R"({"Fn::FindInMap": ["Sizes", "qa", "Type", {"DefaultValue": "t3.nano"}]})"),
            "t3.nano");
  EXPECT_EQ(eval(e, R"({"Fn::If": ["IsProd", 3, 1]})"), 3);
  EXPECT_EQ(eval(e, R"({"Fn::Length": [1, 2, {"Ref": "Stage"}]})"), 3);
  EXPECT_EQ(eval(e, R"({"Fn::ToJsonString": {"a": {"Ref": "Stage"}}})"), R"({"a":"prod"})");
  EXPECT_EQ(e.condition("", "InEu").truth, Truth::True);
}

TEST(TemplateEvaluation, NoValueRemovesKeysAndElements) {
  auto m = model();
  TemplateEvaluator e(m, {{{"Stage", "prod"}}, {}, {}});
  EXPECT_EQ(eval(e, R"({"A": {"Fn::If": ["IsProd", {"Ref": "AWS::NoValue"}, 1]}, "B": 2})"),
            Json::parse(R"({"B": 2})"));
  EXPECT_EQ(eval(e, R"([1, {"Fn::If": ["IsProd", {"Ref": "AWS::NoValue"}, 2]}, 3])"),
            Json::parse("[1, 3]"));
  EXPECT_TRUE(e.value("", Json::parse(R"({"Ref": "AWS::NoValue"})"), false).absent);
}

TEST(TemplateEvaluation, WhatOnlyTheDeploymentKnowsStaysWritten) {
  auto m = model();
  TemplateEvaluator e(m);  // no values given
  auto attribute = e.value("", Json::parse(R"({"Fn::GetAtt": ["Bucket", "Arn"]})"), false);
  EXPECT_FALSE(attribute.complete);
  EXPECT_EQ(attribute.value, Json::parse(R"({"Fn::GetAtt": ["Bucket", "Arn"]})"));
  // A partial Sub keeps its unknown placeholders and substitutes the rest.
  TemplateEvaluator withPartition(m, {{}, {{"AWS::Partition", "aws"}}, {}});
  auto arn = withPartition.value(
      "", Json::parse(R"({"Fn::Sub": "arn:${AWS::Partition}:s3:::${Bucket}"})"), false);
  EXPECT_FALSE(arn.complete);
  EXPECT_EQ(arn.value, Json::parse(R"({"Fn::Sub": "arn:aws:s3:::${Bucket}"})"));
  // A parameter not given stays a Ref unless Defaults are asked for; then the answer is assumed.
  EXPECT_EQ(eval(e, R"({"Ref": "Stage"})"), Json::parse(R"({"Ref": "Stage"})"));
  auto assumed = e.value("", Json::parse(R"({"Ref": "Stage"})"), true);
  EXPECT_EQ(assumed.value, "dev");
  EXPECT_TRUE(assumed.assumed);
  // A condition on a Default is known but from defaults; one on the region is unknown.
  EXPECT_EQ(e.condition("", "IsProd").truth, Truth::False);
  EXPECT_TRUE(e.condition("", "IsProd").fromDefaults);
  EXPECT_EQ(e.condition("", "InEu").truth, Truth::Unknown);
  // Fn::If on a condition that rests on a Default stays written without Defaults.
  EXPECT_EQ(eval(e, R"({"Fn::If": ["IsProd", 3, 1]})"),
            Json::parse(R"({"Fn::If": ["IsProd", 3, 1]})"));
  EXPECT_EQ(eval(e, R"({"Fn::If": ["IsProd", 3, 1]})", true), 1);
}

TEST(TemplateEvaluation, DeepNestingStopsWithoutCrashing) {
  auto m = model();
  TemplateEvaluator e(m);
  Json value = "x";
  for (int i = 0; i < 500; ++i) value = Json{{"Fn::Base64", value}};
  auto out = e.value("", value, false);
  EXPECT_FALSE(out.complete);
}

// {"Fn::Sub": ["${a}${a}", {"a": INNER}]}, nested `levels` deep around `innermost`.
Json doublingSubs(int levels, const Json& innermost) {
  Json value = innermost;
  for (int i = 0; i < levels; ++i) {
    value = Json{{"Fn::Sub", Json::array({"${a}${a}", Json{{"a", value}}})}};
  }
  return value;
}

TEST(TemplateEvaluation, ASubVariableUsedTwiceIsEvaluatedOnce) {
  // 60 levels would be 2^60 evaluations and bytes if each use re-evaluated the variable.
  auto m = model();
  TemplateEvaluator e(m);
  auto known = e.value("", doublingSubs(10, "x"), false);
  EXPECT_TRUE(known.complete);
  EXPECT_EQ(known.value, std::string(1024, 'x'));
  // The innermost value known only at deploy time: every level stays as written.
  auto unknown = e.value("", doublingSubs(60, Json{{"Ref", "AWS::AccountId"}}), false);
  EXPECT_FALSE(unknown.complete);
  EXPECT_LT(unknown.value.dump().size(), 10000U);
}

TEST(TemplateEvaluation, TextLongerThanAMebibyteStaysAsWritten) {
  auto m = model();
  TemplateEvaluator e(m);
  // 2^20 bytes is the most a Fn::Sub makes; one more doubling stays as written.
  EXPECT_EQ(e.value("", doublingSubs(20, "x"), false).value, std::string(1 << 20, 'x'));
  auto written = doublingSubs(60, "x");
  auto over = e.value("", written, false);
  EXPECT_FALSE(over.complete);
  EXPECT_LT(over.value.dump().size(), 4U << 20);
  Json join = Json{{"Fn::Join", Json::array({"", Json::array()})}};
  for (int i = 0; i < 3; ++i) join["Fn::Join"][1].push_back(std::string(500000, 'y'));
  auto joined = e.value("", join, false);
  EXPECT_FALSE(joined.complete);
  EXPECT_EQ(joined.value, join);
}

TEST(TemplateEvaluation, SubUnescapesOnlyTheTemplatesOwnText) {
  auto m = model();
  DeploymentValues values;
  values.parameters = {{"Stage", "${!x}"}};  // a value given as written: CloudFormation keeps it
  TemplateEvaluator e(m, values);
  EXPECT_EQ(eval(e, R"({"Fn::Sub": "${!A}-${Stage}"})"), "${A}-${!x}");
  // Partly known: the substituted value is escaped, so it is no placeholder at deploy time.
  values.parameters = {{"Stage", "${Bucket}"}};
  TemplateEvaluator partial(m, values);
  EXPECT_EQ(eval(partial, R"({"Fn::Sub": "${Stage}/${Bucket}"})"),
            Json::parse(R"({"Fn::Sub": "${!Bucket}/${Bucket}"})"));
}

TEST(TemplateEvaluation, AChainOfConditionsEndsUnknown) {
  // Each condition names the next, 100,000 deep, the last one true: deeper than any real
  // template, so unknown (fail safe) rather than a stack overflow.
  InfraModel m;
  constexpr int kChain = 100000;
  for (int i = 0; i <= kChain; ++i) {
    Component condition;
    condition.type = ComponentType::Condition;
    condition.name = "C" + std::to_string(i);
    condition.properties = i == kChain ? Json::parse(R"({"Fn::Equals": ["a", "a"]})")
                                       : Json{{"Condition", "C" + std::to_string(i + 1)}};
    m.addComponent(std::move(condition));
  }
  TemplateEvaluator e(m);
  EXPECT_EQ(e.condition("", "C0").truth, Truth::Unknown);
  EXPECT_EQ(e.condition("", "C" + std::to_string(kChain - 3)).truth, Truth::True);
}

}  // namespace
}  // namespace c2a
