// The printer: canonical native text for known ASTs, and parse → print → parse gives the same AST.
#include <gtest/gtest.h>

#include <string>

#include "rules/expression_parser.h"
#include "rules/native_parser.h"
#include "rules/native_printer.h"
#include "tests/rules/grammar/ast_dump.h"

namespace c2a::rules {
namespace {

using testing::dumpExpression;
using testing::dumpRules;

// Every feature of the language, in a layout the printer does not use.
constexpr const char* kEverything = R"(# comment
include "common.rules"
rule "Every \"feature\"\t\\ here" {
  let bucket = resource "AWS::S3::Bucket"
  let anyResource = resource
  let p = parameter let o = output let cd = condition
  let m = mapping let k = construct let s = stack
  let c = component { type: Resource, subtype: 'AWS::IAM::Role', name: "AdminRole" }
  let onlyName = component { name: "X" }
  let nothing = component {}
  let ch = change { type: "REPLACE", propertyOperationType: "UPDATE", certainty: "possible" }
  let anyChange = change
  let ins = change where ins appliesTo bucket && ins.new.Properties.X === 'y'
  where ch appliesTo cf.Properties.DistributionConfig.Origins.*.OriginProtocolPolicy
  where (a == 1 or b != 2) and not (c exists or d < -3.5) || !e.f.**.g >= 1e3
  where (a == 1 and b == 2) and c == 3 or (d == 4 or e == 5)
  where all bucket.Properties.Tags.*.Key startsWith "team-"
  where r.Metadata."aws:cdk:path" endsWith '/Resource' and r.'*'."" exists and r.x.0 -> y
  where z in [1, -2, 2.5, "s", 'q\'', true, false, null, [], [[1], ["a\nb"]]]
  where q.type contains 'x' and q.name matches "a*" and q.n matchesRegex '^a$' and u <- v
  where u >> v and u << v and u <= 1 and u > 2 and u < 3 and u !== 4 and u references w
  effect risk = high, action = reject, target = ch
  rule "child" {
    let inner = change { type: INSERT }
    effect action = approve
    rule "grandchild" { effect risk = unknown, action = none }
  }
  rule "second child" { effect risk = low, target = bucket }
}

rule "another" { effect action = approve }
)";

TEST(Printer, RoundTripKeepsEveryFeature) {
  const ParsedRules first = parseNativeRules(kEverything, "everything.rules");
  const std::string printed = printNativeRules(first.rules);
  const ParsedRules second = parseNativeRules(printed, "printed.rules");
  EXPECT_EQ(dumpRules(second.rules), dumpRules(first.rules)) << printed;
  EXPECT_EQ(printNativeRules(second.rules), printed);  // the canonical form is a fixed point
}

TEST(Printer, CanonicalLayout) {
  const ParsedRules parsed = parseNativeRules(R"(rule "Bucket replacements lose data" {
    let bucket = resource   "AWS::S3::Bucket"
    let ins = change where ins appliesTo bucket and ins.new.Properties.X == 'y'
    where change appliesTo bucket
    effect target = change, action = reject, risk = high
    rule "child" { let c = component { name: 'N', type: "Output" } effect risk = low, target = c }
  } rule "second" { effect action = approve })",
                                              "layout.rules");
  EXPECT_EQ(printNativeRules(parsed.rules), R"(rule "Bucket replacements lose data" {
  let bucket = resource "AWS::S3::Bucket"
  let ins = change where ins appliesTo bucket and ins.new.Properties.X == "y"
  where change appliesTo bucket
  effect risk = high, action = reject
  rule "child" {
    let c = component { type: "Output", name: "N" }
    effect risk = low, target = c
  }
}

rule "second" {
  effect action = approve
}
)");
}

