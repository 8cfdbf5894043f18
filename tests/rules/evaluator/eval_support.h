#pragma once
// Hand-built diffs and rule ASTs for the evaluator and operator tests: they must not depend on the
// template reader, the differ or the rule parser, which are tested on their own.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/diff.h"
#include "rules/ast.h"
#include "rules/evaluator.h"
#include "rules/operators.h"

namespace c2a::rules::testing {

// ---- diffs -------------------------------------------------------------------------------------

inline Component resource(const std::string& name, const std::string& subtype, Json body = {},
                          const std::string& stack = "") {
  Component component;
  component.type = ComponentType::Resource;
  component.subtype = subtype;
  component.name = name;
  component.stack = stack;
  component.properties = body.is_null() ? Json::object() : std::move(body);
  return component;
}

inline Component container(ComponentType type, const std::string& name,
                           const std::string& stack = "") {
  Component component;
  component.type = type;
  component.name = name;
  component.stack = stack;
  component.properties = Json::object();
  return component;
}

/// Two models and the operations between them; not copyable, as the diff points at the models.
class DiffFixture {
 public:
  DiffFixture() {
    diff.before = &before;
    diff.after = &after;
  }
  DiffFixture(const DiffFixture&) = delete;
  DiffFixture& operator=(const DiffFixture&) = delete;

  /// The same component on both sides (bodies may differ).
  std::pair<ComponentIndex, ComponentIndex> both(const Component& beforeSide,
                                                 const Component& afterSide) {
    return {before.addComponent(beforeSide), after.addComponent(afterSide)};
  }
  std::pair<ComponentIndex, ComponentIndex> both(const Component& component) {
    return both(component, component);
  }

  std::size_t add(Operation operation) {
    if (operation.id.empty()) operation.id = "op" + std::to_string(diff.operations.size());
    diff.operations.push_back(std::move(operation));
    return diff.operations.size() - 1;
  }

  /// An UPDATE of the property at `dotted` of a component on both sides.
  std::size_t update(std::pair<ComponentIndex, ComponentIndex> sides, const std::string& dotted,
                     std::optional<Json> oldValue, std::optional<Json> newValue,
                     PropertyOperationType kind = PropertyOperationType::Update,
                     UpdateType updateType = UpdateType::Mutable) {
    Operation operation = componentOperation(OperationType::Update, sides.first, sides.second);
    PropertyChange property;
    property.path = fromDotted(dotted);
    property.operation = kind;
    property.oldValue = std::move(oldValue);
    property.newValue = std::move(newValue);
    property.updateType = updateType;
    operation.property = std::move(property);
    return add(std::move(operation));
  }

  /// A component-level operation (INSERT: after only; REMOVE: before only).
  std::size_t operate(OperationType type, std::optional<ComponentIndex> beforeSide,
                      std::optional<ComponentIndex> afterSide) {
    return add(componentOperation(type, beforeSide, afterSide));
  }

  Operation componentOperation(OperationType type, std::optional<ComponentIndex> beforeSide,
                               std::optional<ComponentIndex> afterSide) const {
    Operation operation;
    operation.type = type;
    operation.before = beforeSide;
    operation.after = afterSide;
    const auto& component = afterSide ? after.component(*afterSide) : before.component(*beforeSide);
    operation.componentType = component.type;
    operation.subtype = component.subtype;
    operation.name = component.name;
    operation.stack = component.stack;
    if (beforeSide && afterSide && before.component(*beforeSide).name != component.name) {
      operation.oldName = before.component(*beforeSide).name;
    }
    return operation;
  }

  const Operation& op(std::size_t index) const { return diff.operations.at(index); }
  /// What the last decide() gave the operation at `index`.
  const Decision& decision(std::size_t index) const { return decisions.at(index); }
  /// Runs `set` over the diff; keeps the decisions and returns the warnings.
  Diagnostics decide(const RuleSet& set, const EvaluationOptions& options = {}) {
    auto outcome = applyRules(set, diff, options);
    decisions = std::move(outcome.decisions);
    return outcome.warnings;
  }

