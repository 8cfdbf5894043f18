// Every construct of the native rules language parses into the AST it means.
#include "rules/native_parser.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/rules/grammar/ast_dump.h"

namespace c2a::rules {
namespace {

using testing::dumpExpression;
using testing::dumpQuery;
using testing::dumpRules;

std::string at(const SourceLocation& where) {
  return where.file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
}

constexpr const char* kTour = R"(# comments to end of line
include "shared/common.rules"           # relative to this file
rule "Bucket replacements lose data" {  # description string
  let bucket = resource "AWS::S3::Bucket"
  let out = output
  let c = component { type: "Resource", subtype: "AWS::IAM::Role", name: "AdminRole" }
  let change = change { type: "REPLACE", propertyOperationType: "UPDATE", certainty: "possible" }
  let ins = change where ins appliesTo bucket and ins.new.Properties.X == 'y'
  where change appliesTo bucket
  effect risk = high, action = reject, target = change
  rule "child inherits bindings" {
    let any = resource
    effect risk = low
  }
}
)";

TEST(NativeParser, TourOfTheLanguage) {
  const ParsedRules parsed = parseNativeRules(kTour, "tour.rules");
  ASSERT_EQ(parsed.includes.size(), 1u);
  EXPECT_EQ(parsed.includes[0].path, "shared/common.rules");
  EXPECT_EQ(at(parsed.includes[0].where), "tour.rules:2:9");

  ASSERT_EQ(parsed.rules.size(), 1u);
  const Rule& rule = parsed.rules[0];
  EXPECT_EQ(rule.description, "Bucket replacements lose data");
  EXPECT_EQ(at(rule.where), "tour.rules:3:1");
  ASSERT_EQ(rule.bindings.size(), 5u);

  const Binding& bucket = rule.bindings[0];
  EXPECT_EQ(bucket.name, "bucket");
  EXPECT_EQ(at(bucket.where), "tour.rules:4:7");
  EXPECT_EQ(dumpQuery(bucket.query), Json::parse(R"({"kind":"component","componentType":"Resource",
                            "subtype":"AWS::S3::Bucket"})"));
  EXPECT_TRUE(bucket.conditions.empty());

  EXPECT_EQ(rule.bindings[1].name, "out");
  EXPECT_EQ(dumpQuery(rule.bindings[1].query),
            Json::parse(R"({"kind":"component","componentType":"Output"})"));

  EXPECT_EQ(dumpQuery(rule.bindings[2].query),
            Json::parse(R"({"kind":"component","componentType":"Resource",
                            "subtype":"AWS::IAM::Role","name":"AdminRole"})"));

  const Query& change = rule.bindings[3].query;
  EXPECT_EQ(rule.bindings[3].name, "change");
  EXPECT_EQ(change.kind, Query::Kind::Change);
  EXPECT_EQ(change.changeType, OperationType::Replace);
  EXPECT_EQ(change.propertyOperationType, PropertyOperationType::Update);
  EXPECT_EQ(change.certainty, Certainty::Possible);
  EXPECT_FALSE(change.componentType);

  const Binding& ins = rule.bindings[4];
  EXPECT_EQ(ins.query.kind, Query::Kind::Change);
  ASSERT_EQ(ins.conditions.size(), 1u);
  EXPECT_EQ(dumpExpression(ins.conditions[0]), Json::parse(R"({"kind":"and","children":[
      {"kind":"compare","op":"appliesTo","lhs":{"root":"ins","segments":[]},
       "rhs":{"root":"bucket","segments":[]}},
      {"kind":"compare","op":"==","lhs":{"root":"ins","segments":["new","Properties","X"]},
       "rhs":{"literal":"y"}}]})"));
  EXPECT_EQ(at(ins.conditions[0].where), "tour.rules:8:26");

  ASSERT_EQ(rule.conditions.size(), 1u);
  EXPECT_EQ(rule.conditions[0].op, "appliesTo");
  EXPECT_EQ(at(rule.conditions[0].where), "tour.rules:9:9");

  ASSERT_TRUE(rule.effect);
  EXPECT_EQ(rule.effect->risk, Risk::High);
  EXPECT_EQ(rule.effect->action, Action::Reject);
  EXPECT_EQ(rule.effect->target, "change");
  EXPECT_EQ(at(rule.effect->where), "tour.rules:10:3");

