// C2A's rule-file structure → rule AST: selectors, path selectors, file shapes, and a located error
// for every kind of structural mistake.
#include <gtest/gtest.h>

#include "tests/rules/c2a/c2a_test_support.h"

namespace c2a::rules::testing {
namespace {

Json bindingDump(std::string_view selector) {
  RuleSet set = readC2a(std::string(R"({"let": {"x": )") + std::string(selector) + "}}");
  EXPECT_EQ(set.rules.at(0).bindings.size(), 1U);
  Json out = dumpRule(set.rules.at(0)).at("bindings").at(0);
  out.erase("name");
  return out;
}

TEST(C2aFormatSelectors, ResourceShortFormWithName) {
  EXPECT_TRUE(sameJson(bindingDump(R"({"Resource": "AWS::S3::Bucket", "name": "Logs"})"), R"({
    "query": {"kind": "component", "componentType": "Resource", "subtype": "AWS::S3::Bucket",
              "name": "Logs"}})"));
}

TEST(C2aFormatSelectors, EmptySubtypeSelectsEveryComponentOfTheType) {
  EXPECT_TRUE(sameJson(bindingDump(R"({"Output": ""})"),
                       R"({"query": {"kind": "component", "componentType": "Output"}})"));
}

TEST(C2aFormatSelectors, ParameterSubtypeIsItsTypeProperty) {
  EXPECT_TRUE(sameJson(bindingDump(R"({"Parameter": "String"})"), R"({
    "query": {"kind": "component", "componentType": "Parameter"},
    "where": [{"kind": "compare", "op": "==", "lhs": {"root": "x", "segments": ["Type"]},
               "rhs": {"literal": "String"}}]})"));
  EXPECT_TRUE(
      sameJson(bindingDump(R"({"component": {"type": "Parameter", "subtype": "Number"}})"), R"({
    "query": {"kind": "component", "componentType": "Parameter"},
    "where": [{"kind": "compare", "op": "==", "lhs": {"root": "x", "segments": ["Type"]},
               "rhs": {"literal": "Number"}}]})"));
}

TEST(C2aFormatSelectors, ComponentSelector) {
  EXPECT_TRUE(sameJson(bindingDump(R"({"component": {"type": "Resource",
                                                     "subtype": "AWS::IAM::Policy",
                                                     "name": "Policy"}})"),
                       R"({"query": {"kind": "component", "componentType": "Resource",
                                     "subtype": "AWS::IAM::Policy", "name": "Policy"}})"));
  EXPECT_TRUE(sameJson(bindingDump(R"({"component": {}})"), R"({"query": {"kind": "component"}})"));
}

TEST(C2aFormatSelectors, ChangeSelector) {
  EXPECT_TRUE(sameJson(bindingDump(R"({"change": {}})"), R"({"query": {"kind": "change"}})"));
  // C2A derives a REPLACE from every rename: selecting REPLACE selects RENAME too.
  EXPECT_TRUE(sameJson(bindingDump(R"({"change": {"type": "REPLACE", "certainty": "Partial"}})"),
                       R"({"query": {"kind": "change", "certainty": "possible"},
                           "where": [{"kind": "compare", "op": "in",
                                      "lhs": {"root": "x", "segments": ["type"]},
                                      "rhs": {"literal": ["REPLACE", "RENAME"]}}]})"));
  EXPECT_TRUE(sameJson(bindingDump(R"({"change": {"type": "INSERT"}})"),
                       R"({"query": {"kind": "change", "changeType": "INSERT"}})"));
  EXPECT_TRUE(sameJson(bindingDump(R"({"change": {"propertyOperationType": "MOVE",
                                                  "certainty": "definite"}})"),
                       R"({"query": {"kind": "change", "propertyOperationType": "MOVE",
                                     "certainty": "definite"}})"));
}

