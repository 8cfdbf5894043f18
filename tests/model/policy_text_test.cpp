// A policy written as text is read as the document it deploys, or named as unreadable: never
// taken as no policy (model/policy_text.h).
#include "model/policy_text.h"

#include <gtest/gtest.h>

#include <string>

namespace c2a {
namespace {

Json parsed(const char* text) { return Json::parse(text); }

// The template around the texts: a bucket, a custom resource, and Mode and Arns as parameters
// (no resource).
std::optional<std::string> typeOf(std::string_view id) {
  if (id == "Bucket") return "AWS::S3::Bucket";
  if (id == "Custom") return "Custom::Lookup";
  if (id == "Alarm") return "AWS::CloudWatch::Alarm";
  return std::nullopt;
}

PolicyText readPolicyText(Json& value) { return c2a::readPolicyText(value, &typeOf); }

TEST(PolicyText, AJsonStringIsTheDocumentItHolds) {
  Json value = R"({"Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]})";
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value, parsed(R"({"Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]})"));
}

TEST(PolicyText, AnObjectIsNoTextADocumentOfAnyOtherFunctionIsUnreadable) {
  Json object = parsed(R"({"Statement": []})");
  EXPECT_EQ(readPolicyText(object), PolicyText::NotText);
  Json none = parsed(R"({"Ref": "AWS::NoValue"})");
  EXPECT_EQ(readPolicyText(none), PolicyText::NotText);
  // A parameter's text, a mapping entry: a document c2a does not see.
  for (const char* text : {R"({"Ref": "Document"})", R"({"Fn::FindInMap": ["Policies", "prod", "doc"]})"}) {
    Json value = parsed(text);
    EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable) << text;
    EXPECT_EQ(value, parsed(text));
  }
}

TEST(PolicyText, TextThatIsNoObjectIsUnreadableAndLeftAsWritten) {
  for (const char* text : {"not json", "[1, 2]", "\"a string\"", "{\"Statement\": [", ""}) {
    Json value = text;
    EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable) << text;
    EXPECT_EQ(value, Json(text));
  }
}

TEST(PolicyText, NestingDeeperThanAPolicyIsUnreadable) {
  std::string deep = "{\"a\": ";
  deep.append(200, '[').append(200, ']').append("}");
  Json value = deep;
  EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable);
  // Brackets inside strings do not count.
  std::string text = "{\"a\": \"";
  text.append(200, '[').append("\"}");
  Json quoted = text;
  EXPECT_EQ(readPolicyText(quoted), PolicyText::Read);
}

TEST(PolicyText, SubPlaceholdersInsideStringsBecomeSubsOfTheirOwn) {
  Json value = parsed(R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"s3:*\", \"Resource\": \"arn:${AWS::Partition}:s3:::${Bucket}/*\"}]}"})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value, parsed(R"({"Statement": [{"Effect": "Allow", "Action": "s3:*",
    "Resource": {"Fn::Sub": "arn:${AWS::Partition}:s3:::${Bucket}/*"}}]})"));
}

