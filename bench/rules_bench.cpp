// Rule evaluation speed: a 500-resource diff (about 1,300 operations, references between
// resources, a stack) with 100 rules of the shapes rule files use: change queries, components
// joined by appliesTo, property patterns, value operators, references, nested rules.
// applyTreeRulesToDiff: tree-level queries over changes of intrinsic functions.
// Run: build/bench/c2a_bench_rules
#include <benchmark/benchmark.h>

#include "tests/rules/evaluator/eval_support.h"

namespace c2a::rules::testing {
namespace {

const char* const kTypes[] = {"AWS::S3::Bucket", "AWS::SQS::Queue", "AWS::Lambda::Function",
                              "AWS::IAM::Role", "AWS::DynamoDB::Table"};

Json bodyOf(int i, bool after) {
  Json tags = Json::array();
  for (int t = 0; t < 3; ++t) {
    tags.push_back(
        {{"Key", "tag" + std::to_string(t)}, {"Value", after && t == i % 3 ? "new" : "v"}});
  }
  return {{"Properties",
           {{"Name", "res-" + std::to_string(i) + (after && i % 7 == 0 ? "-renamed" : "")},
            {"Size", after ? i % 50 + 1 : i % 50},
            {"Tags", tags},
            {"Policies", {{{"Action", after && i % 11 == 0 ? "s3:*" : "s3:GetObject"}}}}}}};
}

// One stack; resource i of type i % 5; each function refers to the role after it.
std::unique_ptr<DiffFixture> diffOf(int resources) {
  auto f = std::make_unique<DiffFixture>();
  auto stack = f->both(container(ComponentType::Stack, "App"));
  std::vector<std::pair<ComponentIndex, ComponentIndex>> sides;
  const Relationship structural{RelationshipKind::Structural, ReferenceKind::None, {}, {}};
  const Relationship ref{
      RelationshipKind::Dependency, ReferenceKind::Ref, {"Properties", "Role"}, {}};
  for (int i = 0; i < resources; ++i) {
    auto name = "Res" + std::to_string(i);
    const char* type = kTypes[i % 5];
    sides.push_back(f->both(resource(name, type, bodyOf(i, false), "App"),
                            resource(name, type, bodyOf(i, true), "App")));
    f->before.addRelationship(stack.first, sides.back().first, structural);
    f->after.addRelationship(stack.second, sides.back().second, structural);
  }
  for (std::size_t i = 2; i + 1 < sides.size(); i += 5) {
    f->before.addRelationship(sides[i].first, sides[i + 1].first, ref);
    f->after.addRelationship(sides[i].second, sides[i + 1].second, ref);
  }
  for (int i = 0; i < resources; ++i) {
    auto s = sides[static_cast<std::size_t>(i)];
    f->update(s, "Properties.Size", Json(i % 50), Json(i % 50 + 1));
    f->update(s, "Properties.Tags." + std::to_string(i % 3) + ".Value", Json("v"), Json("new"));
    if (i % 7 == 0) {
      f->update(s, "Properties.Name", Json("res-" + std::to_string(i)),
                Json("res-" + std::to_string(i) + "-renamed"), PropertyOperationType::Update,
                UpdateType::Immutable);
      f->operate(OperationType::Replace, s.first, s.second);
    }
    if (i % 11 == 0) {
      f->update(s, "Properties.Policies.0.Action", Json("s3:GetObject"), Json("s3:*"));
    }
  }
  return f;
}

Expression on(const std::string& change, const std::string& target) {
  return compare(path(change), "appliesTo", path(target));
}

// Ten rule shapes, each instantiated ten times with different constants.
std::vector<Rule> rulesOf(int count) {
  std::vector<Rule> rules;
  for (int i = 0; i < count; ++i) {
    const std::string type = kTypes[i % 5];
    const std::string n = std::to_string(i);
    switch (i % 10) {
      case 0:
        rules.push_back(rule("replacements " + n, {changes("change", OperationType::Replace)}, {},
                             effect("change", Risk::High)));
        break;
      case 1:
        rules.push_back(rule(
            "small sizes " + n,
            {where(resources("r", type), {compare(path("r.Properties.Size"), "<", lit(10 + i))}),
             where(changes("change"), {on("change", "r")})},
            {}, effect("change", Risk::Low, Action::Approve)));
        break;
      case 2:
        rules.push_back(
            rule("tag values " + n,
                 {resources("r", type),
                  where(changes("change"), {on("change", "r.Properties.Tags.*.Value")})},
                 {compare(path("change.new"), "==", lit("new"))},
                 effect("change", Risk::Low, Action::Approve)));
        break;
      case 3:
        rules.push_back(
            rule("wildcard actions " + n, {changes("change", OperationType::Update)},
                 {compare(path("change.path"), "startsWith", lit("Properties.Policies")),
                  compare(path("change.new"), "matches", lit("*:\\*"))},
                 effect("change", std::nullopt, Action::Reject)));
        break;
      case 4:
        rules.push_back(
            rule("names " + n,
                 {where(resources("r", type), {compare(path("r.Properties.Name"), "matchesRegex",
                                                       lit("^res-[0-9]*" + n + "$"))}),
                  where(changes("change"), {on("change", "r")})},
                 {}, effect("change", Risk::Unknown)));
        break;
      case 5:
        rules.push_back(
            rule("role users " + n,
                 {resources("role", "AWS::IAM::Role"),
                  where(resources("fn", "AWS::Lambda::Function"),
                        {compare(path("fn"), "->", path("role"))}),
                  where(changes("change", OperationType::Replace), {on("change", "role")})},
                 {}, effect("fn", Risk::High)));
        break;
      case 6:
        rules.push_back(rule("immutable " + n, {changes("change")},
                             {compare(path("change.updateType"), "==", lit("Immutable")),
                              compare(path("change.component.subtype"), "in",
                                      lit(Json::array({type, "AWS::S3::Bucket"})))},
                             effect("change", Risk::High)));
        break;
      case 7:
        rules.push_back(rule(
            "nested " + n, {resources("r", type)},
            {all(path("r.Properties.Tags.*.Key"), "startsWith", lit("tag"))}, std::nullopt,
            {rule("nested child " + n,
                  {where(changes("change", {}, PropertyOperationType::Update),
                         {on("change", "r.Properties.Size")})},
                  {compare(path("change.new"), ">=", lit(i % 50))}, effect("change", Risk::Low))}));
        break;
      case 8:
        rules.push_back(rule("stack members " + n,
                             {components("stack", ComponentType::Stack),
                              where(changes("change", OperationType::Replace),
                                    {compare(path("stack"), ">>", path("change"))})},
                             {negate(compare(path("change.component.subtype"), "==", lit(type)))},
                             effect("change", Risk::High)));
        break;
      case 9:
        rules.push_back(
            rule("component target " + n,
                 {where(resources("r", type),
                        {exists(path("r.Properties.Policies.0.Action")),
                         compare(path("r.Properties.Policies.*.Action"), "!=", lit("s3:*"))})},
                 {}, effect("r", std::nullopt, Action::Approve)));
        break;
    }
  }
  return rules;
}

// range(0) resources of the diff `diffOf` makes, range(1) rules of `rulesOf`.
void applyRulesOf(benchmark::State& state, std::unique_ptr<DiffFixture> (*diffOf)(int),
                  std::vector<Rule> (*rulesOf)(int)) {
  auto fixture = diffOf(static_cast<int>(state.range(0)));
  auto set = ruleSet(rulesOf(static_cast<int>(state.range(1))));
  for (auto _ : state) {
    auto outcome = applyRules(set, fixture->diff, EvaluationOptions{});
    benchmark::DoNotOptimize(outcome);
  }
  state.counters["operations"] = static_cast<double>(fixture->diff.operations.size());
}

void applyRulesToDiff(benchmark::State& state) {
  applyRulesOf(state, &diffOf, &rulesOf);
}

BENCHMARK(applyRulesToDiff)->Args({500, 100})->Args({2000, 100})->Unit(benchmark::kMillisecond);

// Tree-level queries (`change { level: "tree" }`, every property-change selector of a C2A rule
// file) over changes of intrinsic functions: each such change is bound at each value inside the
// function that differs, and conditions read those values (issue 27: computed once per change,
// not once per candidate). Every resource's role and queue references change.
std::unique_ptr<DiffFixture> intrinsicDiffOf(int resources) {
  auto f = std::make_unique<DiffFixture>();
  for (int i = 0; i < resources; ++i) {
    auto name = "Fn" + std::to_string(i);
    auto role = [&](const char* which) {
      return Json{{"Fn::GetAtt", {std::string(which) + std::to_string(i % 40), "Arn"}}};
    };
    auto queue = [&](const char* which) {
      return Json{{"Fn::Join", {"", {"arn:", {{"Ref", std::string(which) + std::to_string(i)}}}}}};
    };
    Json before{{"Properties", {{"Role", role("OldRole")}, {"Queue", queue("Jobs")}}}};
    Json after{{"Properties", {{"Role", role("NewRole")}, {"Queue", queue("Work")}}}};
    auto s = f->both(resource(name, "AWS::Lambda::Function", before),
                     resource(name, "AWS::Lambda::Function", after));
    f->update(s, "Properties.Role", before["Properties"]["Role"], after["Properties"]["Role"]);
    f->update(s, "Properties.Queue", before["Properties"]["Queue"], after["Properties"]["Queue"]);
  }
  return f;
}

std::vector<Rule> treeRulesOf(int count) {
  std::vector<Rule> rules;
  for (int i = 0; i < count; ++i) {
    Binding change = changes("change");
    change.query.enclosingLevels = true;
    change.query.insideLevels = true;
    const std::string n = std::to_string(i);
    if (i % 2 == 0) {
      rules.push_back(
          rule("renamed role " + n,
               {resources("fn", "AWS::Lambda::Function"),
                where(change, {on("change", "fn.Properties.Role.Fn::GetAtt.0")})},
               {compare(path("change.old"), "==", lit("OldRole" + std::to_string(i % 40)))},
               effect("change", Risk::Low, Action::Approve)));
    } else {
      rules.push_back(rule("moved queue " + n, {change},
                           {compare(path("change.path"), "startsWith", lit("Properties.Queue")),
                            compare(path("change.new"), "matchesRegex", lit("^Work" + n + "$"))},
                           effect("change", Risk::Unknown)));
    }
  }
  return rules;
}

void applyTreeRulesToDiff(benchmark::State& state) {
  applyRulesOf(state, &intrinsicDiffOf, &treeRulesOf);
}

BENCHMARK(applyTreeRulesToDiff)->Args({500, 20})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace c2a::rules::testing

BENCHMARK_MAIN();