// C2A reads a selector with no type as a component filter: {} is every component.
TEST(C2aFormatSelectors, EmptySelectorIsEveryComponent) {
  EXPECT_TRUE(sameJson(bindingDump("{}"), R"({"query": {"kind": "component"}})"));
  EXPECT_TRUE(sameJson(bindingDump(R"({"name": "Queue"})"),
                       R"({"query": {"kind": "component", "name": "Queue"}})"));
}

TEST(C2aFormatSelectors, WhereOnlyBindingIsAFilter) {
  RuleSet set = readC2a(R"({"let": {"c": {"change": {}}, "big": {"where": ["c.new.Size > 10"]}}})");
  EXPECT_TRUE(sameJson(dumpRule(set.rules[0]).at("bindings").at(1), R"({
    "name": "big", "query": {"kind": "filter"},
    "where": [{"kind": "compare", "op": ">", "lhs": {"root": "c", "segments": ["new", "Size"]},
               "rhs": {"literal": 10}}]})"));
}

// A path selector names a path; uses of its name are rewritten to the path (see rule_file.cpp).
TEST(C2aFormatPaths, StringPathSelectorIsANameForThePath) {
  RuleSet set = compiledC2a(R"({
    "let": {
      "bucket": {"Resource": "AWS::S3::Bucket"},
      "tags": "bucket.Properties.Tags.*",
      "c": {"change": {}, "where": "c appliesTo tags"}
    },
    "where": "tags.Key == 'env'",
    "effect": {"target": "c", "risk": "high"}
  })");
  EXPECT_TRUE(sameJson(dumpRule(set.rules[0]), R"({
    "description": "",
    "bindings": [
      {"name": "bucket", "query": {"kind": "component", "componentType": "Resource",
                                   "subtype": "AWS::S3::Bucket"}},
      {"name": "tags", "query": {"kind": "filter"},
       "where": [{"kind": "exists",
                  "lhs": {"root": "bucket", "segments": ["Properties", "Tags", "<*>"]}}]},
      {"name": "c", "query": {"kind": "change"},
       "where": [{"kind": "compare", "op": "appliesTo", "lhs": {"root": "c", "segments": []},
                  "rhs": {"root": "bucket", "segments": ["Properties", "Tags", "<*>"]}}]}],
    "where": [{"kind": "compare", "op": "==",
               "lhs": {"root": "bucket", "segments": ["Properties", "Tags", "<*>", "Key"]},
               "rhs": {"literal": "env"}}],
    "effect": {"target": "c", "risk": "high"}
  })"));
}

TEST(C2aFormatPaths, FromPathWithWhereChainsAndReachesChildren) {
  RuleSet set = compiledC2a(R"({
    "let": {
      "role": {"Resource": "AWS::IAM::Role"},
      "statements": {"fromPath": "role.Properties.Policies.*.PolicyDocument"},
      "allow": {"fromPath": "statements.Statement.*", "where": "allow.Effect == 'Allow'"}
    },
    "then": [{"let": {"c": {"change": {}}}, "where": "c appliesTo allow",
              "effect": {"target": "c", "risk": "high"}}]
  })");
  const Rule& rule = set.rules[0];
  EXPECT_TRUE(sameJson(dumpRule(rule).at("bindings").at(2), R"({
    "name": "allow", "query": {"kind": "filter"},
    "where": [
      {"kind": "exists", "lhs": {"root": "role", "segments": ["Properties", "Policies", "<*>",
                                                           "PolicyDocument", "Statement", "<*>"]}},
      {"kind": "compare", "op": "==",
       "lhs": {"root": "role", "segments": ["Properties", "Policies", "<*>", "PolicyDocument",
                                            "Statement", "<*>", "Effect"]},
       "rhs": {"literal": "Allow"}}]})"));
  EXPECT_EQ(rule.children.at(0).conditions.at(0).rhs->path->root, "role");
  EXPECT_EQ(rule.children[0].conditions[0].rhs->path->slot, rule.bindings[0].slot);
}