  ASSERT_EQ(rule.children.size(), 1u);
  const Rule& child = rule.children[0];
  EXPECT_EQ(child.description, "child inherits bindings");
  EXPECT_EQ(at(child.where), "tour.rules:11:3");
  ASSERT_EQ(child.bindings.size(), 1u);
  EXPECT_EQ(dumpQuery(child.bindings[0].query),
            Json::parse(R"({"kind":"component","componentType":"Resource"})"));
  ASSERT_TRUE(child.effect);
  EXPECT_EQ(child.effect->risk, Risk::Low);
  EXPECT_FALSE(child.effect->action);
  EXPECT_EQ(child.effect->target, "change");
}

TEST(NativeParser, EveryComponentKindShorthand) {
  const ParsedRules parsed = parseNativeRules(R"(rule "kinds" {
    let a = resource
    let b = parameter
    let c = output
    let d = condition
    let e = mapping
    let f = construct
    let g = stack
    effect risk = low
  })",
                                              "kinds.rules");
  const auto& bindings = parsed.rules.at(0).bindings;
  ASSERT_EQ(bindings.size(), 7u);
  const ComponentType expected[] = {ComponentType::Resource, ComponentType::Parameter,
                                    ComponentType::Output,   ComponentType::Condition,
                                    ComponentType::Mapping,  ComponentType::Construct,
                                    ComponentType::Stack};
  for (std::size_t i = 0; i < bindings.size(); ++i) {
    EXPECT_EQ(bindings[i].query.kind, Query::Kind::Component) << i;
    EXPECT_EQ(bindings[i].query.componentType, expected[i]) << i;
    EXPECT_FALSE(bindings[i].query.subtype) << i;
  }
}

TEST(NativeParser, QueriesWithoutFieldsSelectAnything) {
  const ParsedRules parsed = parseNativeRules(
      R"(rule "any" { let a = change let b = component let c = component {} let d = change {}
                      effect action = approve })",
      "any.rules");
  const auto& b = parsed.rules.at(0).bindings;
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(dumpQuery(b[0].query), Json::parse(R"({"kind":"change"})"));
  EXPECT_EQ(dumpQuery(b[1].query), Json::parse(R"({"kind":"component"})"));
  EXPECT_EQ(dumpQuery(b[2].query), Json::parse(R"({"kind":"component"})"));
  EXPECT_EQ(dumpQuery(b[3].query), Json::parse(R"({"kind":"change"})"));
}

TEST(NativeParser, QueryFieldsTakeBareWordsNewlinesAndTrailingCommas) {
  const ParsedRules parsed = parseNativeRules(R"(rule "fields" {
    let c = change {
      type: RENAME
      certainty: 'definite',
    }
    let r = component { subtype: "AWS::SQS::Queue", type: Resource, }
    effect risk = low
  })",
                                              "fields.rules");
  const auto& b = parsed.rules.at(0).bindings;
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].query.changeType, OperationType::Rename);
  EXPECT_EQ(b[0].query.certainty, Certainty::Definite);
  EXPECT_FALSE(b[0].query.propertyOperationType);
  EXPECT_EQ(b[1].query.componentType, ComponentType::Resource);
  EXPECT_EQ(b[1].query.subtype, "AWS::SQS::Queue");
}

TEST(NativeParser, AllChangeAndPropertyOperationTypes) {
  const char* types[] = {"INSERT", "REMOVE", "UPDATE", "REPLACE", "RENAME"};
  for (const char* type : types) {
    const auto parsed = parseNativeRules(
        std::string("rule \"t\" { let c = change { type: \"") + type + "\" } effect risk = low }",
        "t.rules");
    EXPECT_EQ(toString(*parsed.rules[0].bindings[0].query.changeType), type);
  }
  const char* propertyTypes[] = {"INSERT", "REMOVE", "UPDATE", "MOVE"};
  for (const char* type : propertyTypes) {
    const auto parsed = parseNativeRules(std::string("rule \"t\" { let c = change { "
                                                     "propertyOperationType: ") +
                                             type + " } effect risk = low }",
                                         "t.rules");
    EXPECT_EQ(toString(*parsed.rules[0].bindings[0].query.propertyOperationType), type);
  }
}