  InfraModel before;
  InfraModel after;
  ModelDiff diff;
  Decisions decisions;
};

// ---- rules -------------------------------------------------------------------------------------

/// `bucket.Properties.Tags.*.Key`: the first segment is the binding, `*` and `**` are wildcards.
inline Operand path(const std::string& dotted) {
  PathOperand operand;
  auto parts = fromDotted(dotted);
  operand.root = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    PathSegment segment;
    if (parts[i] == "*") {
      segment.kind = PathSegment::Kind::AnyOne;
    } else if (parts[i] == "**") {
      segment.kind = PathSegment::Kind::AnyDepth;
    } else {
      segment.key = parts[i];
    }
    operand.segments.push_back(segment);
  }
  Operand result;
  result.path = operand;
  return result;
}

inline Operand lit(Json value) {
  Operand result;
  result.literal = LiteralOperand{std::move(value), {}};
  return result;
}

inline Expression compare(Operand lhs, const std::string& op, Operand rhs, bool all = false) {
  Expression expression;
  expression.kind = Expression::Kind::Compare;
  expression.op = op;
  expression.universal = all;
  expression.lhs = std::move(lhs);
  expression.rhs = std::move(rhs);
  return expression;
}

inline Expression all(Operand lhs, const std::string& op, Operand rhs) {
  return compare(std::move(lhs), op, std::move(rhs), true);
}

inline Expression exists(Operand operand) {
  Expression expression;
  expression.kind = Expression::Kind::Exists;
  expression.lhs = std::move(operand);
  return expression;
}

inline Expression junction(Expression::Kind kind, std::vector<Expression> children) {
  Expression expression;
  expression.kind = kind;
  expression.children = std::move(children);
  return expression;
}
inline Expression both(Expression a, Expression b) {
  return junction(Expression::Kind::And, {std::move(a), std::move(b)});
}
inline Expression either(Expression a, Expression b) {
  return junction(Expression::Kind::Or, {std::move(a), std::move(b)});
}
inline Expression negate(Expression a) {
  return junction(Expression::Kind::Not, {std::move(a)});
}

inline Binding components(const std::string& name, std::optional<ComponentType> type = {},
                          std::optional<std::string> subtype = {},
                          std::optional<std::string> componentName = {}) {
  Binding binding;
  binding.name = name;
  binding.query.kind = Query::Kind::Component;
  binding.query.componentType = type;
  binding.query.subtype = std::move(subtype);
  binding.query.name = std::move(componentName);
  return binding;
}

inline Binding resources(const std::string& name, const std::string& subtype) {
  return components(name, ComponentType::Resource, subtype);
}

inline Binding changes(const std::string& name, std::optional<OperationType> type = {},
                       std::optional<PropertyOperationType> propertyType = {},
                       std::optional<Certainty> certainty = {}) {
  Binding binding;
  binding.name = name;
  binding.query.kind = Query::Kind::Change;
  binding.query.changeType = type;
  binding.query.propertyOperationType = propertyType;
  binding.query.certainty = certainty;
  return binding;
}

inline Binding filter(const std::string& name, std::vector<Expression> conditions) {
  Binding binding;
  binding.name = name;
  binding.query.kind = Query::Kind::Filter;
  binding.conditions = std::move(conditions);
  return binding;
}

inline Binding where(Binding binding, std::vector<Expression> conditions) {
  for (auto& condition : conditions) binding.conditions.push_back(std::move(condition));
  return binding;
}

inline Effect effect(const std::string& target, std::optional<Risk> risk,
                     std::optional<Action> action = {}) {
  Effect result;
  result.target = target;
  result.risk = risk;
  result.action = action;
  return result;
}