TEST(C2aFormatPaths, WholeBindingPathPassesEffectsOn) {
  RuleSet set = compiledC2a(R"({
    "let": {"change": {"change": {"type": "INSERT"}}, "inserted": "change"},
    "effect": {"target": "inserted", "risk": "low"}
  })");
  EXPECT_EQ(set.rules[0].effect->target, "change");
  EXPECT_EQ(set.rules[0].effect->targetSlot, set.rules[0].bindings[0].slot);
}

TEST(C2aFormatPaths, PathUnderABindingCannotReceiveAnEffect) {
  RuleSet set = readC2a(R"({
    "let": {"b": {"Resource": "AWS::S3::Bucket"}, "tags": "b.Properties.Tags"},
    "effect": {"target": "tags", "risk": "high"}
  })");
  EXPECT_EQ(compileProblems(set),
            "rules.json: effect target `tags` binds no component or change (a binding with only "
            "a `where`, or a path, cannot receive an effect)\n");
}

TEST(C2aFormatPaths, ABindingOfTheSameNameHidesAPathSelector) {
  RuleSet set = readC2a(R"({
    "let": {"b": {"Resource": "AWS::S3::Bucket"}, "tags": "b.Properties.Tags"},
    "then": [{"let": {"tags": {"change": {}}}, "where": "tags.type == 'INSERT'"}]
  })");
  EXPECT_EQ(set.rules[0].children.at(0).conditions.at(0).lhs->path->root, "tags");
  EXPECT_NE(compileProblems(set).find("duplicate binding `tags`"), std::string::npos);
}

TEST(C2aFormatPaths, MalformedPaths) {
  EXPECT_EQ(readError(R"({"let": {"t": "b..Tags"}})"),
            "rules.json: path `b..Tags` is not a binding name followed by dot-separated keys");
  EXPECT_EQ(readError(R"({"let": {"t": {"fromPath": "*.Tags"}}})"),
            "rules.json: path `*.Tags` must start with a binding name");
  EXPECT_EQ(readError(R"({"let": {"t": {"fromPath": 3}}})"),
            "rules.json: `fromPath` must be a string, not a number");
}

TEST(C2aFormatShapes, RuleListSingleRuleAndRulesWrapper) {
  const char* rule = R"({"let": {"c": {"change": {}}}, "effect": {"target": "c", "risk": "low"}})";
  EXPECT_EQ(readC2a(rule).rules.size(), 1U);
  EXPECT_EQ(readC2a(std::string("[") + rule + "," + rule + "]").rules.size(), 2U);
  EXPECT_EQ(readC2a(std::string(R"({"rules": [)") + rule + "]}").rules.size(), 1U);
  EXPECT_EQ(readC2a("[]").rules.size(), 0U);
  EXPECT_EQ(readError(R"("rules")"),
            "rules.json: a C2A rule file holds a rule (an object) or a list of rules, not a "
            "string");
  EXPECT_EQ(readError("[1]"), "rules.json: a rule must be an object, not a number");
}

TEST(C2aFormatShapes, NestingLimit) {
  std::string text = "{}";
  for (int i = 0; i < 70; ++i) text = R"({"then": [)" + text + "]}";
  EXPECT_EQ(readError(text), "rules.json: rules nested deeper than 64 levels of `then`");
}

TEST(C2aFormatErrors, UnknownKeyInRule) {
  EXPECT_EQ(readError(R"({"let": {}, "efect": {"risk": "high"}})"),
            "rules.json: unknown key `efect` in rule (expected description, id, let, where, "
            "then, effect); did you mean `effect`?");
}

TEST(C2aFormatErrors, BadRiskAndAction) {
  EXPECT_EQ(readError(R"({"effect": {"risk": "critical"}})"),
            "rules.json: risk `critical` is not high, low or unknown");
  EXPECT_EQ(readError(R"({"effect": {"risk": "High"}})"),
            "rules.json: risk `High` is not high, low or unknown");
  EXPECT_EQ(readError(R"({"effect": {"action": "deny"}})"),
            "rules.json: action `deny` is not approve, reject or none");
  EXPECT_EQ(readError(R"({"effect": {"risk": "high", "actoin": "reject"}})"),
            "rules.json: unknown key `actoin` in effect (expected target, risk, action); did you "
            "mean `action`?");
  EXPECT_EQ(readError(R"({"effect": {"risk": 3}})"),
            "rules.json: `risk` must be a string, not a number");
  EXPECT_EQ(readError(R"({"effect": "high"})"),
            "rules.json: `effect` must be an object ({target, risk, action}), not a string");
}

