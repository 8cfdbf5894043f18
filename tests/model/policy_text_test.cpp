// A policy written as text is read as the document it deploys, or named as unreadable: never
// taken as no policy (model/policy_text.h).
#include "model/policy_text.h"

#include <gtest/gtest.h>

#include <string>

namespace c2a {
namespace {

Json parsed(const char* text) { return Json::parse(text); }

TEST(PolicyText, AJsonStringIsTheDocumentItHolds) {
  Json value = R"({"Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]})";
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value, parsed(R"({"Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]})"));
}

TEST(PolicyText, AnObjectOrAReferenceIsNoText) {
  Json object = parsed(R"({"Statement": []})");
  EXPECT_EQ(readPolicyText(object), PolicyText::NotText);
  Json reference = parsed(R"({"Ref": "Document"})");
  EXPECT_EQ(readPolicyText(reference), PolicyText::NotText);
  EXPECT_EQ(reference, parsed(R"({"Ref": "Document"})"));
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

TEST(PolicyText, SubVariablesGoWithEachString) {
  Json value = parsed(R"({"Fn::Sub": ["{\"Statement\": [{\"Effect\": \"${E}\", \"Action\": \"*\", \"Resource\": \"*\"}]}", {"E": {"Ref": "Mode"}}]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Read);
  EXPECT_EQ(value["Statement"][0]["Effect"], parsed(R"({"Fn::Sub": ["${E}", {"E": {"Ref": "Mode"}}]})"));
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
  Json whole = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": \"", {"Ref": "Arn"}, "\"}]}"]]})");
  EXPECT_EQ(readPolicyText(whole), PolicyText::Read);
  EXPECT_EQ(whole["Statement"][0]["Resource"], parsed(R"({"Ref": "Arn"})"));
}

TEST(PolicyText, AJoinedFunctionOutsideAStringIsUnreadable) {
  Json value = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"*\", \"Resource\": ", {"Ref": "Arns"}, "}]}"]]})");
  EXPECT_EQ(readPolicyText(value), PolicyText::Unreadable);
}

TEST(PolicyText, JoinedTextThatSpellsTheMarkerCannotForgeAFunction) {
  // The text writes the marker's escape itself, as if a function stood there.
  Json value = parsed(R"({"Fn::Join": ["", ["{\"Statement\": [{\"Effect\": \"Allow\", \"Action\": \"\\u001f\\u001f0\\u001f\\u001f\", \"Resource\": \"", {"Ref": "Arn"}, "\"}]}"]]})");
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
