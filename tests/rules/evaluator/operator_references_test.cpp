#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorReferences, Components) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, "->", entity(w.function), entity(w.role)));
  EXPECT_FALSE(relates(w, "->", entity(w.role), entity(w.function)));   // the other way
  EXPECT_TRUE(relates(w, "->", entity(w.function), entity(w.bucket)));  // before the change only
  EXPECT_FALSE(relates(w, "->", entity(w.stack), entity(w.role)));      // structure is no reference
  EXPECT_FALSE(relates(w, "->", entity(w.function), entity(w.function)));
}

TEST(OperatorReferences, ChangeStandsForItsComponent) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, "->", changeEntity(w.functionUpdate), entity(w.role)));
}

TEST(OperatorReferences, JsonValuesNever) {
  auto world = graphWorld();
  Json name = "Function";
  EXPECT_FALSE(relates(*world, "->", jsonValue(name), jsonValue(name)));
}

TEST(OperatorReferences, AliasAndRule) {
  EXPECT_EQ(findOperator("references"), findOperator("->"));
  auto world = graphWorld();
  auto ids =
      reached(world->fixture, rule("probe", {components("role", {}, {}, "Role"), changes("change")},
                                   {compare(path("change"), "references", path("role"))},
                                   effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{world->fixture.op(world->functionUpdate).id}));
}

}  // namespace
}  // namespace c2a::rules::testing