// A `where` on the `let` line filters the binding; on a line of its own it is the rule's.
TEST(NativeParser, BindingWhereIsOnTheLetLine) {
  const ParsedRules parsed = parseNativeRules(R"(rule "placement" {
    let a = resource "AWS::S3::Bucket"  where a.Properties.BucketName exists
    let b = change
    where b appliesTo a
    let c = change { type: "UPDATE" } where c appliesTo a
      and c.new == 1
    where a.Properties.X == 2   # rule-level
    effect risk = low
  })",
                                              "w.rules");
  const Rule& rule = parsed.rules.at(0);
  ASSERT_EQ(rule.bindings.size(), 3u);
  ASSERT_EQ(rule.bindings[0].conditions.size(), 1u);
  EXPECT_EQ(rule.bindings[0].conditions[0].kind, Expression::Kind::Exists);
  EXPECT_TRUE(rule.bindings[1].conditions.empty());
  ASSERT_EQ(rule.bindings[2].conditions.size(), 1u);
  EXPECT_EQ(rule.bindings[2].conditions[0].kind, Expression::Kind::And);
  ASSERT_EQ(rule.conditions.size(), 2u);
  EXPECT_EQ(rule.conditions[0].op, "appliesTo");
  EXPECT_EQ(rule.conditions[1].op, "==");
}

TEST(NativeParser, EffectItemsInAnyOrderWithDefaults) {
  const ParsedRules parsed = parseNativeRules(R"(
    rule "a" { let x = change effect target = x, action = "approve" }
    rule "b" { effect action = none, risk = "unknown" }
    rule "c" { effect risk = high }
  )",
                                              "e.rules");
  ASSERT_EQ(parsed.rules.size(), 3u);
  const Effect& a = *parsed.rules[0].effect;
  EXPECT_EQ(a.target, "x");
  EXPECT_EQ(a.action, Action::Approve);
  EXPECT_FALSE(a.risk);
  const Effect& b = *parsed.rules[1].effect;
  EXPECT_EQ(b.action, Action::None);
  EXPECT_EQ(b.risk, Risk::Unknown);
  EXPECT_EQ(b.target, "change");
  EXPECT_EQ(parsed.rules[2].effect->risk, Risk::High);
}

TEST(NativeParser, SeveralRuleConditionsAllKept) {
  const ParsedRules parsed = parseNativeRules(R"(rule "w" {
    where change.type == "REPLACE"
    where change.certainty != 'possible'
    where not change.propagated == true
    effect risk = high
  })",
                                              "w.rules");
  const auto& conditions = parsed.rules.at(0).conditions;
  ASSERT_EQ(conditions.size(), 3u);
  EXPECT_EQ(conditions[2].kind, Expression::Kind::Not);
}

TEST(NativeParser, NestedRulesAtAnyDepthUpToTheLimit) {
  std::string text;
  for (std::size_t i = 0; i < kMaxRuleNesting; ++i)
    text += "rule \"level " + std::to_string(i) + "\" {\n";
  text += "effect risk = low\n";
  for (std::size_t i = 0; i < kMaxRuleNesting; ++i) text += "}\n";
  const ParsedRules parsed = parseNativeRules(text, "deep.rules");
  const Rule* rule = &parsed.rules.at(0);
  std::size_t depth = 1;
  while (!rule->children.empty()) {
    rule = &rule->children[0];
    ++depth;
  }
  EXPECT_EQ(depth, kMaxRuleNesting);
  EXPECT_EQ(rule->description, "level 63");
  EXPECT_EQ(rule->where.line, 64);
  ASSERT_TRUE(rule->effect);
}

TEST(NativeParser, SiblingRulesAndIncludesInAnyOrder) {
  const ParsedRules parsed = parseNativeRules(R"(rule "one" { effect risk = low }
include 'a.rules'
rule "two" {
  rule "two.a" { effect risk = low }
  rule "two.b" { effect risk = high }
}
include "b/c.rules")",
                                              "s.rules");
  ASSERT_EQ(parsed.rules.size(), 2u);
  ASSERT_EQ(parsed.rules[1].children.size(), 2u);
  EXPECT_EQ(parsed.rules[1].children[1].description, "two.b");
  ASSERT_EQ(parsed.includes.size(), 2u);
  EXPECT_EQ(parsed.includes[0].path, "a.rules");
  EXPECT_EQ(parsed.includes[1].path, "b/c.rules");
  EXPECT_EQ(at(parsed.includes[1].where), "s.rules:7:9");
}

