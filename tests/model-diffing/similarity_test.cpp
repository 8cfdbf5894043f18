#include "model-diffing/similarity.h"

#include <gtest/gtest.h>

namespace c2a::diffing {
namespace {

TEST(Weight, CountsPrimitivesAndKeys) {
  // Seed 002: {"b": "string", "c": "string"} weighs 4 (two keys, two values).
  EXPECT_DOUBLE_EQ(weight(Json::parse(R"({"b":"string","c":"string"})")), 4);
  EXPECT_DOUBLE_EQ(weight(Json("x")), 1);
  EXPECT_DOUBLE_EQ(weight(Json::parse("[1, 2, 3]")), 3);
}

TEST(Similarity, IsSeed002sWeightedAverage) {
  auto before = Json::parse(R"({"a":{"b":"string","c":"string"},"d":"string"})");
  auto after = Json::parse(R"({"a":{"b":"string","c":"string"},"d":"str"})");
  double d = stringSimilarity("string", "str");
  EXPECT_GT(d, 0.0);
  EXPECT_LT(d, 1.0);
  EXPECT_DOUBLE_EQ(similarity(before, after), 1.0 * 4 / 5 + d * 1 / 5);
}

TEST(StringSimilarity, IsGraded) {
  EXPECT_DOUBLE_EQ(stringSimilarity("same", "same"), 1);
  EXPECT_DOUBLE_EQ(stringSimilarity("abcd", "wxyz"), 0);
  EXPECT_DOUBLE_EQ(stringSimilarity("night", "nacht"), 0.25);  // shares "ht" of 4 + 4 bigrams
  EXPECT_GT(stringSimilarity("orders-queue", "orders-queue-2"),
            stringSimilarity("orders-queue", "billing-topic"));
}

TEST(BigramScope, KeepingBigramsChangesNoSimilarity) {
  // Repeated bigrams ("aaaa") count as often as they occur, kept or not.
  auto before = Json::parse(R"(["night", "aaaa", "orders-queue", "x", "string"])");
  auto after = Json::parse(R"(["nacht", "aa", "orders-queue-2", "xy", "str"])");
  BigramScope outer;
  for (int round = 0; round < 2; ++round) {  // the second round reads the kept bigrams
    BigramScope inner;
    for (const auto& a : before) {
      for (const auto& b : after) {
        EXPECT_DOUBLE_EQ(similarity(a, b), stringSimilarity(a.get_ref<const std::string&>(),
                                                            b.get_ref<const std::string&>()))
            << a << " " << b;
      }
    }
  }
}

TEST(BigramScope, TheOutermostForgetsTheStrings) {
  Json value("night");
  const Json other("nacht");
  {
    BigramScope scope;
    EXPECT_DOUBLE_EQ(similarity(value, other), 0.25);
  }
  value.get_ref<std::string&>() = "nachx";  // same address, other text
  BigramScope scope;
  EXPECT_DOUBLE_EQ(similarity(value, other), 0.75);  // na, ac, ch of 4 + 4 bigrams
}

TEST(Similarity, ArrayOrderDoesNotMatter) {
  EXPECT_DOUBLE_EQ(
      similarity(Json::parse(R"([1, "two", {"x": 3}])"), Json::parse(R"([{"x": 3}, 1, "two"])")),
      1);
}

TEST(Similarity, ScalarsCompareAsCloudFormationSeesThem) {
  EXPECT_DOUBLE_EQ(similarity(Json(5), Json("5")), 1);
  EXPECT_DOUBLE_EQ(similarity(Json(true), Json("true")), 1);
  EXPECT_DOUBLE_EQ(similarity(Json(10), Json(100)), 0);
}

TEST(Similarity, MissingKeysCountAgainst) {
  auto a = Json::parse(R"({"x": 1, "y": 2})");
  auto b = Json::parse(R"({"x": 1})");
  EXPECT_DOUBLE_EQ(similarity(a, b), 0.5);
  EXPECT_DOUBLE_EQ(similarity(Json::object(), Json::object()), 1);
}

}  // namespace
}  // namespace c2a::diffing

namespace c2a::diffing {
namespace {

TEST(Similarity, ReferencesAreTheSameResourceOrNot) {
  // RoleA is not "mostly" RoleB: look-alike siblings must not pass for each other.
  EXPECT_DOUBLE_EQ(similarity(Json::parse(R"({"Ref":"TestFunction0Role"})"),
                              Json::parse(R"({"Ref":"TestFunction1Role"})")),
                   0);
  EXPECT_DOUBLE_EQ(similarity(Json::parse(R"({"Fn::GetAtt":["RoleA","Arn"]})"),
                              Json::parse(R"({"Fn::GetAtt":["RoleA","Arn"]})")),
                   1);
}

}  // namespace
}  // namespace c2a::diffing

namespace c2a::diffing {
namespace {

Json nested(int depth, int width, int seed) {
  if (depth == 0) return Json(seed);
  Json out = Json::array();
  for (int i = 0; i < width; ++i) out.push_back(nested(depth - 1, width, seed * width + i));
  return out;
}

TEST(Similarity, DeeplyNestedArraysStayBounded) {
  // Arrays of arrays, 5 deep, 8 wide, every leaf different: pairing by similarity at every level
  // would cost 64^5 comparisons. The budget keeps it to a bounded amount of work and a sane answer.
  auto a = nested(5, 8, 1);
  auto b = nested(5, 8, 2);
  double s = similarity(a, b);
  EXPECT_GE(s, 0.0);
  EXPECT_LE(s, 1.0);
  EXPECT_DOUBLE_EQ(similarity(a, a), 1.0);
}

}  // namespace
}  // namespace c2a::diffing
