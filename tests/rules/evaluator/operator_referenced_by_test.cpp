#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(OperatorReferencedBy, Components) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, "<-", entity(w.role), entity(w.function)));
  EXPECT_FALSE(relates(w, "<-", entity(w.function), entity(w.role)));
  EXPECT_TRUE(relates(w, "<-", entity(w.bucket), entity(w.function)));  // before the change only
  EXPECT_FALSE(relates(w, "<-", entity(w.role), entity(w.stack)));
}

TEST(OperatorReferencedBy, ChangeStandsForItsComponent) {
  auto world = graphWorld();
  auto& w = *world;
  EXPECT_TRUE(relates(w, "<-", entity(w.role), changeEntity(w.functionUpdate)));
}

TEST(OperatorReferencedBy, JsonValuesNever) {
  auto world = graphWorld();
  Json name = "Function";
  EXPECT_FALSE(relates(*world, "<-", jsonValue(name), jsonValue(name)));
}

TEST(OperatorReferencedBy, AliasAndRule) {
  EXPECT_EQ(findOperator("referencedBy"), findOperator("<-"));
  auto world = graphWorld();
  auto ids =
      reached(world->fixture, rule("probe", {components("role", {}, {}, "Role"), changes("change")},
                                   {compare(path("role"), "referencedBy", path("change"))},
                                   effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{world->fixture.op(world->functionUpdate).id}));
}

}  // namespace
}  // namespace c2a::rules::testing