TEST(NativeParser, EmptyAndCommentOnlyFiles) {
  EXPECT_TRUE(parseNativeRules("", "e.rules").rules.empty());
  EXPECT_TRUE(parseNativeRules("# nothing here", "e.rules").rules.empty());
  EXPECT_TRUE(parseNativeRules("\n\n  # a\n# b\n", "e.rules").rules.empty());
}

TEST(NativeParser, CommentsAndNewlinesBetweenAnyTokens) {
  const ParsedRules parsed = parseNativeRules(R"(rule # a
  "spread out" # b
  { # c
    let # d
      b # e
      = # f
      change # g
    where # h
      b.type # i
      == # j
      "UPDATE" # k
    effect # l
      risk # m
      = # n
      high # o
      , action = reject
  } # end)",
                                              "c.rules");
  const Rule& rule = parsed.rules.at(0);
  EXPECT_EQ(rule.description, "spread out");
  ASSERT_EQ(rule.bindings.size(), 1u);
  EXPECT_EQ(rule.bindings[0].name, "b");
  ASSERT_EQ(rule.conditions.size(), 1u);
  EXPECT_EQ(rule.conditions[0].op, "==");
  EXPECT_EQ(rule.effect->action, Action::Reject);
}

TEST(NativeParser, DescriptionsUnescape) {
  const ParsedRules parsed = parseNativeRules(R"(rule "say \"hi\"\t\\ it's" { effect risk = low }
rule 'single \'quotes\' and "double"' { effect risk = low })",
                                              "d.rules");
  EXPECT_EQ(parsed.rules[0].description, "say \"hi\"\t\\ it's");
  EXPECT_EQ(parsed.rules[1].description, "single 'quotes' and \"double\"");
}

TEST(NativeParser, NamesMayStartWithKeywordsButNotBeThem) {
  const ParsedRules parsed = parseNativeRules(R"(rule "k" {
    let android = resource
    let notes = change where notes appliesTo android and notes.new.Properties.all == allowed.x
    effect risk = low, target = notes
  })",
                                              "k.rules");
  const Rule& rule = parsed.rules.at(0);
  EXPECT_EQ(rule.bindings[0].name, "android");
  EXPECT_EQ(rule.bindings[1].name, "notes");
  EXPECT_EQ(rule.effect->target, "notes");
  const auto& compare = rule.bindings[1].conditions[0].children[1];
  EXPECT_EQ(compare.lhs->path->segments.back().key, "all");
  EXPECT_EQ(compare.rhs->path->root, "allowed");
}

TEST(NativeParser, LocationsAreOneBasedLineAndColumn) {
  const ParsedRules parsed =
      parseNativeRules("\n  rule \"x\" {\n    where a.b == [1, 'two']\n  }", "loc.rules");
  const Expression& e = parsed.rules.at(0).conditions.at(0);
  EXPECT_EQ(at(parsed.rules[0].where), "loc.rules:2:3");
  EXPECT_EQ(at(e.where), "loc.rules:3:11");
  EXPECT_EQ(at(e.lhs->path->where), "loc.rules:3:11");
  EXPECT_EQ(at(e.rhs->literal->where), "loc.rules:3:18");
  EXPECT_EQ(e.rhs->literal->value, Json::parse(R"([1, "two"])"));
}

TEST(NativeParser, IdentifiersAndOperatorsAreLeftUnresolved) {
  const ParsedRules parsed = parseNativeRules(
      "rule \"u\" { where nobody frobnicates something effect risk = low }", "u.rules");
  const Expression& e = parsed.rules.at(0).conditions.at(0);
  EXPECT_EQ(e.op, "frobnicates");
  EXPECT_EQ(e.operatorIndex, -1);
  EXPECT_EQ(e.lhs->path->slot, -1);
  EXPECT_EQ(parsed.rules[0].effect->targetSlot, -1);
}

TEST(NativeParser, ByteOrderMarkAndWindowsLineEndings) {
  const ParsedRules parsed = parseNativeRules(
      "\xEF\xBB\xBFrule \"crlf\" {\r\n  let c = change\r\n  where c exists # note\r\n"
      "  effect risk = low\r\n}\r\n",
      "win.rules");
  const Rule& rule = parsed.rules.at(0);
  EXPECT_TRUE(rule.bindings.at(0).conditions.empty());  // the `where` is on its own line
  ASSERT_EQ(rule.conditions.size(), 1u);
  EXPECT_EQ(at(rule.conditions[0].where), "win.rules:3:9");
}

}  // namespace
}  // namespace c2a::rules
