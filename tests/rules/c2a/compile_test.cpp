// compileRuleSet: slots, scopes, operators, operand modes and effect targets, with every problem
// reported and located. Rules are written in C2A's structure (the native language has its own
// parser tests); the compiler does not care which format they came from.
#include <gtest/gtest.h>

#include "rules/operators.h"
#include "tests/rules/c2a/c2a_test_support.h"

namespace c2a::rules::testing {
namespace {

/// The problems' messages, one per line, without locations (the tests of locations build a
/// LocationTable; without one, conditions are placed at 1:1 by the expression parser).
std::string problemsOf(std::string_view text) {
  RuleSet set = readC2a(text);
  std::string out;
  for (const Diagnostic& d : compileRuleSet(set)) out += d.message + "\n";
  return out;
}

TEST(CompileScopes, SlotsAreNumberedAcrossTheWholeSet) {
  RuleSet set = compiledC2a(R"([
    {"let": {"a": {"change": {}}, "b": {"Resource": "AWS::S3::Bucket"}},
     "then": [{"let": {"c": {"Parameter": ""}}, "where": "a appliesTo c",
               "effect": {"target": "a", "risk": "low"}}]},
    {"let": {"a": {"change": {}}}, "effect": {"target": "a", "risk": "high"}}
  ])");
  EXPECT_EQ(set.rules[0].bindings[0].slot, 0);
  EXPECT_EQ(set.rules[0].bindings[1].slot, 1);
  EXPECT_EQ(set.rules[0].children[0].bindings[0].slot, 2);
  EXPECT_EQ(set.rules[1].bindings[0].slot, 3);
  EXPECT_EQ(set.slotCount, 4);
  const Rule& child = set.rules[0].children[0];
  EXPECT_EQ(child.conditions[0].lhs->path->slot, 0);  // the parent's `a`
  EXPECT_EQ(child.conditions[0].rhs->path->slot, 2);
  EXPECT_EQ(child.effect->targetSlot, 0);
  EXPECT_EQ(set.rules[1].effect->targetSlot, 3);  // its own `a`, not the first rule's
}

TEST(CompileScopes, SiblingsDoNotSeeEachOther) {
  EXPECT_EQ(problemsOf(R"({"then": [
                {"let": {"first": {"change": {}}}},
                {"where": "first.type == 'INSERT'"}]})"),
            "unknown identifier `first`\n");
}

TEST(CompileScopes, UnknownIdentifierSuggestsANameInScope) {
  EXPECT_EQ(problemsOf(R"({"let": {"bucket": {"Resource": "AWS::S3::Bucket"}},
                          "where": "buckt.Properties.BucketName == 'logs'"})"),
            "unknown identifier `buckt`; did you mean `bucket`?\n");
  EXPECT_EQ(problemsOf(R"({"let": {"bucket": {"Resource": "AWS::S3::Bucket"}},
                          "where": "queue.Properties.QueueName == 'jobs'"})"),
            "unknown identifier `queue`\n");
}

TEST(CompileScopes, ABindingSeesOnlyTheBindingsBeforeItAndItself) {
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}, "where": "c appliesTo bucket"},
                                   "bucket": {"Resource": "AWS::S3::Bucket"}}})"),
            "`bucket` is used before its binding (bound later in this rule, at "
            "rules.json)\n");
}

TEST(CompileScopes, DuplicateBindingInAChildIsReportedWithTheFirst) {
  // 1 {"let": {"x": {"change": {}}},
  // 2  "then": [{"let": {"x": {"Resource": "AWS::S3::Bucket"}}}]}
  LocationTable table("rules.json");
  table.add("/let/x", 1, 11);
  table.add("/then/0/let/x", 2, 20);
  RuleSet set = readC2a(R"({"let": {"x": {"change": {}}},
                            "then": [{"let": {"x": {"Resource": "AWS::S3::Bucket"}}}]})",
                        table);
  EXPECT_EQ(compileProblems(set),
            "rules.json:2:20: duplicate binding `x` (first bound at rules.json:1:11)\n");
}

TEST(CompileOperators, UnknownOperatorWithSuggestion) {
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}, "b": {"Resource": "AWS::S3::Bucket"}},
                          "where": "c apliesTo b"})"),
            "unknown operator `apliesTo`; did you mean `appliesTo`?\n");
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}}, "where": "c.type likes 'INSERT'"})"),
            "unknown operator `likes`\n");
}

TEST(CompileOperators, AliasesResolveToTheirOperator) {
  RuleSet set = compiledC2a(R"({"let": {"c": {"change": {}}},
                               "where": ["c.type === 'INSERT'", "c.type !== 'REMOVE'"]})");
  EXPECT_EQ(set.rules[0].conditions[0].operatorIndex, findOperator("=="));
  EXPECT_EQ(set.rules[0].conditions[1].operatorIndex, findOperator("!="));
  EXPECT_GE(set.rules[0].conditions[1].operatorIndex, 0);
}

