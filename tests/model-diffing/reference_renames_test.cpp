#include "model-diffing/reference_renames.h"

#include <gtest/gtest.h>

namespace c2a::diffing {
namespace {

TEST(ReferenceRenames, FollowRefGetAttSubAndDependsOn) {
  RenameMap renames{{"Old", "New"}};
  auto before = Json::parse(R"({"DependsOn":["Old","Keep"],"Properties":{
    "A":{"Ref":"Old"},"B":{"Fn::GetAtt":["Old","Arn"]},
    "C":{"Fn::Sub":"a-${Old.Arn}-${!Old}-${Other}-${Old}"},
    "D":{"Fn::Sub":["x-${Old}-${v}",{"v":{"Ref":"Old"}}]}}})");
  auto expected = Json::parse(R"({"DependsOn":["New","Keep"],"Properties":{
    "A":{"Ref":"New"},"B":{"Fn::GetAtt":["New","Arn"]},
    "C":{"Fn::Sub":"a-${New.Arn}-${!Old}-${Other}-${New}"},
    "D":{"Fn::Sub":["x-${New}-${v}",{"v":{"Ref":"New"}}]}}})");
  EXPECT_EQ(applyRenames(before, renames), expected);
}

TEST(ReferenceRenames, ATemporaryIsRenamedWhereItIs) {
  RenameMap renames{{"Old", "New"}};
  Json body = Json::parse(R"({"Properties":{"Name":"x","A":{"Ref":"Old"}}})");
  const auto* name = &body["Properties"]["Name"];
  Json renamed = applyRenames(std::move(body), renames);
  EXPECT_EQ(&renamed["Properties"]["Name"], name);  // moved, not copied
  EXPECT_EQ(renamed["Properties"]["A"], Json::parse(R"({"Ref":"New"})"));
}

// Every body a rename would change is one RenamedIds says it mentions; a body it says does not
// mention a renamed id comes out of applyRenames as it went in.
TEST(RenamedIds, MentionedWhereverARenameCouldRewrite) {
  RenameMap renames{{"Old", "New"}, {"Gone2", "Here2"}};
  RenamedIds ids(renames);
  const char* bodies[] = {
      R"({"A":{"Ref":"Old"}})",
      R"({"A":{"Fn::GetAtt":"Old.Arn"}})",
      R"({"A":{"Fn::GetAtt":["Gone2","Arn"]}})",
      R"({"A":{"Fn::Sub":"arn:${Old.Arn}/x"}})",
      R"({"A":{"Fn::Sub":["${v}",{"v":{"Ref":"Old"}}]}})",
      R"({"A":{"Fn::Join":["",[{"Ref":"Old"}]]}})",
      R"({"DependsOn":"Old"})",
      R"({"DependsOn":["Keep","Gone2"]})",
      R"({"A":{"Fn::If":["Cond",{"Ref":"Old"},"x"]}})",
      R"({"Old":{"Ref":"AWS::Region"}})",  // a key: seen too, to be safe
  };
  for (const char* text : bodies) {
    Json body = Json::parse(text);
    EXPECT_TRUE(ids.mentionedIn(body)) << text;
  }
  const char* apart[] = {
      R"({"A":{"Ref":"Older"}})",                 // another id that begins alike
      R"({"A":{"Fn::GetAtt":["MyOld","Arn"]}})",  // ... or ends alike
      R"({"A":{"Fn::Sub":"${Gone}-${Gone22}"}})",
      R"({"A":5,"B":[true,null,1.5],"DependsOn":["Keep"]})",
  };
  for (const char* text : apart) {
    Json body = Json::parse(text);
    EXPECT_FALSE(ids.mentionedIn(body)) << text;
    EXPECT_EQ(applyRenames(body, renames), body) << text;
  }
}

TEST(RenamedIds, AnIdOfOtherCharactersIsAlwaysMentioned) {
  RenameMap renames{{"Nested/Old", "Nested/New"}};
  EXPECT_TRUE(RenamedIds(renames).mentionedIn(Json::parse(R"({"A":1})")));
  EXPECT_FALSE(RenamedIds(RenameMap{}).mentionedIn(Json::parse(R"({"A":{"Ref":"Old"}})")));
}

}  // namespace
}  // namespace c2a::diffing