TEST(Printer, LongChainsContinueOnePerLine) {
  const ParsedRules parsed = parseNativeRules(R"(rule "origin protocol" {
    let cf = resource "AWS::CloudFront::Distribution"
    let change = change where change appliesTo cf.Properties.DistributionConfig.Origins.*.OriginProtocolPolicy and change.old == 'http-only' and change.new == 'https-only'
    where change.old == 'a-long-value-that-makes-the-line-too-long' or change.new == 'another-long-value' or change.new exists
    effect risk = low, action = approve
  })",
                                              "long.rules");
  const std::string printed = printNativeRules(parsed.rules);
  EXPECT_EQ(printed, R"(rule "origin protocol" {
  let cf = resource "AWS::CloudFront::Distribution"
  let change = change where change appliesTo cf.Properties.DistributionConfig.Origins.*.OriginProtocolPolicy
      and change.old == "http-only"
      and change.new == "https-only"
  where change.old == "a-long-value-that-makes-the-line-too-long"
      or change.new == "another-long-value"
      or change.new exists
  effect risk = low, action = approve
}
)");
  EXPECT_EQ(dumpRules(parseNativeRules(printed, "printed.rules").rules), dumpRules(parsed.rules));
}

Expression condition(std::string_view text) {
  return parseExpression(text, {"t", 1, 1});
}

Expression compare(std::string root, std::string op, Json value) {
  Expression e;
  e.kind = Expression::Kind::Compare;
  e.op = std::move(op);
  e.lhs = Operand{PathOperand{std::move(root), -1, {}, {}}, std::nullopt};
  e.rhs = Operand{std::nullopt, LiteralOperand{std::move(value), {}}};
  return e;
}

Expression join(Expression::Kind kind, std::vector<Expression> children) {
  Expression e;
  e.kind = kind;
  e.children = std::move(children);
  return e;
}

TEST(Printer, ParenthesesOnlyWhereNeeded) {
  using K = Expression::Kind;
  const Expression a = compare("a", "==", 1);
  const Expression b = compare("b", "==", 2);
  const Expression c = compare("c", "==", 3);
  EXPECT_EQ(printExpression(join(K::Or, {join(K::And, {a, b}), c})), "a == 1 and b == 2 or c == 3");
  EXPECT_EQ(printExpression(join(K::And, {join(K::Or, {a, b}), c})),
            "(a == 1 or b == 2) and c == 3");
  EXPECT_EQ(printExpression(join(K::And, {join(K::And, {a, b}), c})),
            "(a == 1 and b == 2) and c == 3");
  EXPECT_EQ(printExpression(join(K::Or, {a, join(K::Or, {b, c})})), "a == 1 or (b == 2 or c == 3)");
  EXPECT_EQ(printExpression(join(K::Not, {join(K::And, {a, b})})), "not (a == 1 and b == 2)");
  EXPECT_EQ(printExpression(join(K::Not, {join(K::Not, {a})})), "not not a == 1");
  // Each parses back to the tree it was printed from.
  for (const Expression& e :
       {join(K::And, {join(K::Or, {a, b}), c}), join(K::And, {join(K::And, {a, b}), c}),
        join(K::Or, {a, join(K::Or, {b, c})}), join(K::Not, {join(K::And, {a, b})})}) {
    EXPECT_EQ(dumpExpression(condition(printExpression(e))), dumpExpression(e));
  }
}

TEST(Printer, OperandsAndLiterals) {
  Expression e;
  e.kind = Expression::Kind::Compare;
  e.op = "startsWith";
  e.universal = true;
  e.lhs = Operand{PathOperand{"r",
                              -1,
                              {{PathSegment::Kind::Key, "Metadata"},
                               {PathSegment::Kind::Key, "aws:cdk:path"},
                               {PathSegment::Kind::AnyOne, ""},
                               {PathSegment::Kind::AnyDepth, ""},
                               {PathSegment::Kind::Key, "*"},
                               {PathSegment::Kind::Key, "0"},
                               {PathSegment::Kind::Key, ""}},
                              {}},
                  std::nullopt};
  e.rhs = Operand{std::nullopt, LiteralOperand{Json("say \"hi\"\n\t\\ it's"), {}}};
  const std::string printed = printExpression(e);
  EXPECT_EQ(printed,
            R"(all r.Metadata."aws:cdk:path".*.**."*".0."" startsWith "say \"hi\"\n\t\\ it's")");
  EXPECT_EQ(dumpExpression(condition(printed)), dumpExpression(e));

  EXPECT_EQ(
      printExpression(compare("x", "in", Json::parse(R"([1, 2.5, "a", true, null, [false]])"))),
      R"(x in [1, 2.5, "a", true, null, [false]])");
  Expression exists;
  exists.kind = Expression::Kind::Exists;
  exists.lhs = Operand{PathOperand{"x", -1, {{PathSegment::Kind::Key, "new"}}, {}}, std::nullopt};
  EXPECT_EQ(printExpression(exists), "x.new exists");
}