TEST(CompileOperators, NestedConditionsAreResolved) {
  RuleSet set = compiledC2a(R"({"let": {"c": {"change": {}}},
      "where": "not (c.type == 'INSERT' or c.type == 'REMOVE') and c.new.Size exists"})");
  const Expression& where = set.rules[0].conditions.at(0);
  ASSERT_EQ(where.kind, Expression::Kind::And);
  const Expression& either = where.children.at(0).children.at(0);
  EXPECT_EQ(either.kind, Expression::Kind::Or);
  EXPECT_EQ(either.children.at(1).operatorIndex, findOperator("=="));
  EXPECT_EQ(either.children.at(1).lhs->path->slot, 0);
  EXPECT_EQ(where.children.at(1).lhs->path->slot, 0);
}

TEST(CompileOperands, EntityOperandMustBeABareBinding) {
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}, "b": {"Resource": "AWS::S3::Bucket"}},
                          "where": "c.old appliesTo b"})"),
            "the left operand of `appliesTo` must be a bare binding, not the path "
            "`c.old`: it stands for the component or change itself\n");
  EXPECT_EQ(problemsOf(R"({"let": {"b": {"Resource": "AWS::S3::Bucket"}},
                          "where": "'c' appliesTo b"})"),
            "the left operand of `appliesTo` must be a binding (a component or "
            "change), not a literal\n");
}

TEST(CompileOperands, PatternOperandMustBeRootedAtAComponent) {
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}, "d": {"change": {}}},
                          "where": "c appliesTo d.Properties"})"),
            "the right operand of `appliesTo` must be a path from a component "
            "binding; `d` is a change binding\n");
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}}, "where": "c appliesTo 'bucket'"})"),
            "the right operand of `appliesTo` must be a path from a component binding "
            "(like `bucket.Properties.Tags`), not a literal\n");
}

TEST(CompileOperands, ExistsNeedsAPath) {
  EXPECT_EQ(problemsOf(R"({"where": "'x' exists"})"),
            "`exists` needs a path (like `bucket.Properties.Tags`)\n");
}

TEST(CompileOperands, AllQuantifiesOnlyValues) {
  RuleSet all = compiledC2a(R"({"let": {"b": {"Resource": "AWS::S3::Bucket"}},
                               "where": "all b.Properties.Tags.*.Key startsWith 'team-'"})");
  EXPECT_TRUE(all.rules[0].conditions[0].universal);
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}, "b": {"Resource": "AWS::S3::Bucket"}},
                          "where": "all c appliesTo b"})"),
            "`all` quantifies over values; the left operand of `appliesTo` is not a value\n");
}

TEST(CompileOperands, ConditionOnlyBindingsBindNothingToReachThrough) {
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}, "f": {"where": "c.type == 'INSERT'"}},
                          "where": "f.x == 1"})"),
            "`f` binds no component or change (it has only a `where`), so there is "
            "nothing to reach through it\n");
}

TEST(CompileEffects, UnreachableTargetWithSuggestion) {
  EXPECT_EQ(problemsOf(R"({"let": {"change": {"change": {}}},
                          "effect": {"target": "chnage", "risk": "high"}})"),
            "effect target `chnage` is not bound in this rule or its parents "
            "(unreachable effect target); did you mean `change`?\n");
  // The default target is `change`.
  EXPECT_EQ(problemsOf(R"({"let": {"c": {"change": {}}}, "effect": {"risk": "high"}})"),
            "effect target `change` is not bound in this rule or its parents "
            "(unreachable effect target)\n");
}

TEST(CompileEffects, TargetsInAChildAreUnreachableFromItsParent) {
  EXPECT_EQ(problemsOf(R"({"effect": {"target": "c", "risk": "high"},
                          "then": [{"let": {"c": {"change": {}}}}]})"),
            "effect target `c` is not bound in this rule or its parents (unreachable "
            "effect target)\n");
}

TEST(CompileEffects, EffectNeedsRiskOrAction) {
  EXPECT_EQ(problemsOf(R"({"let": {"change": {"change": {}}}, "effect": {}})"),
            "effect sets neither risk nor action\n");
}

TEST(CompileEffects, ComponentTargetsAreFine) {
  RuleSet set = compiledC2a(R"({"let": {"b": {"Resource": "AWS::S3::Bucket"}},
                               "effect": {"target": "b", "action": "reject"}})");
  EXPECT_EQ(set.rules[0].effect->targetSlot, 0);
}

TEST(CompileReport, EveryProblemIsReportedWithItsLocation) {
  // 1 {"let": {"c": {"change": {}}},
  // 2  "where": ["buckt exists", "c.type startWith 'IN'"],
  // 3  "effect": {"target": "chnage"}}
  LocationTable table("rules.json");
  table.add("/where/0", 2, 12);
  table.add("/where/1", 2, 28);
  table.add("/effect", 3, 2);
  RuleSet set = readC2a(R"({"let": {"c": {"change": {}}},
                            "where": ["buckt exists", "c.type startWith 'IN'"],
                            "effect": {"target": "chnage"}})",
                        table);
  const Diagnostics problems = compileRuleSet(set);
  EXPECT_EQ(messages(problems),
            "rules.json:2:13: unknown identifier `buckt`\n"
            "rules.json:2:29: unknown operator `startWith`; did you mean `startsWith`?\n"
            "rules.json:3:2: effect sets neither risk nor action\n"
            "rules.json:3:2: effect target `chnage` is not bound in this rule or its parents "
            "(unreachable effect target)\n");
  for (const Diagnostic& d : problems) EXPECT_EQ(d.kind, ErrorKind::InvalidInput);
}

}  // namespace
}  // namespace c2a::rules::testing
