#include "model-diffing/property_diff.h"

#include <gtest/gtest.h>

#include "model/same_value.h"

namespace c2a::diffing {
namespace {

std::vector<std::string> describe(const std::string& before, const std::string& after) {
  std::vector<std::string> out;
  for (const auto& change : diffProperties(normalizeIntrinsics(Json::parse(before)),
                                           normalizeIntrinsics(Json::parse(after)))) {
    std::string line = std::string(toString(change.operation)) + " " + toDotted(change.path);
    if (!change.oldPath.empty()) line += " from " + toDotted(change.oldPath);
    out.push_back(line);
  }
  return out;
}

using Lines = std::vector<std::string>;

TEST(PropertyDiff, ChangedLeafIsOneUpdateAtItsPath) {
  EXPECT_EQ(describe(R"({"Properties":{"Tags":[{"Key":"a","Value":"1"}]}})",
                     R"({"Properties":{"Tags":[{"Key":"a","Value":"2"}]}})"),
            Lines{"UPDATE Properties.Tags.0.Value"});
}

TEST(PropertyDiff, InsertedArrayElementIsOneInsert) {
  EXPECT_EQ(describe(R"({"P":{"L":["a","b","c"]}})", R"({"P":{"L":["a","x-new","b","c"]}})"),
            Lines{"INSERT P.L.1"});
}

TEST(PropertyDiff, RemovedAndAddedKeys) {
  EXPECT_EQ(describe(R"({"P":{"A":1,"B":2}})", R"({"P":{"B":2,"C":3}})"),
            (Lines{"INSERT P.C", "REMOVE P.A"}));
}

TEST(PropertyDiff, MovedElementIsAMove) {
  EXPECT_EQ(describe(R"({"L":["a","b","c","d"]})", R"({"L":["b","c","d","a"]})"),
            Lines{"MOVE L.3 from L.0"});
}

TEST(PropertyDiff, MovedAndChangedElement) {
  auto lines = describe(R"({"L":[{"Name":"alpha","Port":80},{"Name":"beta","Port":443}]})",
                        R"({"L":[{"Name":"beta","Port":443},{"Name":"alpha","Port":8080}]})");
  EXPECT_EQ(lines, (Lines{"MOVE L.1 from L.0", "UPDATE L.1.Port"}));
}

TEST(PropertyDiff, DependsOnIsASet) {
  EXPECT_TRUE(describe(R"({"DependsOn":["A","B"]})", R"({"DependsOn":["B","A"]})").empty());
  EXPECT_TRUE(describe(R"({"DependsOn":"A"})", R"({"DependsOn":["A"]})").empty());
  EXPECT_EQ(describe(R"({"DependsOn":["A","B","C"]})", R"({"DependsOn":["B","A"]})"),
            Lines{"UPDATE DependsOn"});
}

TEST(PropertyDiff, IntrinsicsCompareWholeAndNormalised) {
  // GetAtt's dotted string and array forms are the same value.
  EXPECT_TRUE(describe(R"({"P":{"Arn":{"Fn::GetAtt":"Role.Arn"}}})",
                       R"({"P":{"Arn":{"Fn::GetAtt":["Role","Arn"]}}})")
                  .empty());
  EXPECT_TRUE(describe(R"({"P":{"S":{"Fn::Sub":["x-${AWS::Region}",{}]}}})",
                       R"({"P":{"S":{"Fn::Sub":"x-${AWS::Region}"}}})")
                  .empty());
  // A changed reference is one update of the property, never a path into `Fn::Join`.
  EXPECT_EQ(describe(R"({"P":{"N":{"Fn::Join":["-",[{"Ref":"A"},"x"]]}}})",
                     R"({"P":{"N":{"Fn::Join":["-",[{"Ref":"B"},"x"]]}}})"),
            Lines{"UPDATE P.N"});
}

TEST(PropertyDiff, ObjectKeyOrderAndLooseScalarsAreNoChange) {
  EXPECT_TRUE(
      describe(R"({"P":{"A":1,"B":"2","C":true}})", R"({"P":{"C":"true","B":2,"A":"1"}})").empty());
}

TEST(PropertyDiff, TypeChangeOfAValueIsAnUpdate) {
  EXPECT_EQ(describe(R"({"P":{"X":["a"]}})", R"({"P":{"X":"a"}})"), Lines{"UPDATE P.X"});
}

}  // namespace
}  // namespace c2a::diffing