TEST(C2aFormatErrors, BadBindings) {
  EXPECT_EQ(readError(R"({"let": {"x": 1}})"),
            "rules.json: binding `x` must be a selector object or a path string, not a number");
  EXPECT_EQ(readError(R"({"let": ["x"]})"),
            "rules.json: `let` must be an object of bindings (name: selector), not a list");
  EXPECT_EQ(readError(R"({"let": {"x": {"Resorce": "AWS::S3::Bucket"}}})"),
            "rules.json: unknown selector `Resorce` in binding `x` (expected component, change, "
            "fromPath, property, Resource, Parameter, Output, Condition, Mapping, Construct, "
            "Stack; or where, name); did you mean `Resource`?");
  EXPECT_EQ(readError(R"({"let": {"x": {"Resource": "AWS::S3::Bucket", "change": {}}}})"),
            "rules.json: binding `x` has two selectors, `Resource` and `change`");
  EXPECT_EQ(readError(R"({"let": {"x": {"change": {}, "name": "A"}}})"),
            "rules.json: `name` does not filter `change` selectors");
  EXPECT_EQ(readError(R"({"let": {"x": {"Resource": ["AWS::S3::Bucket"]}}})"),
            "rules.json: `Resource` must be a string, not a list");
}

TEST(C2aFormatErrors, BindingNamesMustBeUsableInConditions) {
  const std::string rest =
      " cannot be used in conditions: a name is letters, digits and `_`, not starting with a "
      "digit, and not a word of the rules language such as `and`, `all` or `in`";
  EXPECT_EQ(readError(R"({"let": {"my-bucket": {"Resource": "AWS::S3::Bucket"}}})"),
            "rules.json: binding name `my-bucket`" + rest);
  EXPECT_EQ(readError(R"({"let": {"all": {"change": {}}}})"),
            "rules.json: binding name `all`" + rest);
  EXPECT_EQ(readError(R"({"let": {"[identifier]": {}}})"),
            "rules.json: binding name `[identifier]`" + rest);
  EXPECT_EQ(readError(R"({"let": {"_x1": {}, "change": {"change": {}}}})"), "no error");
}

TEST(C2aFormatErrors, BadSelectorFields) {
  EXPECT_EQ(readError(R"({"let": {"x": {"change": {"type": "CREATE"}}}})"),
            "rules.json: change type `CREATE` is not INSERT, REMOVE, UPDATE, REPLACE or RENAME");
  EXPECT_EQ(readError(R"({"let": {"x": {"change": {"propertyOperationType": "RENAMED"}}}})"),
            "rules.json: propertyOperationType `RENAMED` is not INSERT, REMOVE, UPDATE or MOVE");
  EXPECT_EQ(readError(R"({"let": {"x": {"change": {"certainty": "maybe"}}}})"),
            "rules.json: certainty `maybe` is not definite or possible (C2A: Absolute, Partial)");
  EXPECT_EQ(readError(R"({"let": {"x": {"change": {"typ": "INSERT"}}}})"),
            "rules.json: unknown key `typ` in `change` (expected type, propertyOperationType, "
            "certainty); did you mean `type`?");
  EXPECT_EQ(readError(R"({"let": {"x": {"component": {"type": "Resorce"}}}})"),
            "rules.json: unknown component type `Resorce` (expected Resource, Parameter, Output, "
            "Condition, Mapping, Construct or Stack); did you mean `Resource`?");
  EXPECT_EQ(readError(R"({"let": {"x": {"Output": "String"}}})"),
            "rules.json: `Output` components have no subtype (only resources and parameters do); "
            "select one by name: {\"component\": {\"type\": \"Output\", \"name\": ...}}");
}

