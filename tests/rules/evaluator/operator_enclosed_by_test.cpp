#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorEnclosedBy, Components) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, "<<", entity(w.function), entity(w.stack)));
  EXPECT_TRUE(relates(w, "<<", entity(w.function), entity(w.construct)));
  EXPECT_FALSE(relates(w, "<<", entity(w.role), entity(w.construct)));
  EXPECT_FALSE(relates(w, "<<", entity(w.stack), entity(w.function)));
}

TEST(OperatorEnclosedBy, ChangeStandsForItsComponent) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, "<<", changeEntity(w.functionUpdate), entity(w.construct)));
}

TEST(OperatorEnclosedBy, JsonValuesNever) {
  auto world = graphWorld();
  Json name = "Function";
  EXPECT_FALSE(relates(*world, "<<", jsonValue(name), jsonValue(name)));
}

TEST(OperatorEnclosedBy, AliasAndRule) {
  EXPECT_EQ(findOperator("enclosedBy"), findOperator("<<"));
  auto world = graphWorld();
  auto ids = reached(world->fixture,
                     rule("probe", {components("container", {}, {}, "App/Api"), changes("change")},
                          {compare(path("change"), "enclosedBy", path("container"))},
                          effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{world->fixture.op(world->functionUpdate).id}));
}

}  // namespace
}  // namespace c2a::rules::testing
