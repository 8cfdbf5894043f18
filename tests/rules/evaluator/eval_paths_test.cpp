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
  operation.property = PropertyChange{{"Properties", "Role"},
                                      {},
                                      PropertyOperationType::Update,
                                      Json("a"),
                                      Json("b"),
                                      UpdateType::Immutable,
                                      {},
                                      {}};
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

TEST(EvalPaths, StatefulComesFromTheResourceFacts) {
  DiffFixture f;
  auto bucket = f.both(resource("Bucket", "AWS::S3::Bucket"));
  auto topic = f.both(resource("Topic", "AWS::SNS::Topic"));
  auto bucketReplace = f.operate(OperationType::Replace, bucket.first, bucket.second);
  f.operate(OperationType::Replace, topic.first, topic.second);
  auto probe =
      rule("r", {changes("change")}, {compare(path("change.component.stateful"), "==", lit(true))},
           effect("change", Risk::High));
  EvaluationOptions options;
  options.facts.isStateful = [](std::string_view type) { return type == "AWS::S3::Bucket"; };
  f.decide(ruleSet({probe}), options);
  EXPECT_EQ(idsWithRisk(f, Risk::High), (std::vector<std::string>{f.op(bucketReplace).id}));
  // Without facts nothing is stateful, and the field is a boolean rather than missing.
  f.decide(ruleSet({probe}));
  EXPECT_TRUE(idsWithRisk(f, Risk::High).empty());
  auto asFalse = rule("r", {components("x", ComponentType::Resource)},
                      {compare(path("x.stateful"), "==", lit(false))}, effect("x", Risk::High));
  f.decide(ruleSet({asFalse}));
  EXPECT_EQ(idsWithRisk(f, Risk::High).size(), 2u);
}

TEST(EvalPaths, ConstructPathAndId) {
  DiffFixture f;
  auto moved = f.both(
      resource("Old", "AWS::SQS::Queue", {{"Metadata", {{"aws:cdk:path", "App/Queue/Resource"}}}}),
      resource("New", "AWS::SQS::Queue",
               {{"Metadata", {{"aws:cdk:path", "App/Ingest/Queue/Resource"}}}}));
  auto plain = f.both(resource("Plain", "AWS::SNS::Topic"));
  auto defaulted = f.both(resource("Meta", "AWS::CDK::Metadata",
                                   {{"Metadata", {{"aws:cdk:path", "App/CDKMetadata/Default"}}}}));
  auto rename = f.operate(OperationType::Rename, moved.first, moved.second);
  f.operate(OperationType::Remove, plain.first, std::nullopt);
  auto meta = f.update(defaulted, "Properties.Analytics", Json("a"), Json("b"));
  auto holds = [&](const std::string& field, const Json& value) {
    return reached(f, rule("r", {changes("change")},
                           {compare(path("change.component." + field), "==", lit(value))},
                           effect("change", Risk::High)));
  };
  // The AFTER side of a renamed component.
  EXPECT_EQ(holds("constructPath", "App/Ingest/Queue/Resource"),
            (std::vector<std::string>{f.op(rename).id}));
  EXPECT_EQ(holds("constructId", "Queue"), (std::vector<std::string>{f.op(rename).id}));
  EXPECT_EQ(holds("constructId", "CDKMetadata"), (std::vector<std::string>{f.op(meta).id}));
  // Without aws:cdk:path there is no construct.
  EXPECT_EQ(reached(f, rule("r", {changes("change")},
                            {negate(exists(path("change.component.constructId")))},
                            effect("change", Risk::High))),
            (std::vector<std::string>{"op1"}));
}

TEST(EvalPaths, EnclosingValuesNearestFirst) {
  DiffFixture f;
  Json policy = {{"Properties",
                  {{"PolicyDocument",
                    {{"Statement",
                      {{{"Effect", "Allow"}, {"Action", {"s3:GetObject", "s3:PutObject"}}},
                       {{"Effect", "Deny"}, {"Action", {"iam:*"}}}}}}}}}};
  auto sides = f.both(resource("P", "AWS::IAM::Policy", policy));
  auto inAllow = f.update(sides, "Properties.PolicyDocument.Statement.0.Action.1", std::nullopt,
                          Json("s3:PutObject"), PropertyOperationType::Insert);
  auto fromDeny = f.update(sides, "Properties.PolicyDocument.Statement.1.Action.1",
                           Json("iam:PassRole"), std::nullopt, PropertyOperationType::Remove);
  auto top = f.update(sides, "DependsOn", Json("A"), Json("B"));
  f.operate(OperationType::Replace, sides.first, sides.second);
  auto probe = [&](Expression condition) {
    return reached(
        f, rule("r", {changes("change")}, {std::move(condition)}, effect("change", Risk::High)));
  };
  // The statement is two levels up from an action in its list; any level with `*`.
  EXPECT_EQ(probe(compare(path("change.enclosing.1.Effect"), "==", lit("Allow"))),
            (std::vector<std::string>{f.op(inAllow).id}));
  EXPECT_EQ(probe(compare(path("change.enclosing.*.Effect"), "==", lit("Deny"))),
            (std::vector<std::string>{f.op(fromDeny).id}));
  // The parent of an action is its list; `enclosing` alone is each enclosing value.
  EXPECT_EQ(probe(compare(path("change.enclosing.0"), "contains", lit("s3:GetObject"))),
            (std::vector<std::string>{f.op(inAllow).id}));
  EXPECT_EQ(probe(compare(path("change.enclosing.**.Effect"), "==", lit("Deny"))),
            (std::vector<std::string>{f.op(inAllow).id, f.op(fromDeny).id}));
  // A top-level property and a component operation have nothing around them.
  EXPECT_EQ(probe(negate(exists(path("change.enclosing")))),
            (std::vector<std::string>{f.op(top).id, "op3"}));
  EXPECT_TRUE(probe(exists(path("change.enclosing.9"))).empty());
}

}  // namespace
}  // namespace c2a::rules::testing
