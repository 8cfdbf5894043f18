// Every mistake gives its sentence at the line and column of the offending token.
#include <gtest/gtest.h>

#include <string>

#include "model/error.h"
#include "rules/expression_parser.h"
#include "rules/native_parser.h"

namespace c2a::rules {
namespace {

// "FILE:LINE:COL: message" of the error parsing `text`, or "no error".
std::string rulesError(const std::string& text) {
  try {
    parseNativeRules(text, "bad.rules");
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().kind, ErrorKind::InvalidInput);
    return error.diagnostic().str();
  }
  return "no error";
}

std::string conditionError(const std::string& text, SourceLocation start = {"c.json", 1, 1}) {
  try {
    parseExpression(text, start);
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().kind, ErrorKind::InvalidInput);
    return error.diagnostic().str();
  }
  return "no error";
}

// ---- Strings
TEST(NativeErrors, UnterminatedString) {
  EXPECT_EQ(rulesError("rule \"abc {\n}"), "bad.rules:1:12: unterminated string");
  EXPECT_EQ(rulesError("rule 'abc"), "bad.rules:1:10: unterminated string");
}

TEST(NativeErrors, UnknownEscape) {
  EXPECT_EQ(rulesError(R"(rule "a\qb" {})"),
            R"(bad.rules:1:9: unknown escape in a string (use \\, \", \', \n, \r or \t))");
}

// ---- Structure
TEST(NativeErrors, MissingClosingBrace) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  let a = resource\n"),
            "bad.rules:3:1: missing `}`: the file ends inside rule \"x\" (line 1)");
  EXPECT_EQ(rulesError("rule \"outer\" {\n  rule \"inner\" {\n    effect risk = low\n}"),
            "bad.rules:4:2: missing `}`: the file ends inside rule \"outer\" (line 1)");
  EXPECT_EQ(rulesError("rule \"outer\" {\n  rule \"inner\" {\n    effect risk = low\n"),
            "bad.rules:4:1: missing `}`: the file ends inside rule \"inner\" (line 2)");
}

TEST(NativeErrors, RuleWithoutDescription) {
  EXPECT_EQ(rulesError("rule {\n}"), "bad.rules:1:6: expected a string after `rule`");
}

TEST(NativeErrors, RuleWithoutOpeningBrace) {
  EXPECT_EQ(rulesError("rule \"x\"\n  let a = change\n}"),
            "bad.rules:2:3: expected `{` after the rule's description");
}

TEST(NativeErrors, UnknownRuleItem) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  when a == 1\n}"),
            "bad.rules:2:3: expected `let`, `where`, `effect`, `rule` or `}` in the rule");
  EXPECT_EQ(rulesError("rule \"x\" { include \"y\" }"),
            "bad.rules:1:12: expected `let`, `where`, `effect`, `rule` or `}` in the rule");
}

TEST(NativeErrors, StrayTopLevelText) {
  EXPECT_EQ(rulesError("rule \"x\" { effect risk = low }\n}"),
            "bad.rules:2:1: expected `rule` or `include`");
  EXPECT_EQ(rulesError("let a = change"), "bad.rules:1:1: expected `rule` or `include`");
}

TEST(NativeErrors, IncludeWithoutPath) {
  EXPECT_EQ(rulesError("include shared.rules"), "bad.rules:1:9: expected a string after `include`");
}

TEST(NativeErrors, RulesNestedBeyondTheLimit) {
  std::string text;
  for (std::size_t i = 0; i <= kMaxRuleNesting; ++i) text += "rule \"r\" {\n";
  for (std::size_t i = 0; i <= kMaxRuleNesting; ++i) text += "}\n";
  EXPECT_EQ(rulesError(text), "bad.rules:65:1: rules nest more than 64 deep");
}

// ---- Bindings
TEST(NativeErrors, LetWithoutName) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  let = change\n}"),
            "bad.rules:2:7: expected a binding name after `let`");
  EXPECT_EQ(rulesError("rule \"x\" {\n  let where = change\n}"),
            "bad.rules:2:7: expected a binding name after `let`");
}

TEST(NativeErrors, LetWithoutEquals) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  let a resource\n}"),
            "bad.rules:2:9: expected `=` after the binding name");
}

TEST(NativeErrors, LetWithoutQuery) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  let a = bucket\n}"),
            "bad.rules:2:11: expected a query after `=`: resource, component, change, parameter, "
            "output, condition, mapping, construct or stack");
}

