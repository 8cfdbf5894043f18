#include "model/same_value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace c2a {
namespace {

TEST(Identical, TheSameTreeWrittenAlike) {
  auto body = Json::parse(R"({"Type":"AWS::SQS::Queue","Properties":{"Delay":5,
    "Tags":[{"Key":"a","Value":"b"}],"Ratio":0.5,"On":true,"None":null}})");
  EXPECT_TRUE(identical(body, Json::parse(body.dump())));
}

TEST(Identical, StricterThanEquivalent) {
  // Each pair is one value to CloudFormation (equivalent), but written otherwise, and a
  // normalisation or a rule could read the two writings apart: never identical.
  const char* pairs[][2] = {
      {R"({"a":5})", R"({"a":"5"})"},            // a number and its text
      {R"({"a":1})", R"({"a":1.0})"},            // a whole number and a float
      {R"({"a":true})", R"({"a":"true"})"},      // a flag and its text
      {R"({"a":1,"b":2})", R"({"b":2,"a":1})"},  // members in another order
      {R"({"a":[1,2]})", R"({"a":[1,2,3]})"},    // an element more
      {R"({"a":{"b":null}})", R"({"a":{}})"},    // a member more
  };
  for (const auto& pair : pairs) {
    auto a = Json::parse(pair[0]);
    auto b = Json::parse(pair[1]);
    EXPECT_FALSE(identical(a, b)) << pair[0] << " " << pair[1];
    EXPECT_FALSE(identical(b, a)) << pair[1] << " " << pair[0];
  }
  EXPECT_TRUE(equivalent(Json::parse(R"({"a":5})"), Json::parse(R"({"a":"5"})")));
}

TEST(Identical, ANotANumberIsNeverIdentical) {
  Json nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(identical(nan, nan));
  EXPECT_TRUE(identical(Json(0.25), Json(0.25)));
  EXPECT_FALSE(identical(Json(-1), Json(static_cast<std::uint64_t>(1))));
}

}  // namespace
}  // namespace c2a