TEST(C2aFormatErrors, UnsupportedGraphSelectors) {
  EXPECT_EQ(readError(R"({"let": {"r": {"relationship": {}}}})"),
            "rules.json: `relationship` selectors are not supported: bind the component and reach "
            "its values through a path, e.g. {\"fromPath\": \"bucket.Properties.Tags\"} or "
            "`bucket.Properties.Tags` in a condition");
}

// C2A's templates/scenario1: `p` is any value at any depth of any component.
TEST(C2aFormatPaths, PropertySelectorIsAnyDepthOfAnyComponent) {
  RuleSet set = compiledC2a(R"({
    "let": {"p": {"property": {}}},
    "then": [{"let": {"c": {"change": {}, "where": [
                "c appliesTo p.Ref or c appliesTo p.Fn::GetAtt.0", "c.old.Ref == 'x.Fn::y'"]}},
              "effect": {"target": "c", "risk": "low"}}]
  })");
  const Rule& rule = set.rules[0];
  EXPECT_TRUE(sameJson(dumpRule(rule).at("bindings").at(0),
                       R"({"name": "p", "query": {"kind": "component"}})"));
  EXPECT_TRUE(sameJson(dumpRule(rule.children.at(0)).at("bindings").at(0).at("where"), R"([
    {"kind": "or", "children": [
      {"kind": "compare", "op": "appliesTo", "lhs": {"root": "c", "segments": []},
       "rhs": {"root": "p", "segments": ["<**>", "Ref"]}},
      {"kind": "compare", "op": "appliesTo", "lhs": {"root": "c", "segments": []},
       "rhs": {"root": "p", "segments": ["<**>", "Fn::GetAtt", "0"]}}]},
    {"kind": "compare", "op": "==", "lhs": {"root": "c", "segments": ["old", "Ref"]},
     "rhs": {"literal": "x.Fn::y"}}])"));
}

TEST(C2aFormatErrors, PropertySelectorOnlyNamesAnArea) {
  const std::string onlyArea =
      "rules.json:1:1: `p` is a property selector: it can only name an area on the right of "
      "`appliesTo` (`change appliesTo p.Ref`); read values through the change (`change.old`, "
      "`change.new`) or bind the component and use a path";
  EXPECT_EQ(readError(R"({"let": {"p": {"property": {}}}, "where": "p.Ref == 'x'"})"), onlyArea);
  EXPECT_EQ(readError(R"({"let": {"p": {"property": {}}}, "where": "p.Ref exists"})"), onlyArea);
  EXPECT_EQ(readError(R"({"let": {"p": {"property": {}}, "c": {"change": {}}},
                          "where": "p appliesTo c"})"),
            onlyArea);
  EXPECT_EQ(readError(R"({"let": {"p": {"property": {}}, "t": "p.Tags"}})"),
            "rules.json: path `p.Tags` starts at a property selector; a path selector must start "
            "at a component");
  EXPECT_EQ(readError(R"({"let": {"p": {"property": {"value": "x"}}}})"),
            "rules.json: `property` takes no filter: {\"property\": {}}, not a non-empty object; "
            "filter the change that applies to it instead");
  // A binding of the same name in a child hides the property selector.
  EXPECT_EQ(readError(R"({"let": {"p": {"property": {}}},
                          "then": [{"let": {"p": {"Resource": "AWS::S3::Bucket"}},
                                    "where": "p.Properties.BucketName == 'x'"}]})"),
            "no error");
}

TEST(C2aFormatErrors, BadConditionsAndChildren) {
  EXPECT_EQ(readError(R"({"where": 3})"),
            "rules.json: `where` must be a condition string or a list of them, not a number");
  EXPECT_EQ(readError(R"({"where": ["a == 1", true]})"),
            "rules.json: a condition must be a string, not a boolean");
  EXPECT_EQ(readError(R"({"where": "  "})"), "rules.json: empty condition");
  EXPECT_EQ(readError(R"({"then": {}})"),
            "rules.json: `then` must be a list of rules, not an object");
  EXPECT_EQ(readError(R"({"description": 1})"),
            "rules.json: `description` must be a string, not a number");
}