TEST(NativeErrors, UnknownQueryField) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  let c = component { kind: \"Resource\" }\n}"),
            "bad.rules:2:23: unknown field `kind` in a component query (expected type, subtype or "
            "name)");
  EXPECT_EQ(rulesError("rule \"x\" {\n  let c = change { subtype: \"AWS::S3::Bucket\" }\n}"),
            "bad.rules:2:20: unknown field `subtype` in a change query (expected type, "
            "propertyOperationType, certainty or level)");
}

TEST(NativeErrors, NearMissesGetASuggestion) {
  EXPECT_EQ(rulesError("rule \"x\" { let c = component { nmae: \"A\" } }"),
            "bad.rules:1:32: unknown field `nmae` in a component query (expected type, subtype or "
            "name); did you mean `name`?");
  EXPECT_EQ(rulesError("rule \"x\" { effect risk = hihg }"),
            "bad.rules:1:26: unknown risk `hihg` (expected high, low or unknown); did you mean "
            "`high`?");
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { type: REPLCE } }"),
            "bad.rules:1:35: unknown change type `REPLCE` (expected INSERT, REMOVE, UPDATE, "
            "REPLACE or RENAME); did you mean `REPLACE`?");
}

TEST(NativeErrors, QueryFieldGivenTwice) {
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { type: UPDATE, type: INSERT } }"),
            "bad.rules:1:43: `type` is given twice in this query");
}

TEST(NativeErrors, BadQueryFieldValues) {
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { type: \"DELETE\" } }"),
            "bad.rules:1:35: unknown change type `DELETE` (expected INSERT, REMOVE, UPDATE, "
            "REPLACE or RENAME)");
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { propertyOperationType: REPLACE } }"),
            "bad.rules:1:52: unknown property operation type `REPLACE` (expected INSERT, REMOVE, "
            "UPDATE or MOVE)");
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { certainty: likely } }"),
            "bad.rules:1:40: unknown certainty `likely` (expected definite or possible)");
  EXPECT_EQ(rulesError("rule \"x\" { let c = component { type: resource } }"),
            "bad.rules:1:38: unknown component type `resource` (expected Resource, Parameter, "
            "Output, Condition, Mapping, Construct or Stack); did you mean `Resource`?");
}

TEST(NativeErrors, QueryFieldSyntax) {
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { type \"UPDATE\" } }"),
            "bad.rules:1:34: expected `:` after the field name");
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { type: } }"),
            "bad.rules:1:35: expected a string after `:`");
  EXPECT_EQ(rulesError("rule \"x\" { let c = change { type: UPDATE; } }"),
            "bad.rules:1:41: expected a field (`type: \"...\"`) or `}`");
}

// ---- Conditions inside rules
TEST(NativeErrors, WhereWithoutCondition) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  where\n}"),
            "bad.rules:3:1: expected a condition after `where`");
  EXPECT_EQ(rulesError("rule \"x\" {\n  let c = change where\n}"),
            "bad.rules:3:1: expected a condition after `where`");
}

TEST(NativeErrors, ConditionWithoutOperator) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  where change.type\n  effect risk = low\n}"),
            "bad.rules:3:3: expected an operator (`==`, `appliesTo`, ...) or `exists` after the "
            "operand");
}

// ---- Effects
TEST(NativeErrors, BadRiskValue) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  effect risk = \"extreme\"\n}"),
            "bad.rules:2:17: unknown risk `extreme` (expected high, low or unknown)");
  EXPECT_EQ(rulesError("rule \"x\" { effect risk = medium }"),
            "bad.rules:1:26: unknown risk `medium` (expected high, low or unknown)");
}

TEST(NativeErrors, BadActionValue) {
  EXPECT_EQ(rulesError("rule \"x\" { effect action = deny }"),
            "bad.rules:1:28: unknown action `deny` (expected approve, reject or none)");
}

TEST(NativeErrors, EffectSyntax) {
  EXPECT_EQ(rulesError("rule \"x\" { effect }"),
            "bad.rules:1:19: expected `risk = ...`, `action = ...` or `target = ...` after "
            "`effect`");
  EXPECT_EQ(rulesError("rule \"x\" { effect risk high }"),
            "bad.rules:1:24: expected `=` after `risk`");
  EXPECT_EQ(rulesError("rule \"x\" { effect risk = }"),
            "bad.rules:1:26: expected a risk after `risk =`: high, low or unknown");
  EXPECT_EQ(rulesError("rule \"x\" { effect risk = low, }"),
            "bad.rules:1:31: expected `risk = ...`, `action = ...` or `target = ...` after `,`");
  EXPECT_EQ(rulesError("rule \"x\" { effect risk = low, target = 'c' }"),
            "bad.rules:1:40: expected a binding name after `target =`");
}