TEST(Printer, QueryShorthands) {
  const auto printQuery = [](Query q) {
    Rule rule;
    rule.description = "q";
    rule.bindings.push_back(Binding{"x", std::move(q), {}, -1, {}});
    const std::string text = printNativeRules({rule});
    const auto start = text.find("let x = ") + 8;
    return text.substr(start, text.find('\n', start) - start);
  };
  Query q;
  q.kind = Query::Kind::Component;
  EXPECT_EQ(printQuery(q), "component");
  q.componentType = ComponentType::Resource;
  EXPECT_EQ(printQuery(q), "resource");
  q.subtype = "AWS::S3::Bucket";
  EXPECT_EQ(printQuery(q), "resource \"AWS::S3::Bucket\"");
  q.name = "B";
  EXPECT_EQ(printQuery(q),
            "component { type: \"Resource\", subtype: \"AWS::S3::Bucket\", name: \"B\" }");
  Query construct;
  construct.kind = Query::Kind::Component;
  construct.componentType = ComponentType::Construct;
  EXPECT_EQ(printQuery(construct), "construct");
  construct.subtype = "X";
  EXPECT_EQ(printQuery(construct), "component { type: \"Construct\", subtype: \"X\" }");
  Query change;
  change.kind = Query::Kind::Change;
  EXPECT_EQ(printQuery(change), "change");
  change.certainty = Certainty::Definite;
  change.changeType = OperationType::Remove;
  EXPECT_EQ(printQuery(change), "change { type: \"REMOVE\", certainty: \"definite\" }");
}

// C2A allows a binding that is only a condition: it prints as a rule-level `where`.
TEST(Printer, FilterBindingsBecomeRuleConditions) {
  Rule rule;
  rule.description = "filters";
  Binding bucket{"bucket", {}, {}, -1, {}};
  bucket.query.kind = Query::Kind::Component;
  bucket.query.componentType = ComponentType::Resource;
  bucket.query.subtype = "AWS::S3::Bucket";
  rule.bindings.push_back(bucket);
  Binding filter{"f", {}, {condition("change appliesTo bucket")}, -1, {}};
  rule.bindings.push_back(filter);
  rule.effect = Effect{Risk::High, std::nullopt, "change", -1, {}};
  EXPECT_EQ(printNativeRules({rule}), R"(rule "filters" {
  let bucket = resource "AWS::S3::Bucket"
  where change appliesTo bucket
  effect risk = high
}
)");
}

TEST(Printer, SeveralBindingConditionsJoinWithAnd) {
  Rule rule;
  rule.description = "b";
  Binding c{"c", {}, {condition("c.a == 1 or c.b == 2"), condition("c.d exists")}, -1, {}};
  c.query.kind = Query::Kind::Change;
  rule.bindings.push_back(c);
  rule.effect = Effect{std::nullopt, Action::Approve, "c", -1, {}};
  EXPECT_EQ(printNativeRules({rule}), R"(rule "b" {
  let c = change where (c.a == 1 or c.b == 2) and c.d exists
  effect action = approve, target = c
}
)");
}

TEST(Printer, EffectWithoutRiskOrActionStaysVisibleAsAComment) {
  Rule rule;
  rule.description = "e";
  rule.effect = Effect{std::nullopt, std::nullopt, "x", -1, {}};
  const std::string printed = printNativeRules({rule});
  EXPECT_EQ(printed, "rule \"e\" {\n  # effect without a risk or an action: target = x\n}\n");
  EXPECT_NO_THROW(parseNativeRules(printed, "e.rules"));
}

}  // namespace
}  // namespace c2a::rules
