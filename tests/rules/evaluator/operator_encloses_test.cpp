#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorEncloses, Components) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, ">>", entity(w.stack), entity(w.function)));  // through the construct
  EXPECT_TRUE(relates(w, ">>", entity(w.construct), entity(w.function)));
  EXPECT_TRUE(relates(w, ">>", entity(w.stack), entity(w.role)));
  EXPECT_FALSE(relates(w, ">>", entity(w.construct), entity(w.role)));
  EXPECT_FALSE(relates(w, ">>", entity(w.function), entity(w.stack)));
  EXPECT_FALSE(relates(w, ">>", entity(w.stack), entity(w.stack)));
  EXPECT_FALSE(
      relates(w, ">>", entity(w.function), entity(w.role)));  // a reference is no structure
}

TEST(OperatorEncloses, ChangeStandsForItsComponent) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, ">>", entity(w.construct), changeEntity(w.functionUpdate)));
}

TEST(OperatorEncloses, JsonValuesNever) {
  auto world = graphWorld();
  Json name = "Function";
  EXPECT_FALSE(relates(*world, ">>", jsonValue(name), jsonValue(name)));
}

TEST(OperatorEncloses, AliasAndRule) {
  EXPECT_EQ(findOperator("encloses"), findOperator(">>"));
  auto world = graphWorld();
  auto ids = reached(
      world->fixture,
      rule("probe", {components("container", {}, {}, "App/Api"), changes("change")},
           {compare(path("container"), "encloses", path("change"))}, effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{world->fixture.op(world->functionUpdate).id}));
}

}  // namespace
}  // namespace c2a::rules::testing