// C2A drops what it cannot split into three tokens; here it is an error.
TEST(C2aFormatErrors, MalformedConditionIsAnErrorNotDropped) {
  EXPECT_NE(readError(R"({"where": "change.type =="})"), "no error");
  EXPECT_NE(readError(R"({"where": ["a appliesTo b", "a == 'unterminated"]})"), "no error");
}

// Positions: the table gives each value's position (a member's is its key's), as the readers do.
TEST(C2aFormatLocations, ErrorsPointAtTheOffendingValue) {
  // 1 [{
  // 2   "let": { "bucket": { "Resource": "AWS::S3::Bucket" } },
  // 3   "efect": { "risk": "high" }
  // 4 }]
  LocationTable table("rules.json");
  table.add("", 1, 1);
  table.add("/0", 1, 2);
  table.add("/0/let", 2, 3);
  table.add("/0/let/bucket", 2, 12);
  table.add("/0/efect", 3, 3);
  EXPECT_EQ(readError(R"([{"let": {"bucket": {"Resource": "AWS::S3::Bucket"}},
                         "efect": {"risk": "high"}}])",
                      table),
            "rules.json:3:3: unknown key `efect` in rule (expected description, id, let, "
            "where, then, effect); did you mean `effect`?");
  // Deeper values without a position of their own fall back to the enclosing one.
  EXPECT_EQ(readError(R"([{"let": {"bucket": {"Resource": 7}}}])", table),
            "rules.json:2:12: `Resource` must be a string, not a number");
}

TEST(C2aFormatLocations, RulesBindingsEffectsAndConditionsAreLocated) {
  // 1 {
  // 2   "let": { "bucket": { "Resource": "AWS::S3::Bucket" },
  // 3            "c": { "change": {} } },
  // 4   "where": [ "c appliesTo bucket" ],
  // 5   "effect": { "target": "c", "risk": "high" }
  // 6 }
  LocationTable table("rules.json");
  table.add("", 1, 1);
  table.add("/let/bucket", 2, 12);
  table.add("/let/c", 3, 12);
  table.add("/where", 4, 3);
  table.add("/where/0", 4, 14);
  table.add("/effect", 5, 3);
  RuleSet set = readC2a(R"({"let": {"bucket": {"Resource": "AWS::S3::Bucket"}, "c": {"change": {}}},
                            "where": ["c appliesTo bucket"],
                            "effect": {"target": "c", "risk": "high"}})",
                        table);
  const Rule& rule = set.rules.at(0);
  EXPECT_EQ(rule.where.str(), "rules.json:1:1");
  EXPECT_EQ(rule.bindings.at(0).where.str(), "rules.json:2:12");
  EXPECT_EQ(rule.bindings.at(1).where.str(), "rules.json:3:12");
  EXPECT_EQ(rule.effect->where.str(), "rules.json:5:3");
  // The list element's position is its opening quote; the condition starts one column later.
  EXPECT_EQ(rule.conditions.at(0).lhs->path->where.str(), "rules.json:4:15");
  EXPECT_EQ(rule.conditions.at(0).rhs->path->where.str(), "rules.json:4:27");
}