TEST(PolicyText, SubVariablesThatAreResourcesGoWithEachString) {
  Json value = parsed(R"({"Fn::Sub": ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"${B}/*\"}]}", {"B": {"Fn::GetAtt": ["Bucket", "Arn"]}}]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value["Statement"][0]["Resource"],
            parsed(R"({"Fn::Sub": ["${B}/*", {"B": {"Fn::GetAtt": ["Bucket", "Arn"]}}]})"));
}

TEST(PolicyText, ASubVariableGivenAsTextIsPutInPlaceBeforeTheTextIsRead) {
  // The text closes the Sid's string and writes a statement of its own: read as CloudFormation
  // writes it, the policy has two statements, the second allowing everything.
  Json value = parsed(R"({"Fn::Sub": ["{\"Statement\": [{\"Sid\": \"${Label}\", \"Effect\": \"Allow\", \"Action\": \"s3:GetObject\", \"Resource\": \"*\"}]}",
    {"Label": "a\", \"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"*\"}, {\"Sid\": \"b"}]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  ASSERT_EQ(value["Statement"].size(), 2u) << value.dump();
  EXPECT_EQ(value["Statement"][0]["Action"], "*");
}

TEST(PolicyText, APartThatMayHoldAQuoteIsUnreadable) {
  // A parameter, a custom resource's value, a nested stack's output, a Select of text, the
  // notification ARNs (a list): each could close the string it sits in.
  for (const char* text : {
           R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"${Mode}\", \"Resource\": \"*\"}]}"})",
           R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"${Custom.Action}\", \"Resource\": \"*\"}]}"})",
           R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"${AWS::NotificationARNs}\"}]}"})",
           R"({"Fn::Sub": ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"${A}\", \"Resource\": \"*\"}]}", {"A": {"Fn::Select": [0, ["x"]]}}]})",
           R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"", {"Fn::Select": [0, ["a\",\"Action\":\"*"]]}, "\", \"Resource\": \"*\"}]}"]]})",
           R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"", {"Ref": "Arns"}, "\"}]}"]]})"}) {
    Json value = parsed(text);
    EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable) << text;
  }
}

TEST(PolicyText, ANameAWSDoesNotRestrictMayHoldAQuote) {
  // A CloudWatch alarm's name may hold `"`: its Ref, and its ARN, could close the string.
  for (const char* text : {
           R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Deny\", \"Action\": \"*\", \"Resource\": \"arn:aws:cloudwatch:*:*:alarm:${Alarm}\"}]}"})",
           R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Deny\", \"Action\": \"*\", \"Resource\": \"${Alarm.Arn}\"}]}"})"}) {
    Json value = parsed(text);
    EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable) << text;
  }
}

TEST(PolicyText, JoinedTextEndingInAnEscapeBeforeAFunctionIsUnreadable) {
  // `...b\` then a function: the escape would take the marker's first character (and once,
  // looped forever or read past the functions).
  Json one = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"s3:GetObject\", \"Resource\": \"b\\", {"Ref": "Bucket"}, "\"}]}"]]})");
  EXPECT_EQ(readPolicyText(one), PolicyText::Unreadable);
  Json two = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"b\\", {"Ref": "Bucket"}, "zzzzzzzz", {"Ref": "Bucket"}, "\"}]}"]]})");
  EXPECT_EQ(readPolicyText(two), PolicyText::Unreadable);
  // An escaped backslash before the function is text: read.
  Json even = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"b\\\\", {"Ref": "Bucket"}, "\"}]}"]]})");
  EXPECT_EQ(readPolicyText(even), PolicyText::Read);
}

TEST(PolicyText, EachBranchOfAnIfIsRead) {
  Json value = parsed(R"({"Fn::If": ["Prod", "{\"Statement\": [{\"Effect\": \"Allow\", \"Principal\": \"*\", \"Action\": \"ecr:*\"}]}", {"Ref": "AWS::NoValue"}]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value["Fn::If"][1]["Statement"][0]["Principal"], "*");
  EXPECT_EQ(value["Fn::If"][2], parsed(R"({"Ref": "AWS::NoValue"})"));
  Json unread = parsed(R"({"Fn::If": ["Prod", "{\"Statement\": []}", {"Ref": "Document"}]})");
  EXPECT_EQ(readPolicyText(unread), PolicyText::Unreadable);
}

TEST(PolicyText, APlaceholderOutsideAStringOrInAKeyIsUnreadable) {
  Json spliced = parsed(R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": ${Arns}}]}"})");
  Json before = spliced;
  EXPECT_EQ(readPolicyText(spliced), PolicyText::Unreadable);
  EXPECT_EQ(spliced, before);
  Json inKey = parsed(R"({"Fn::Sub": "{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"*\", \"Condition\": {\"StringEquals\": {\"aws:ResourceTag/${Tag}\": \"x\"}}}]}"})");
  EXPECT_EQ(readPolicyText(inKey), PolicyText::Unreadable);
}

TEST(PolicyText, JoinedTextWithFunctionsInsideStringsBecomesJoins) {
  Json value = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"s3:GetObject\", \"Resource\": \"", {"Fn::GetAtt": ["Bucket", "Arn"]}, "/*\"}]}"]]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value["Statement"][0]["Resource"],
            parsed(R"({"Fn::Join": ["", [{"Fn::GetAtt": ["Bucket", "Arn"]}, "/*"]]})"));
  // A function that is a whole string is itself.
  Json whole = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"", {"Ref": "Bucket"}, "\"}]}"]]})");
  EXPECT_EQ(readPolicyText(whole), PolicyText::Read);
  EXPECT_EQ(whole["Statement"][0]["Resource"], parsed(R"({"Ref": "Bucket"})"));
}

TEST(PolicyText, AJoinedFunctionOutsideAStringIsUnreadable) {
  Json value = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": ", {"Fn::GetAtt": ["Bucket", "Arn"]}, "}]}"]]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable);
}

TEST(PolicyText, JoinedTextThatSpellsTheMarkerCannotForgeAFunction) {
  // The text writes the marker's escape itself, as if a function stood there.
  Json value = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"\\u001f\\u001f0\\u001f\\u001f\", \"Resource\": \"", {"Ref": "Bucket"}, "\"}]}"]]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable);
}

}  // namespace
}  // namespace c2a

namespace c2a {
namespace {

TEST(PolicyText, ADuplicateKeyTakesItsLastValueAsATemplateDoes) {
  // The template readers keep a duplicate key's last value (readers/json_sax_reader.cpp); a
  // policy text reads the same, so `"Effect": "Deny", "Effect": "Allow"` is an Allow.
  Json value = R"({"Statement": [{"Effect": "Deny", "Action": "*", "Resource": "*", "Effect": "Allow"}]})";
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value["Statement"][0]["Effect"], "Allow");
}

}  // namespace
}  // namespace c2a
