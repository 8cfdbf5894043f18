// One home for recognising CloudFormation's intrinsic functions (model/intrinsics.h).
#include "model/intrinsics.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace c2a {
namespace {

TEST(Intrinsics, FunctionNamesAreRefAndFn) {
  EXPECT_TRUE(isFunctionName("Ref"));
  EXPECT_TRUE(isFunctionName("Fn::GetAtt"));
  EXPECT_TRUE(isFunctionName("Fn::If"));
  EXPECT_FALSE(isFunctionName("Condition"));
  EXPECT_FALSE(isFunctionName("Properties"));
  EXPECT_FALSE(isFunctionName("ref"));
}

TEST(Intrinsics, AOneKeyObjectCallingAFunctionOrNamingACondition) {
  EXPECT_TRUE(isIntrinsic(Json::parse(R"({"Ref": "Bucket"})")));
  EXPECT_TRUE(isIntrinsic(Json::parse(R"({"Fn::Sub": "${AWS::StackName}-x"})")));
  EXPECT_TRUE(isIntrinsic(Json::parse(R"({"Condition": "IsProd"})")));
  // A Condition key with a non-string value is data, as is any object of several keys.
  EXPECT_FALSE(isIntrinsic(Json::parse(R"({"Condition": {"StringEquals": {}}})")));
  EXPECT_FALSE(isIntrinsic(Json::parse(R"({"Ref": "A", "Other": 1})")));
  EXPECT_FALSE(isIntrinsic(Json::parse(R"("Ref")")));
  EXPECT_TRUE(isConditionReference(Json::parse(R"({"Condition": "IsProd"})")));
  EXPECT_FALSE(isConditionReference(Json::parse(R"({"Ref": "IsProd"})")));
}

// The table (model/intrinsics/function_table.cpp): every function is found by its spelling and
// spelled back the same, in enum order, so a line added out of order fails here.
TEST(IntrinsicTable, EveryFunctionIsItsOwnEntry) {
  for (int i = 0; i <= static_cast<int>(Fn::ValueOfAll); ++i) {
    auto function = static_cast<Fn>(i);
    auto name = functionName(function);
    ASSERT_FALSE(name.empty()) << i;
    EXPECT_EQ(functionNamed(name), function) << name;
  }
  EXPECT_EQ(functionName(Fn::Ref), "Ref");
  EXPECT_EQ(functionName(Fn::Condition), "Condition");
  EXPECT_EQ(functionName(Fn::GetAZs), "Fn::GetAZs");
  EXPECT_FALSE(functionNamed("Fn::Unknown"));
  EXPECT_FALSE(functionNamed("Properties"));
}

TEST(IntrinsicTable, CallsAreAskedByFunctionNotBySpelling) {
  EXPECT_EQ(calledFunction(Json::parse(R"({"Fn::If": ["C", 1, 2]})")), Fn::If);
  EXPECT_EQ(calledFunction(Json::parse(R"({"Condition": "IsProd"})")), Fn::Condition);
  // An unknown function is still a function (isIntrinsic) but none the table knows.
  EXPECT_FALSE(calledFunction(Json::parse(R"({"Fn::Later": 1})")));
  EXPECT_FALSE(calledFunction(Json::parse(R"({"Ref": "A", "B": 1})")));
  EXPECT_TRUE(calls(Json::parse(R"({"Ref": "Bucket"})"), Fn::Ref));
  EXPECT_FALSE(calls(Json::parse(R"({"Ref": "Bucket"})"), Fn::GetAtt));
  EXPECT_EQ(call(Fn::GetAtt, Json::array({"Bucket", "Arn"})),
            Json::parse(R"({"Fn::GetAtt": ["Bucket", "Arn"]})"));
  EXPECT_TRUE(isForEachKey("Fn::ForEach::Topics"));
  EXPECT_FALSE(isForEachKey("Fn::ForEachTopics"));
}

// CloudFormation's short forms: `!Name` for `Fn::Name`, Ref and Condition as they are, the rule
// functions included; anything else is a tag c2a leaves alone.
TEST(IntrinsicTable, YamlShortForms) {
  const std::map<std::string, std::string> tags = {{"!Ref", "Ref"},
                                                   {"!Condition", "Condition"},
                                                   {"!GetAtt", "Fn::GetAtt"},
                                                   {"!Sub", "Fn::Sub"},
                                                   {"!If", "Fn::If"},
                                                   {"!ValueOfAll", "Fn::ValueOfAll"},
                                                   {"!Transform", "Fn::Transform"}};
  for (const auto& [tag, key] : tags) EXPECT_EQ(functionKeyForTag(tag), key) << tag;
  EXPECT_FALSE(functionKeyForTag("!Fn::Sub"));
  EXPECT_FALSE(functionKeyForTag("!ForEach"));
  EXPECT_FALSE(functionKeyForTag("!Custom"));
  EXPECT_FALSE(functionKeyForTag("!"));
  // `!GetAtt A.B.C` splits at the first dot; every other scalar argument is text.
  EXPECT_EQ(callFromScalar("Fn::GetAtt", "Stack.Outputs.Url"),
            Json::parse(R"({"Fn::GetAtt": ["Stack", "Outputs.Url"]})"));
  EXPECT_EQ(callFromScalar("Fn::GetAtt", "Bucket"), Json::parse(R"({"Fn::GetAtt": "Bucket"})"));
  EXPECT_EQ(callFromScalar("Ref", "123"), Json::parse(R"({"Ref": "123"})"));
}

class RenamesForTest : public LogicalIdRenames {
 public:
  [[nodiscard]] const std::string* renamed(const std::string& id) const override {
    static const std::string kNew = "Queue2";
    return id == "Queue" ? &kNew : nullptr;
  }
  [[nodiscard]] Json inside(const Json& value) const override { return value; }
};

TEST(IntrinsicTable, ARenameRewritesTheIdsAFunctionNames) {
  RenamesForTest renames;
  EXPECT_EQ(renamedCall(Json::parse(R"({"Ref": "Queue"})"), renames),
            Json::parse(R"({"Ref": "Queue2"})"));
  EXPECT_EQ(renamedCall(Json::parse(R"({"Fn::GetAtt": ["Queue", "Arn"]})"), renames),
            Json::parse(R"({"Fn::GetAtt": ["Queue2", "Arn"]})"));
  EXPECT_EQ(renamedCall(Json::parse(R"({"Fn::Sub": "${Queue.Arn}/${Other}/${!Queue}"})"), renames),
            Json::parse(R"({"Fn::Sub": "${Queue2.Arn}/${Other}/${!Queue}"})"));
  // A function that names no logical id: only what is nested in it can change.
  EXPECT_FALSE(renamedCall(Json::parse(R"({"Fn::Join": ["", [{"Ref": "Queue"}]]})"), renames));
  EXPECT_FALSE(renamedCall(Json::parse(R"({"Ref": "Other"})"), renames));
}

TEST(IntrinsicTable, ReadableTextAsTheFunctionsEntrySaysIt) {
  EXPECT_EQ(readableText(Json::parse(R"({"Fn::GetAtt": "Bucket.Arn"})")), "${Bucket.Arn}");
  EXPECT_EQ(readableText(Json::parse(R"({"Fn::ImportValue": {"Ref": "Name"}})")),
            "${Import:${Name}}");
  EXPECT_EQ(readableText(Json::parse(R"({"Fn::Join": [":", ["a", {"Ref": "B"}]]})")), "a:${B}");
  EXPECT_EQ(readableText(Json::parse(R"({"Fn::Sub": ["${X}-y", {"X": {"Ref": "Z"}}]})")), "${Z}-y");
  // No reading for a function c2a does not shorten: shown as JSON.
  EXPECT_EQ(readableText(Json::parse(R"({"Fn::Cidr": ["10.0.0.0/16", 4, 8]})")),
            R"({"Fn::Cidr":["10.0.0.0/16",4,8]})");
}

TEST(IntrinsicTable, ConditionBranchesAreLookedThrough) {
  std::vector<std::string> steps = {"Tags", "Fn::If", "1", "Fn::If", "2", "Key"};
  EXPECT_EQ(pastConditionBranches(steps, 1), 5u);
  EXPECT_EQ(pastConditionBranches(steps, 0), 0u);
  std::vector<std::string> condition = {"Fn::If", "0"};  // the condition's name is no branch
  EXPECT_EQ(pastConditionBranches(condition, 0), 0u);
}

}  // namespace
}  // namespace c2a