// The readers record a member at its key; its text is taken to start after `"where": "`.
TEST(C2aFormatLocations, AConditionWrittenAsAMemberStartsAfterItsKey) {
  // 1 {
  // 2   "where": "buckt exists"
  // 3 }
  LocationTable table("rules.json");
  table.add("/where", 2, 3);
  RuleSet set = readC2a(R"({"where": "buckt exists"})", table);
  EXPECT_EQ(set.rules.at(0).conditions.at(0).lhs->path->where.str(), "rules.json:2:13");

  // YAML: `where: buckt exists` at 1:1, the text after `where: `; list items start at their value.
  LocationTable yaml("rules.yaml");
  yaml.add("/where", 1, 1);
  set = readC2a(R"({"where": "buckt exists"})", yaml);
  EXPECT_EQ(set.rules.at(0).conditions.at(0).lhs->path->where.str(), "rules.yaml:1:8");
  yaml.add("/then/0/where/0", 4, 7);
  set = readC2a(R"({"where": "a exists", "then": [{"where": ["buckt exists"]}]})", yaml);
  EXPECT_EQ(set.rules.at(0).children.at(0).conditions.at(0).lhs->path->where.str(),
            "rules.yaml:4:7");
}

TEST(C2aFormatLocations, MalformedConditionIsLocatedInsideTheString) {
  // 1 {
  // 2   "where": [ "c appliesTo" ]
  // 3 }
  LocationTable table("rules.json");
  table.add("/where", 2, 3);
  table.add("/where/0", 2, 14);
  const std::string error = readError(R"({"where": ["c appliesTo"]})", table);
  EXPECT_TRUE(error.starts_with("rules.json:2:")) << error;
  EXPECT_NE(error.find("rules.json:2:26:"), std::string::npos) << error;  // just past the text
}

// C2A selectors bind property changes at their enclosing levels too, and inside intrinsic
// functions (C2A's diff is a tree, and it goes on into `{"Ref": ...}`).
TEST(C2aFormatSelectors, ChangeSelectorsReadEnclosingLevels) {
  RuleSet set = readC2a(R"({"let": {"c": {"change": {"propertyOperationType": "UPDATE"}},
                                    "b": {"Resource": "AWS::S3::Bucket"}}})");
  EXPECT_TRUE(set.rules.at(0).bindings.at(0).query.enclosingLevels);
  EXPECT_TRUE(set.rules.at(0).bindings.at(0).query.insideLevels);
  EXPECT_FALSE(set.rules.at(0).bindings.at(1).query.enclosingLevels);
  EXPECT_FALSE(set.rules.at(0).bindings.at(1).query.insideLevels);
}

// C2A accepts `propertyOperationType: "RENAME"` and never matches it: a located warning, and a
// binding that selects nothing.
TEST(C2aFormatSelectors, PropertyRenameIsAWarning) {
  Diagnostics warnings;
  std::vector<Rule> rules = readC2aRules(
      Json::parse(R"({"let": {"x": {"change": {"propertyOperationType": "RENAME"}}}})"),
      LocationTable("rules.json"), &warnings);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_EQ(warnings[0].str(),
            "rules.json: binding `x`: propertyOperationType `RENAME` matches no change (property "
            "changes are INSERT, REMOVE, UPDATE or MOVE); the rule loads, and this binding "
            "selects nothing");
  EXPECT_TRUE(sameJson(dumpRule(rules.at(0)).at("bindings").at(0), R"({
    "name": "x", "query": {"kind": "change"},
    "where": [{"kind": "compare", "op": "==", "lhs": {"root": "x", "segments":
               ["propertyOperationType"]}, "rhs": {"literal": "RENAME"}}]})"));
}

// `x == '*'` is C2A's wildcard: any value; the native language keeps `==` exact.
TEST(C2aFormatConditions, EqualsStarIsAnExistenceTest) {
  RuleSet set = readC2a(R"({"let": {"c": {"change": {}}},
                           "where": ["c.new.Tags.* == '*'", "c.new.Name === '*'",
                                     "c.new.Name != '*'"]})");
  const auto& where = set.rules.at(0).conditions;
  EXPECT_TRUE(sameJson(dumpExpression(where.at(0)), R"({
    "kind": "exists", "lhs": {"root": "c", "segments": ["new", "Tags", "<*>"]}})"));
  EXPECT_EQ(where.at(1).kind, Expression::Kind::Exists);
  EXPECT_EQ(where.at(2).kind, Expression::Kind::Compare);
}

}  // namespace
}  // namespace c2a::rules::testing