inline Rule rule(const std::string& description, std::vector<Binding> bindings,
                 std::vector<Expression> conditions, std::optional<Effect> ruleEffect,
                 std::vector<Rule> children = {}) {
  Rule result;
  result.description = description;
  result.bindings = std::move(bindings);
  result.conditions = std::move(conditions);
  result.effect = std::move(ruleEffect);
  result.children = std::move(children);
  return result;
}

namespace detail {

using Scope = std::vector<std::pair<std::string, int>>;

inline int lookup(const Scope& scope, const std::string& name) {
  for (auto it = scope.rbegin(); it != scope.rend(); ++it) {
    if (it->first == name) return it->second;
  }
  return -1;
}

inline void resolve(Expression& expression, const Scope& scope) {
  for (auto* operand : {&expression.lhs, &expression.rhs}) {
    if (*operand && (*operand)->path)
      (*operand)->path->slot = lookup(scope, (*operand)->path->root);
  }
  if (expression.kind == Expression::Kind::Compare) {
    expression.operatorIndex = findOperator(expression.op);
  }
  for (auto& child : expression.children) resolve(child, scope);
}

inline void resolve(Rule& rule, Scope& scope, int& slots) {
  auto outer = scope.size();
  for (auto& binding : rule.bindings) {
    binding.slot = slots++;
    scope.emplace_back(binding.name, binding.slot);
  }
  for (auto& binding : rule.bindings) {
    for (auto& condition : binding.conditions) resolve(condition, scope);
  }
  for (auto& condition : rule.conditions) resolve(condition, scope);
  if (rule.effect) rule.effect->targetSlot = lookup(scope, rule.effect->target);
  for (auto& child : rule.children) resolve(child, scope, slots);
  scope.resize(outer);
}

}  // namespace detail

/// What compile.h does, minus the error checks: binding slots in order, names to slots, operator
/// names to table indices, effect targets to slots.
inline RuleSet ruleSet(std::vector<Rule> rules) {
  RuleSet set;
  set.rules = std::move(rules);
  detail::Scope scope;
  int slots = 0;
  for (auto& rule : set.rules) detail::resolve(rule, scope, slots);
  set.slotCount = slots;
  return set;
}

// ---- operators ----------------------------------------------------------------------------------

inline const OperatorInfo& operatorNamed(std::string_view name) {
  int index = findOperator(name);
  if (index < 0) throw std::runtime_error("no operator " + std::string(name));
  return operatorTable()[static_cast<std::size_t>(index)];
}

inline Value jsonValue(const Json& json) {
  Value value;
  value.json = &json;
  return value;
}

/// One (lhs, rhs) pair through a value operator, as the evaluator hands it over.
inline bool holdsFor(std::string_view op, const Json& lhs, const Json& rhs) {
  static DiffFixture empty;
  static const EvaluationContext context(empty.diff);
  return operatorNamed(op).apply(jsonValue(lhs), jsonValue(rhs), context);
}

/// A bucket whose name changes, with enough properties for the value operators.
inline std::unique_ptr<DiffFixture> bucketWorld() {
  auto fixture = std::make_unique<DiffFixture>();
  Json beforeBody = {
      {"Properties",
       {{"BucketName", "dev-logs"},
        {"Port", 8080},
        {"Enabled", true},
        {"Count", "5"},
        {"Tags", {{{"Key", "env"}, {"Value", "prod"}}, {{"Key", "team"}, {"Value", "data"}}}},
        {"Nested", {{"Deep", {{"Deeper", {{"Leaf", "x"}}}}}}}}}};
  Json afterBody = beforeBody;
  afterBody["Properties"]["BucketName"] = "prod-logs";
  auto sides = fixture->both(resource("Bucket", "AWS::S3::Bucket", beforeBody),
                             resource("Bucket", "AWS::S3::Bucket", afterBody));
  fixture->update(sides, "Properties.BucketName", Json("dev-logs"), Json("prod-logs"));
  return fixture;
}

