#include <gtest/gtest.h>

#include "eval_support.h"

namespace c2a::rules::testing {
namespace {

TEST(EvalPaths, ChangeFields) {
  auto world = bucketWorld();
  auto holds = [&](const std::string& field, const Json& value) {
    return conditionHolds(*world, compare(path("change." + field), "==", lit(value)));
  };
  EXPECT_TRUE(holds("type", "UPDATE"));
  EXPECT_TRUE(holds("propertyOperationType", "UPDATE"));
  EXPECT_TRUE(holds("path", "Properties.BucketName"));
  EXPECT_TRUE(holds("updateType", "Mutable"));
  EXPECT_TRUE(holds("certainty", "definite"));
  EXPECT_TRUE(holds("propagated", false));
  EXPECT_TRUE(holds("id", "op0"));
  EXPECT_TRUE(holds("stack", ""));
  EXPECT_TRUE(holds("old", "dev-logs"));
  EXPECT_TRUE(holds("new", "prod-logs"));
  EXPECT_TRUE(holds("component.name", "Bucket"));
  EXPECT_TRUE(holds("component.type", "Resource"));
  EXPECT_TRUE(holds("component.subtype", "AWS::S3::Bucket"));
  EXPECT_TRUE(holds("component.Properties.Port", 8080));
  EXPECT_FALSE(holds("type", "REPLACE"));
  EXPECT_FALSE(conditionHolds(*world, exists(path("change.oldName"))));
  EXPECT_FALSE(conditionHolds(*world, exists(path("change.cause"))));
  EXPECT_FALSE(conditionHolds(*world, exists(path("change.unknownField"))));
}

TEST(EvalPaths, ComponentFieldsAndBody) {
  auto world = bucketWorld();
  auto holds = [&](const std::string& field, const Json& value) {
    return conditionHolds(*world, compare(path("bucket." + field), "==", lit(value)));
  };
  EXPECT_TRUE(holds("name", "Bucket"));
  EXPECT_TRUE(holds("type", "Resource"));
  EXPECT_TRUE(holds("subtype", "AWS::S3::Bucket"));
  EXPECT_TRUE(holds("stack", ""));
  EXPECT_TRUE(holds("id", "Resource:Bucket"));
  EXPECT_TRUE(holds("Properties.BucketName", "prod-logs"));  // the AFTER side
  EXPECT_TRUE(holds("Properties.Tags.1.Key", "team"));
  EXPECT_FALSE(holds("Properties.Tags.2.Key", "team"));
  EXPECT_FALSE(holds("Properties.Tags.x.Key", "team"));
  EXPECT_TRUE(holds("Properties.*.Deep.Deeper.Leaf", "x"));
  EXPECT_TRUE(holds("**.Leaf", "x"));
  EXPECT_TRUE(holds("Properties.Nested.**", "x"));
  EXPECT_FALSE(holds("*.Leaf", "x"));
}

TEST(EvalPaths, DoubleStarIncludesZeroLevels) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(
      *world, compare(path("bucket.Properties.BucketName.**"), "==", lit("prod-logs"))));
  // Two `**` reach the leaf along several routes.
  EXPECT_TRUE(conditionHolds(*world, all(path("bucket.**.**.Leaf"), "==", lit("x"))));
}

TEST(EvalPaths, ComponentOperationOldAndNewAreTheBodies) {
  DiffFixture f;
  auto sides =
      f.both(resource("Db", "AWS::RDS::DBInstance", {{"Properties", {{"Engine", "mysql"}}}}),
             resource("Db", "AWS::RDS::DBInstance", {{"Properties", {{"Engine", "postgres"}}}}));
  auto replace = f.operate(OperationType::Replace, sides.first, sides.second);
  auto ids = reached(f, rule("r", {changes("change", OperationType::Replace)},
                             {compare(path("change.old.Properties.Engine"), "==", lit("mysql")),
                              compare(path("change.new.Properties.Engine"), "==", lit("postgres")),
                              negate(exists(path("change.propertyOperationType")))},
                             effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{f.op(replace).id}));
}

TEST(EvalPaths, RenameHasOldName) {
  DiffFixture f;
  auto sides = f.both(resource("Old", "AWS::S3::Bucket"), resource("New", "AWS::S3::Bucket"));
  auto rename = f.operate(OperationType::Rename, sides.first, sides.second);
  auto ids = reached(f, rule("r", {changes("change")},
                             {compare(path("change.oldName"), "==", lit("Old")),
                              compare(path("change.component.name"), "==", lit("New"))},
                             effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{f.op(rename).id}));
}

TEST(EvalPaths, CauseAndPropagated) {
  DiffFixture f;
  auto sides = f.both(resource("Fn", "AWS::Lambda::Function"));
  auto operation = f.componentOperation(OperationType::Update, sides.first, sides.second);
  operation.property = PropertyChange{
      {"Properties", "Role"}, {}, PropertyOperationType::Update, Json("a"), Json("b"),
      UpdateType::Immutable};
  operation.propagated = true;
  operation.certainty = Certainty::Possible;
  operation.cause = Cause{"role-replace", "referenced component replaced"};
  auto index = f.add(operation);
  auto ids = reached(f, rule("r", {changes("change", {}, {}, Certainty::Possible)},
                             {compare(path("change.propagated"), "==", lit(true)),
                              compare(path("change.cause.changeId"), "==", lit("role-replace")),
                              compare(path("change.updateType"), "==", lit("Immutable"))},
                             effect("change", Risk::High)));
  EXPECT_EQ(ids, (std::vector<std::string>{f.op(index).id}));
}

TEST(EvalPaths, ExistsCountsPresentNulls) {
  auto world = bucketWorld();
  world->after.component(0).properties["Properties"]["Nothing"] = nullptr;
  EXPECT_TRUE(conditionHolds(*world, exists(path("bucket.Properties.Nothing"))));
  EXPECT_FALSE(conditionHolds(*world, exists(path("bucket.Properties.Missing"))));
  EXPECT_TRUE(conditionHolds(*world, exists(path("bucket.Properties.Tags.*.Key"))));
  EXPECT_TRUE(conditionHolds(*world, exists(path("bucket"))));
  EXPECT_TRUE(conditionHolds(*world, exists(lit(nullptr))));
}

TEST(EvalPaths, NotAndOr) {
  auto world = bucketWorld();
  auto yes = [] { return compare(path("bucket.Properties.Port"), "==", lit(8080)); };
  auto no = [] { return compare(path("bucket.Properties.Port"), "==", lit(80)); };
  EXPECT_TRUE(conditionHolds(*world, both(yes(), negate(no()))));
  EXPECT_FALSE(conditionHolds(*world, both(yes(), no())));
  EXPECT_TRUE(conditionHolds(*world, either(no(), yes())));
  EXPECT_FALSE(conditionHolds(*world, either(no(), negate(yes()))));
  EXPECT_TRUE(conditionHolds(*world, negate(exists(path("bucket.Properties.Missing")))));
}

TEST(EvalPaths, LiteralsOnBothSides) {
  auto world = bucketWorld();
  EXPECT_TRUE(conditionHolds(*world, compare(lit(5), "==", lit("5"))));
  EXPECT_FALSE(conditionHolds(*world, compare(lit(5), "==", lit(6))));
}

}  // namespace
}  // namespace c2a::rules::testing
