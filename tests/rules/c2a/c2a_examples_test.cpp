// Every C2A rule example from its docs, fixtures and presets (fixtures/SOURCES.md) loads and
// compiles with no problem, into the rules its docs describe.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "rules/operators.h"
#include "tests/rules/c2a/c2a_test_support.h"

namespace c2a::rules::testing {
namespace {

class C2aExamples : public ::testing::TestWithParam<const char*> {};

TEST_P(C2aExamples, LoadsAndCompilesWithNoProblem) {
  LocationTable locations(fixturePath(GetParam()));
  RuleSet set;
  set.rules = readC2aRules(Json::parse(readFixture(GetParam())), locations);
  EXPECT_FALSE(set.rules.empty());
  EXPECT_EQ(compileProblems(set), "");
}

INSTANTIATE_TEST_SUITE_P(C2aFixtures, C2aExamples,
                         ::testing::Values("simple-stacks-rules.json", "readme-insert-approve.json",
                                           "readme-cloudfront.json",
                                           "rules-md-insert-property.json",
                                           "rules-md-tag-value.json", "rules-md-all-resources.json",
                                           "rules-md-applies-to.json", "rules-md-old-new.json",
                                           "rules-md-binding-where.json", "rules-md-nesting.json",
                                           "broadening-iam-permissions.json",
                                           "broadening-security-group.json"),
                         [](const auto& info) {
                           std::string name = info.param;
                           name = name.substr(0, name.find('.'));
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

RuleSet compiledFixture(const char* name) {
  return compiledC2a(readFixture(name));
}

TEST(C2aExamplesAst, ReadmeInsertApprove) {
  RuleSet set = compiledFixture("readme-insert-approve.json");
  ASSERT_EQ(set.rules.size(), 1U);
  EXPECT_TRUE(sameJson(dumpRule(set.rules[0]), R"({
    "description": "Allow all insert operations",
    "bindings": [{"name": "insertChange", "query": {"kind": "change", "changeType": "INSERT"}}],
    "effect": {"target": "insertChange", "risk": "low", "action": "approve"}
  })"));
  EXPECT_EQ(set.rules[0].effect->targetSlot, set.rules[0].bindings[0].slot);
  EXPECT_EQ(set.slotCount, 1);
}

TEST(C2aExamplesAst, ReadmeCloudFrontOrigins) {
  RuleSet set = compiledFixture("readme-cloudfront.json");
  ASSERT_EQ(set.rules.size(), 1U);
  EXPECT_TRUE(sameJson(dumpRule(set.rules[0]), R"({
    "description": "CLOUDFRONT",
    "bindings": [{"name": "cf", "query": {"kind": "component", "componentType": "Resource",
                                          "subtype": "AWS::CloudFront::Distribution"}}],
    "children": [
      {"description": "Cloudfront Distributions origin changes are risky",
       "bindings": [{"name": "change", "query": {"kind": "change"}, "where": [
         {"kind": "compare", "op": "appliesTo",
          "lhs": {"root": "change", "segments": []},
          "rhs": {"root": "cf", "segments": ["Properties", "DistributionConfig", "Origins"]}}]}],
       "effect": {"target": "change", "risk": "high"}},
      {"description": "Cloudfront Distributions origin protocol security can increase",
       "bindings": [{"name": "change", "query": {"kind": "change"}, "where": [
         {"kind": "compare", "op": "appliesTo",
          "lhs": {"root": "change", "segments": []},
          "rhs": {"root": "cf", "segments": ["Properties", "DistributionConfig", "Origins", "<*>",
                                             "OriginProtocolPolicy"]}},
         {"kind": "compare", "op": "==", "lhs": {"root": "change", "segments": ["old"]},
          "rhs": {"literal": "http-only"}},
         {"kind": "compare", "op": "==", "lhs": {"root": "change", "segments": ["new"]},
          "rhs": {"literal": "https-only"}}]}],
       "effect": {"target": "change", "risk": "low", "action": "approve"}}
    ]
  })"));
  // The two `change` bindings are siblings: each its own slot, each rule's effect on its own.
  const Rule& origins = set.rules[0].children[0];
  const Rule& protocol = set.rules[0].children[1];
  EXPECT_NE(origins.bindings[0].slot, protocol.bindings[0].slot);
  EXPECT_EQ(origins.effect->targetSlot, origins.bindings[0].slot);
  EXPECT_EQ(protocol.effect->targetSlot, protocol.bindings[0].slot);
  // `cf` in the children's conditions is the parent's binding.
  EXPECT_EQ(protocol.bindings[0].conditions[0].rhs->path->slot, set.rules[0].bindings[0].slot);
  EXPECT_EQ(protocol.bindings[0].conditions[0].operatorIndex, findOperator("appliesTo"));
  EXPECT_EQ(protocol.bindings[0].conditions[1].operatorIndex, findOperator("=="));
  EXPECT_EQ(set.slotCount, 3);
}

TEST(C2aExamplesAst, SimpleStacksRules) {
  RuleSet set = compiledFixture("simple-stacks-rules.json");
  ASSERT_EQ(set.rules.size(), 1U);
  EXPECT_TRUE(sameJson(dumpRule(set.rules[0]), R"({
    "description": "",
    "bindings": [
      {"name": "INSERT_PROPERTY", "query": {"kind": "change", "propertyOperationType": "INSERT"}},
      {"name": "bucket", "query": {"kind": "component", "componentType": "Resource",
                                   "subtype": "AWS::S3::Bucket"}}],
    "children": [{
      "description": "", "bindings": [],
      "where": [{"kind": "compare", "op": "appliesTo",
                 "lhs": {"root": "INSERT_PROPERTY", "segments": []},
                 "rhs": {"root": "bucket", "segments": ["Properties", "<*>"]}}],
      "effect": {"target": "INSERT_PROPERTY", "risk": "high"}}]
  })"));
  EXPECT_EQ(set.rules[0].children[0].effect->targetSlot, set.rules[0].bindings[0].slot);
}

TEST(C2aExamplesAst, RulesMdTagValue) {
  RuleSet set = compiledFixture("rules-md-tag-value.json");
  const Rule& child = set.rules.at(0).children.at(0);
  ASSERT_EQ(child.conditions.size(), 2U);
  EXPECT_TRUE(sameJson(dumpExpression(child.conditions[1]), R"({
    "kind": "compare", "op": "==",
    "lhs": {"root": "INSERT_PROPERTY", "segments": ["new", "Value"]},
    "rhs": {"literal": "value2"}})"));
}

// C2A drops `===` conditions (they do not split into its operator list); here they are `==`.
TEST(C2aExamplesAst, RulesMdTripleEqualsIsEquals) {
  RuleSet set = compiledFixture("rules-md-old-new.json");
  const Rule& rule = set.rules.at(0);
  ASSERT_EQ(rule.conditions.size(), 2U);
  EXPECT_EQ(rule.conditions[1].op, "===");
  EXPECT_EQ(rule.conditions[1].operatorIndex, findOperator("=="));
  EXPECT_TRUE(sameJson(dumpExpression(rule.conditions[1]), R"({
    "kind": "compare", "op": "===",
    "lhs": {"root": "INSERT_COMPONENT", "segments": ["new", "Propeties", "FunctionName"]},
    "rhs": {"literal": "CDK ROCKS"}})"));
}

TEST(C2aExamplesAst, RulesMdBindingWhereAndConditionOnlyBinding) {
  RuleSet set = compiledFixture("rules-md-binding-where.json");
  EXPECT_TRUE(sameJson(dumpRule(set.rules.at(0)), R"({
    "description": "",
    "bindings": [
      {"name": "lambda", "query": {"kind": "component", "componentType": "Resource",
                                   "subtype": "AWS::Lambda::Function"}},
      {"name": "INSERT_COMPONENT", "query": {"kind": "change", "changeType": "INSERT"},
       "where": [{"kind": "compare", "op": "appliesTo",
                  "lhs": {"root": "INSERT_COMPONENT", "segments": []},
                  "rhs": {"root": "lambda", "segments": []}}]},
      {"name": "CDK_ROCKS", "query": {"kind": "filter"},
       "where": [{"kind": "compare", "op": "===",
                  "lhs": {"root": "INSERT_COMPONENT",
                          "segments": ["new", "Properties", "FunctionName"]},
                  "rhs": {"literal": "CDK ROCKS"}}]}]
  })"));
}

TEST(C2aExamplesAst, RulesMdAllResourcesAndAppliesTo) {
  RuleSet all = compiledFixture("rules-md-all-resources.json");
  EXPECT_TRUE(sameJson(dumpQuery(all.rules.at(0).bindings.at(0).query),
                       R"({"kind": "component", "componentType": "Resource"})"));
  RuleSet lambda = compiledFixture("rules-md-applies-to.json");
  const Rule& rule = lambda.rules.at(0);
  ASSERT_EQ(rule.conditions.size(), 1U);
  EXPECT_EQ(rule.conditions[0].lhs->path->slot, rule.bindings[1].slot);
  EXPECT_EQ(rule.conditions[0].rhs->path->slot, rule.bindings[0].slot);
  EXPECT_FALSE(rule.effect.has_value());
}

TEST(C2aExamplesAst, RulesMdNestingAndInsertProperty) {
  RuleSet nesting = compiledFixture("rules-md-nesting.json");
  const Rule& root = nesting.rules.at(0);
  ASSERT_EQ(root.children.size(), 2U);
  for (const Rule& child : root.children) {
    EXPECT_EQ(child.effect->risk, Risk::High);
    EXPECT_EQ(child.effect->targetSlot, root.bindings[0].slot);
    EXPECT_EQ(child.conditions.at(0).rhs->path->slot, child.bindings.at(0).slot);
  }
  EXPECT_EQ(root.children[1].bindings[0].query.subtype, "AWS::DynamoDb::Table");
  EXPECT_EQ(nesting.slotCount, 3);

  RuleSet insert = compiledFixture("rules-md-insert-property.json");
  ASSERT_EQ(insert.rules.at(0).children.size(), 2U);
  EXPECT_TRUE(sameJson(dumpExpression(insert.rules[0].children[1].conditions.at(0)), R"({
    "kind": "compare", "op": "appliesTo",
    "lhs": {"root": "INSERT_PROPERTY", "segments": []},
    "rhs": {"root": "bucket", "segments": ["Properties", "Tags", "<*>"]}})"));
}

int countRules(const std::vector<Rule>& rules) {
  int count = 0;
  for (const Rule& rule : rules) count += 1 + countRules(rule.children);
  return count;
}

/// Every rule with an effect: high risk, no action, target resolved to a change binding.
void expectHighRiskLeaves(const std::vector<Rule>& rules, const std::set<int>& changeSlots) {
  for (const Rule& rule : rules) {
    if (rule.effect) {
      EXPECT_EQ(rule.effect->risk, Risk::High);
      EXPECT_FALSE(rule.effect->action.has_value());
      EXPECT_TRUE(changeSlots.contains(rule.effect->targetSlot)) << rule.effect->target;
      EXPECT_FALSE(rule.conditions.empty());
    }
    expectHighRiskLeaves(rule.children, changeSlots);
  }
}

TEST(C2aExamplesAst, IamPreset) {
  RuleSet set = compiledFixture("broadening-iam-permissions.json");
  ASSERT_EQ(set.rules.size(), 1U);
  const Rule& root = set.rules[0];
  Rule bindingsOnly;
  bindingsOnly.bindings = root.bindings;
  EXPECT_TRUE(sameJson(dumpRule(bindingsOnly), R"({
    "description": "",
    "bindings": [
      {"name": "INSERT_COMPONENT", "query": {"kind": "change", "changeType": "INSERT"}},
      {"name": "INSERT_PROPERTY", "query": {"kind": "change", "propertyOperationType": "INSERT"}},
      {"name": "UPDATE_PROPERTY", "query": {"kind": "change", "propertyOperationType": "UPDATE"}}]
  })"));
  // Lambda permission, 3 managed-policy holders, 3 inline identity policies, 17 resource
  // policies, 12 policy resources: one component binding each.
  EXPECT_EQ(root.children.size(), 36U);
  EXPECT_EQ(countRules(set.rules), 1 + 36 + 1 + 3 * 3 + 3 * 4 + 17 * 3 + 12 * 3);
  expectHighRiskLeaves(set.rules, {0, 1, 2});
  const Rule& group = root.children[4];  // AWS::IAM::Group, inline policies
  EXPECT_EQ(group.bindings.at(0).query.subtype, "AWS::IAM::Group");
  EXPECT_TRUE(sameJson(dumpExpression(group.children.at(1).conditions.at(0)), R"({
    "kind": "compare", "op": "appliesTo",
    "lhs": {"root": "INSERT_PROPERTY", "segments": []},
    "rhs": {"root": "AWSIAMGroup",
            "segments": ["Properties", "Policies", "<*>", "PolicyDocument", "Statement", "<*>"]}
  })"));
  EXPECT_EQ(set.slotCount, 3 + 36);
}

TEST(C2aExamplesAst, SecurityGroupPreset) {
  RuleSet set = compiledFixture("broadening-security-group.json");
  ASSERT_EQ(set.rules.size(), 1U);
  const Rule& root = set.rules[0];
  ASSERT_EQ(root.bindings.size(), 2U);
  EXPECT_TRUE(sameJson(dumpQuery(root.bindings[0].query), R"({"kind": "change"})"));
  EXPECT_EQ(root.bindings[0].name, "ALL_CHANGES");
  ASSERT_EQ(root.children.size(), 3U);
  EXPECT_EQ(root.children[0].bindings.at(0).query.subtype, "AWS::EC2::SecurityGroup");
  EXPECT_EQ(root.children[0].children.size(), 4U);
  // C2A's wildcard `== '*'`: the path has a value.
  EXPECT_TRUE(sameJson(dumpExpression(root.children[0].children[0].conditions.at(1)), R"({
    "kind": "exists",
    "lhs": {"root": "INSERT_COMPONENT",
            "segments": ["new", "Properties", "SecurityGroupIngress", "<*>"]}})"));
  expectHighRiskLeaves(set.rules, {0, 1});
}

}  // namespace
}  // namespace c2a::rules::testing