TEST(NativeErrors, EffectWithoutRiskOrAction) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  effect target = change\n}"),
            "bad.rules:2:3: an effect needs a `risk` or an `action`");
}

TEST(NativeErrors, EffectItemGivenTwice) {
  EXPECT_EQ(rulesError("rule \"x\" { effect risk = low, risk = high }"),
            "bad.rules:1:31: `risk` is given twice in this effect");
  EXPECT_EQ(rulesError("rule \"x\" { effect action = none, action = reject }"),
            "bad.rules:1:34: `action` is given twice in this effect");
}

TEST(NativeErrors, TwoEffectsInOneRule) {
  EXPECT_EQ(rulesError("rule \"x\" {\n  effect risk = low\n  effect action = approve\n}"),
            "bad.rules:3:3: a rule has only one `effect`");
}

// ---- Standalone conditions
TEST(ExpressionErrors, TrailingText) {
  EXPECT_EQ(conditionError("a == 1 b == 2"),
            "c.json:1:8: expected `and`, `or` or the end of the condition");
  EXPECT_EQ(conditionError("a == 1)"),
            "c.json:1:7: expected `and`, `or` or the end of the condition");
}

TEST(ExpressionErrors, Empty) {
  EXPECT_EQ(conditionError(""), "c.json:1:1: expected a condition");
  EXPECT_EQ(conditionError("   # only a comment"), "c.json:1:20: expected a condition");
}

TEST(ExpressionErrors, MissingPieces) {
  EXPECT_EQ(conditionError("a =="), "c.json:1:5: expected a value or a path after the operator");
  EXPECT_EQ(conditionError("a == 1 and"), "c.json:1:11: expected a condition after `and`");
  EXPECT_EQ(conditionError("a == 1 ||"), "c.json:1:10: expected a condition after `or`");
  EXPECT_EQ(conditionError("not"), "c.json:1:4: expected a condition after `not`");
  EXPECT_EQ(conditionError("(a == 1"), "c.json:1:8: expected `)`");
  EXPECT_EQ(conditionError("()"), "c.json:1:2: expected a condition after `(`");
  EXPECT_EQ(conditionError("all 'x' == 1"), "c.json:1:5: expected a path after `all`");
  EXPECT_EQ(conditionError("a = 1"),
            "c.json:1:3: expected an operator (`==`, `appliesTo`, ...) or `exists` after the "
            "operand");
  EXPECT_EQ(conditionError("a. == 1"),
            "c.json:1:3: expected a name, an index, `*`, `**` or a quoted key after `.`");
  EXPECT_EQ(conditionError("a in [1, 2"), "c.json:1:11: expected `,` or `]` in the list");
  EXPECT_EQ(conditionError("a == 'open"), "c.json:1:11: unterminated string");
}

TEST(ExpressionErrors, ReservedWordsAreNotPaths) {
  EXPECT_EQ(conditionError("in.x == 1"), "c.json:1:1: expected a condition");
  EXPECT_EQ(conditionError("a == and"),
            "c.json:1:6: expected a value or a path after the operator");
  EXPECT_EQ(conditionError("a.b exists exists"),
            "c.json:1:12: expected `and`, `or` or the end of the condition");
}

TEST(ExpressionErrors, NestingBeyondTheLimit) {
  const std::string open(kMaxRuleNesting + 1, '(');
  EXPECT_EQ(conditionError(open + "a exists" + std::string(kMaxRuleNesting + 1, ')')),
            "c.json:1:65: conditions nest more than 64 deep (parentheses, `not` and lists)");
  std::string nots;
  for (std::size_t i = 0; i <= kMaxRuleNesting; ++i) nots += "!";
  EXPECT_EQ(conditionError(nots + "a exists"),
            "c.json:1:65: conditions nest more than 64 deep (parentheses, `not` and lists)");
  EXPECT_EQ(conditionError("a == " + std::string(kMaxRuleNesting + 1, '[')),
            "c.json:1:70: conditions nest more than 64 deep (parentheses, `not` and lists)");
}

TEST(ExpressionErrors, LocationsOffsetFromTheStart) {
  EXPECT_EQ(conditionError("a ==", {"rules.json", 3, 10}),
            "rules.json:3:14: expected a value or a path after the operator");
  EXPECT_EQ(conditionError("a == 1 and\n  b ==", {"rules.json", 3, 10}),
            "rules.json:4:7: expected a value or a path after the operator");
}

TEST(ExpressionErrors, HugeNumbers) {
  EXPECT_EQ(conditionError("a == 1e999"), "c.json:1:6: number `1e999` is out of range");
}

}  // namespace
}  // namespace c2a::rules