/// Whether `condition` holds with `bucket` bound to the component Bucket and `change` to an
/// operation on it: the rule marks the matching operations high.
inline bool conditionHolds(DiffFixture& fixture, Expression condition) {
  auto set = ruleSet(
      {rule("probe",
            {components("bucket", {}, {}, "Bucket"),
             where(changes("change"), {compare(path("change"), "appliesTo", path("bucket"))})},
            {std::move(condition)}, effect("change", Risk::High))});
  fixture.decide(set);
  for (std::size_t i = 0; i < fixture.diff.operations.size(); ++i) {
    if (fixture.op(i).name == "Bucket" && fixture.decision(i).risk == Risk::High) return true;
  }
  return false;
}

/// Stack App ⊃ construct App/Api ⊃ Function; App ⊃ Role, Bucket. Function refers to Role on both
/// sides and to Bucket only before the change; one update on Function.
struct GraphWorld {
  DiffFixture fixture;
  ComponentRef stack, construct, function, role, bucket;
  std::size_t functionUpdate = 0;
};

inline std::unique_ptr<GraphWorld> graphWorld() {
  auto world = std::make_unique<GraphWorld>();
  auto& f = world->fixture;
  auto add = [&](const Component& component) {
    auto [before, after] = f.both(component);
    return ComponentRef{before, after};
  };
  world->stack = add(container(ComponentType::Stack, "App"));
  world->construct = add(container(ComponentType::Construct, "App/Api", "App"));
  world->function = add(resource("Function", "AWS::Lambda::Function", {}, "App"));
  world->role = add(resource("Role", "AWS::IAM::Role", {}, "App"));
  world->bucket = add(resource("Bucket", "AWS::S3::Bucket", {}, "App"));
  const Relationship structural{RelationshipKind::Structural, ReferenceKind::None, {}, {}};
  const Relationship ref{
      RelationshipKind::Dependency, ReferenceKind::Ref, {"Properties", "Role"}, {}};
  for (auto* model : {&f.before, &f.after}) {
    bool after = model == &f.after;
    auto side = [&](const ComponentRef& ref) { return after ? *ref.after : *ref.before; };
    model->addRelationship(side(world->stack), side(world->construct), structural);
    model->addRelationship(side(world->construct), side(world->function), structural);
    model->addRelationship(side(world->stack), side(world->role), structural);
    model->addRelationship(side(world->stack), side(world->bucket), structural);
    model->addRelationship(side(world->function), side(world->role), ref);
    if (!after) model->addRelationship(side(world->function), side(world->bucket), ref);
  }
  world->functionUpdate = f.update({*world->function.before, *world->function.after},
                                   "Properties.Role", Json("a"), Json("b"));
  return world;
}

inline Value entity(const ComponentRef& component) {
  Value value;
  value.kind = Value::Kind::Component;
  value.component = component;
  return value;
}

inline Value changeEntity(std::size_t operation) {
  Value value;
  value.kind = Value::Kind::Change;
  value.change = operation;
  return value;
}

/// An entity operator applied to two entities of `world`.
inline bool relates(GraphWorld& world, std::string_view op, const Value& lhs, const Value& rhs) {
  EvaluationContext context(world.fixture.diff);
  return operatorNamed(op).apply(lhs, rhs, context);
}

/// Ids of the operations that ended with `risk`, in diff order.
inline std::vector<std::string> idsWithRisk(const DiffFixture& fixture, Risk risk) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < fixture.diff.operations.size(); ++i) {
    if (fixture.decision(i).risk == risk) ids.push_back(fixture.op(i).id);
  }
  return ids;
}

/// Runs one rule that marks its target high and returns the ids of the operations it reached.
inline std::vector<std::string> reached(DiffFixture& fixture, Rule probe) {
  auto set = ruleSet({std::move(probe)});
  fixture.decide(set);
  return idsWithRisk(fixture, Risk::High);
}

}  // namespace c2a::rules::testing
