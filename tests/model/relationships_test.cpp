// The model keeps one relationship per source, target and kind of reference from one place: the
// same reference met twice is one edge; the same target read from many properties is many.
#include <gtest/gtest.h>

#include <string>

#include "model/infra_model.h"

namespace c2a {
namespace {

ComponentIndex resource(InfraModel& model, const std::string& name) {
  Component component;
  component.type = ComponentType::Resource;
  component.name = name;
  return model.addComponent(std::move(component));
}

Relationship refAt(const std::string& property) {
  Relationship r;
  r.reference = ReferenceKind::Ref;
  r.sourcePath = {"Properties", property};
  return r;
}

TEST(Relationships, TheSameReferenceTwiceIsOneEdgeAndOthersAreKept) {
  InfraModel model;
  auto source = resource(model, "S");
  auto target = resource(model, "T");
  auto other = resource(model, "U");
  // Thousands of properties referring to one resource: each its own edge, each refused again.
  for (int i = 0; i < 5000; ++i) {
    EXPECT_TRUE(model.addRelationship(source, target, refAt("P" + std::to_string(i))));
  }
  for (int i = 0; i < 5000; ++i) {
    EXPECT_FALSE(model.addRelationship(source, target, refAt("P" + std::to_string(i))));
  }
  EXPECT_EQ(model.relationshipCount(), 5000U);
  // Same path, another target, another kind of reference, another attribute: all new.
  EXPECT_TRUE(model.addRelationship(source, other, refAt("P0")));
  auto getAtt = refAt("P0");
  getAtt.reference = ReferenceKind::GetAtt;
  EXPECT_TRUE(model.addRelationship(source, target, getAtt));
  getAtt.attribute = "Arn";
  EXPECT_TRUE(model.addRelationship(source, target, getAtt));
  EXPECT_FALSE(model.addRelationship(source, target, getAtt));
  EXPECT_TRUE(model.addRelationship(target, source, refAt("P0")));  // the other way round
  EXPECT_EQ(model.relationshipCount(), 5004U);
}

}  // namespace
}  // namespace c2a
