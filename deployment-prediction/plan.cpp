#include "deployment-prediction/plan.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <boost/graph/topological_sort.hpp>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

namespace c2a {
namespace {

constexpr std::string_view kNestedStackType = "AWS::CloudFormation::Stack";

/// One side of the diff as the plan reads it: its resources by stack, and the resources of the
/// same stack each one depends on. Parameters, conditions, mappings and outputs never act, and no
/// resource of a stack waits for a resource of another (a nested stack is one resource of its
/// parent; top-level stacks deploy one by one), so only resource-to-resource edges of one stack
/// order anything.
class Side {
 public:
  explicit Side(const InfraModel* model) : model_(model) {
    if (model_ == nullptr) return;
    stacks_.insert(model_->stacks().begin(), model_->stacks().end());
    for (ComponentIndex i = 0; i < model_->componentCount(); ++i) {
      const Component& component = model_->component(i);
      if (component.type != ComponentType::Resource) continue;
      resources_[component.stack].push_back(i);
      stacks_.insert(component.stack);
    }
  }

  [[nodiscard]] const std::set<std::string>& stacks() const { return stacks_; }
  [[nodiscard]] bool hasStack(const std::string& name) const { return stacks_.count(name) != 0; }
  [[nodiscard]] const Component& component(ComponentIndex index) const {
    return model_->component(index);
  }

  /// The resources of `stack`, in model order.
  [[nodiscard]] const std::vector<ComponentIndex>& resources(const std::string& stack) const {
    static const std::vector<ComponentIndex> none;
    auto it = resources_.find(stack);
    return it == resources_.end() ? none : it->second;
  }

  /// The resources of its own stack that `resource` refers to (Ref, Fn::GetAtt, Fn::Sub,
  /// DependsOn), each once.
  [[nodiscard]] std::vector<ComponentIndex> dependencies(ComponentIndex resource) const {
    std::vector<ComponentIndex> out;
    const std::string& stack = model_->component(resource).stack;
    model_->forEachOutgoing(
        resource, [&](ComponentIndex, ComponentIndex target, const Relationship& relationship) {
          if (relationship.kind != RelationshipKind::Dependency || target == resource) return;
          const Component& other = model_->component(target);
          if (other.type == ComponentType::Resource && other.stack == stack) out.push_back(target);
        });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

 private:
  const InfraModel* model_;
  std::set<std::string> stacks_;
  std::map<std::string, std::vector<ComponentIndex>> resources_;
};

using Edges = std::vector<std::pair<std::size_t, std::size_t>>;  // (first, then)

/// The layers of a graph of nodes 0..count-1 whose edges say which node comes first.
struct Layers {
  std::vector<std::size_t> layer;                // per node: acting nodes on the longest chain
                                                 // before it
  std::vector<std::vector<std::size_t>> cycles;  // nodes in a circle, each circle once
};

/// Longest chains counted in acting nodes only: a node's layer is the number of acting nodes on
/// the longest chain of edges leading to it, so acting nodes of one layer wait for nothing in
/// it. Circles are condensed into one node (Boost's strong components) so that the order always
/// ends; the condensed graph is walked in topological order.
Layers layer(std::size_t count, const Edges& edges, const std::vector<bool>& acts) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Graph graph(count);
  for (const auto& [first, then] : edges) {
    if (first != then) boost::add_edge(first, then, graph);
  }
  std::vector<std::size_t> circleOf(count);
  const std::size_t circles = boost::strong_components(
      graph,
      boost::make_iterator_property_map(circleOf.begin(), boost::get(boost::vertex_index, graph)));
  std::vector<std::vector<std::size_t>> members(circles);
  std::vector<bool> circleActs(circles, false);
  for (std::size_t v = 0; v < count; ++v) {
    members[circleOf[v]].push_back(v);
    if (acts[v]) circleActs[circleOf[v]] = true;
  }
  Graph condensed(circles);
  for (const auto& [first, then] : edges) {
    if (circleOf[first] != circleOf[then]) {
      boost::add_edge(circleOf[first], circleOf[then], condensed);
    }
  }

  std::vector<std::size_t> reversed;
  boost::topological_sort(condensed, std::back_inserter(reversed));
  std::vector<std::size_t> level(circles, 0);
  for (auto it = reversed.rbegin(); it != reversed.rend(); ++it) {
    const std::size_t next = level[*it] + (circleActs[*it] ? 1 : 0);
    for (auto [edge, end] = boost::out_edges(*it, condensed); edge != end; ++edge) {
      auto after = boost::target(*edge, condensed);
      level[after] = std::max(level[after], next);
    }
  }

  Layers out;
  out.layer.resize(count);
  for (std::size_t v = 0; v < count; ++v) out.layer[v] = level[circleOf[v]];
  for (auto& circle : members) {
    if (circle.size() > 1) out.cycles.push_back(std::move(circle));
  }
  return out;
}

/// Where each acting resource of one stack goes: its wave (from 0), and the circles found.
struct Ordering {
  std::map<ComponentIndex, std::size_t> wave;
  std::vector<std::vector<ComponentIndex>> cycles;
};

/// Orders the acting resources among `resources` (one stack's, on one side). Update phase: a
/// resource acts after every acting resource it depends on. Cleanup phase (`dependentsFirst`):
/// after every acting resource that depends on it. Resources that do not act still carry the
/// order (A -> B -> C with only A and C acting puts C before A): CloudFormation walks the whole
/// dependency graph of the template, an unchanged resource being a step that completes at once.
Ordering order(const Side& side, const std::vector<ComponentIndex>& resources,
               const std::set<ComponentIndex>& acting, bool dependentsFirst) {
  std::map<ComponentIndex, std::size_t> nodeOf;
  for (std::size_t v = 0; v < resources.size(); ++v) nodeOf[resources[v]] = v;
  Edges edges;
  std::vector<bool> acts(resources.size(), false);
  for (std::size_t v = 0; v < resources.size(); ++v) {
    acts[v] = acting.count(resources[v]) != 0;
    for (ComponentIndex target : side.dependencies(resources[v])) {
      auto it = nodeOf.find(target);
      if (it == nodeOf.end()) continue;
      edges.emplace_back(dependentsFirst ? v : it->second, dependentsFirst ? it->second : v);
    }
  }
  auto layers = layer(resources.size(), edges, acts);
  Ordering out;
  for (std::size_t v = 0; v < resources.size(); ++v) {
    if (acts[v]) out.wave[resources[v]] = layers.layer[v];
  }
  for (const auto& circle : layers.cycles) {
    std::vector<ComponentIndex> names;
    for (auto v : circle) names.push_back(resources[v]);
    out.cycles.push_back(std::move(names));
  }
  return out;
}

/// True when some step or output change of `plan` (nested plans included) is definite.
bool anyDefinite(const ModelDiff& diff, const StackPlan& plan) {
  for (const auto* phase : {&plan.update, &plan.cleanup}) {
    for (const auto& wave : *phase) {
      for (const auto& step : wave.steps) {
        if (step.certainty == Certainty::Definite) return true;
      }
    }
  }
  return std::any_of(plan.outputs.begin(), plan.outputs.end(), [&](std::size_t change) {
    return diff.operations[change].certainty == Certainty::Definite;
  });
}

class Planner {
 public:
  explicit Planner(const ModelDiff& diff) : diff_(diff), before_(diff.before), after_(diff.after) {
    for (std::size_t i = 0; i < diff.operations.size(); ++i) {
      const Operation& op = diff.operations[i];
      if (op.componentType == ComponentType::Output) {
        outputs_[op.stack].push_back(i);
        changedStacks_.insert(op.stack);
        continue;
      }
      if (op.componentType != ComponentType::Resource) continue;
      changedStacks_.insert(op.stack);
      if (op.after && op.type != OperationType::Remove) acting_[*op.after].push_back(i);
      const bool goes = op.type == OperationType::Remove || op.type == OperationType::Rename ||
                        op.type == OperationType::Replace;
      if (op.before && !op.property && goes) deleted_[*op.before].push_back(i);
    }
  }

  Plan plan() {
    // Nested stacks are planned inside the step of their stack resource, the others on their own.
    std::set<std::string> stacks;
    for (const Side* side : {&before_, &after_}) {
      stacks.insert(side->stacks().begin(), side->stacks().end());
      for (const auto& stack : side->stacks()) {
        for (ComponentIndex resource : side->resources(stack)) {
          if (auto child = childStack(*side, resource)) parentOf_[*child] = stack;
        }
      }
    }
    Plan out;
    for (const auto& stack : stacks) {
      if (parentOf_.count(stack) == 0) add(out, stack);
    }
    // A changed stack no step took (a nested stack whose resource did not act): on its own, so
    // that no change is left out of the plan.
    for (const auto& stack : changedStacks_) add(out, stack);
    deploymentOrder(out);
    return out;
  }

 private:
  /// The top-level stack `stack` belongs to (itself, or the root of the nested stacks it is in).
  std::string rootOf(std::string stack) const {
    // A nested stack's name is longer than its parent's: the walk ends.
    for (auto it = parentOf_.find(stack); it != parentOf_.end(); it = parentOf_.find(stack)) {
      stack = it->second;
    }
    return stack;
  }

  /// Sorts the plans in the order a CDK app deploys its stacks: a stack after the stacks it
  /// imports from (Fn::ImportValue, on the AFTER side), else by name.
  void deploymentOrder(Plan& plans) const {
    std::map<std::string, std::size_t> nodeOf;
    for (std::size_t i = 0; i < plans.size(); ++i) nodeOf[plans[i].stack] = i;
    Edges edges;
    diff_.after->forEachRelationship(
        [&](ComponentIndex source, ComponentIndex target, const Relationship& relationship) {
          if (relationship.kind != RelationshipKind::Dependency) return;
          auto user = nodeOf.find(rootOf(after_.component(source).stack));
          auto used = nodeOf.find(rootOf(after_.component(target).stack));
          if (user == nodeOf.end() || used == nodeOf.end() || user == used) return;
          edges.emplace_back(used->second, user->second);
        });
    auto rank = layer(plans.size(), edges, std::vector<bool>(plans.size(), true)).layer;
    std::vector<std::size_t> order(plans.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return std::tie(rank[a], plans[a].stack) < std::tie(rank[b], plans[b].stack);
    });
    Plan sorted;
    for (auto i : order) sorted.push_back(std::move(plans[i]));
    plans = std::move(sorted);
  }

  void add(Plan& out, const std::string& stack) {
    if (planned_.count(stack) != 0) return;
    auto plan = stackPlan(stack);
    if (!plan.empty()) out.push_back(std::move(plan));
  }

  /// The nested stack an AWS::CloudFormation::Stack resource deploys, when the model has it.
  std::optional<std::string> childStack(const Side& side, ComponentIndex resource) const {
    const Component& component = side.component(resource);
    if (component.subtype != kNestedStackType) return std::nullopt;
    std::string child = component.stack + "/" + component.name;
    if (!before_.hasStack(child) && !after_.hasStack(child)) return std::nullopt;
    return child;
  }

  StackPlan stackPlan(const std::string& stack) {
    planned_.insert(stack);
    StackPlan plan;
    plan.stack = stack;
    std::set<std::vector<std::string>> cycles;
    plan.update = updatePhase(stack, cycles);
    plan.cleanup = cleanupPhase(stack, cycles);
    // Outputs are set only together with a resource change: a stack whose outputs alone change
    // is not updated at all (seed 004: "No updates are to be performed").
    auto outputs = outputs_.find(stack);
    if (outputs != outputs_.end() && (!plan.update.empty() || !plan.cleanup.empty())) {
      plan.outputs = outputs->second;
    }
    plan.cycles.assign(cycles.begin(), cycles.end());
    return plan;
  }

  /// Attaches the plan of the nested stack `resource` deploys, unless another step has it.
  void attachNested(const Side& side, ComponentIndex resource, PlanStep& step) {
    auto child = childStack(side, resource);
    if (!child || planned_.count(*child) != 0) return;
    auto plan = stackPlan(*child);
    if (!plan.empty()) step.nested.push_back(std::move(plan));
  }

  std::vector<PlanWave> updatePhase(const std::string& stack,
                                    std::set<std::vector<std::string>>& cycles) {
    std::map<ComponentIndex, PlanStep> steps;
    for (ComponentIndex resource : after_.resources(stack)) {
      if (auto step = updateStep(resource)) steps.emplace(resource, std::move(*step));
    }
    return arrange(after_, after_.resources(stack), steps, false, cycles);
  }

  std::vector<PlanWave> cleanupPhase(const std::string& stack,
                                     std::set<std::vector<std::string>>& cycles) {
    std::map<ComponentIndex, PlanStep> steps;
    for (ComponentIndex resource : before_.resources(stack)) {
      if (auto step = cleanupStep(resource)) steps.emplace(resource, std::move(*step));
    }
    return arrange(before_, before_.resources(stack), steps, true, cycles);
  }

  /// What an AFTER-side resource does in the update phase, if anything.
  std::optional<PlanStep> updateStep(ComponentIndex resource) {
    const Component& component = after_.component(resource);
    PlanStep step;
    step.name = component.name;
    step.subtype = component.subtype;
    if (auto it = acting_.find(resource); it != acting_.end()) step.changes = it->second;
    if (component.subtype == kNestedStackType) attachNested(after_, resource, step);
    if (step.changes.empty() && step.nested.empty()) return std::nullopt;

    const Operation* head = nullptr;  // the component-level operation, if any
    bool definiteUpdate = false;
    for (auto change : step.changes) {
      const Operation& op = diff_.operations[change];
      if (op.property) {
        definiteUpdate = definiteUpdate || op.certainty == Certainty::Definite;
      } else {
        head = &op;
      }
    }
    if (head != nullptr && head->type == OperationType::Replace) {
      step.action = PlanAction::Replace;
      step.certainty = head->certainty;
    } else if (head != nullptr &&
               (head->type == OperationType::Insert || head->type == OperationType::Rename)) {
      step.action = PlanAction::Create;
      step.certainty = head->certainty;
    } else {
      // Its own updates, or only its nested stack's changes.
      step.action = PlanAction::Update;
      bool definite = definiteUpdate || (step.nested.size() == 1 && step.changes.empty() &&
                                         anyDefinite(diff_, step.nested.front()));
      step.certainty = definite ? Certainty::Definite : Certainty::Possible;
    }
    return step;
  }

  /// What a BEFORE-side resource loses in the cleanup phase, if anything.
  std::optional<PlanStep> cleanupStep(ComponentIndex resource) {
    auto it = deleted_.find(resource);
    if (it == deleted_.end()) return std::nullopt;
    const Component& component = before_.component(resource);
    const Operation& head = diff_.operations[it->second.front()];
    PlanStep step;
    step.name = component.name;
    step.subtype = component.subtype;
    step.changes = it->second;
    step.action = head.type == OperationType::Replace ? PlanAction::DeleteOld : PlanAction::Delete;
    step.certainty = head.certainty;
    // Deleting a nested stack deletes its resources: its plan says in which order.
    if (step.action == PlanAction::Delete && component.subtype == kNestedStackType) {
      attachNested(before_, resource, step);
    }
    return step;
  }

  /// The steps in waves, by `order`; each wave sorted by logical id.
  static std::vector<PlanWave> arrange(const Side& side,
                                       const std::vector<ComponentIndex>& resources,
                                       std::map<ComponentIndex, PlanStep>& steps,
                                       bool dependentsFirst,
                                       std::set<std::vector<std::string>>& cycles) {
    if (steps.empty()) return {};
    std::set<ComponentIndex> acting;
    for (const auto& [resource, step] : steps) acting.insert(resource);
    auto ordering = order(side, resources, acting, dependentsFirst);
    std::vector<PlanWave> waves;
    for (auto& [resource, step] : steps) {
      auto wave = ordering.wave.at(resource);
      if (waves.size() <= wave) waves.resize(wave + 1);
      waves[wave].steps.push_back(std::move(step));
    }
    for (auto& wave : waves) {
      std::sort(wave.steps.begin(), wave.steps.end(), [](const PlanStep& a, const PlanStep& b) {
        return std::tie(a.name, a.action) < std::tie(b.name, b.action);
      });
    }
    for (const auto& circle : ordering.cycles) {
      std::vector<std::string> names;
      for (ComponentIndex resource : circle) names.push_back(side.component(resource).name);
      std::sort(names.begin(), names.end());
      cycles.insert(std::move(names));
    }
    return waves;
  }

  const ModelDiff& diff_;
  Side before_;
  Side after_;
  std::map<ComponentIndex, std::vector<std::size_t>> acting_;   // AFTER resource: its changes
  std::map<ComponentIndex, std::vector<std::size_t>> deleted_;  // BEFORE resource: what goes
  std::map<std::string, std::vector<std::size_t>> outputs_;     // stack: its Output changes
  std::set<std::string> changedStacks_;
  std::set<std::string> planned_;
  std::map<std::string, std::string> parentOf_;  // nested stack: the stack of its resource
};

}  // namespace

Plan planDeployment(const ModelDiff& diff) {
  if (diff.before == nullptr || diff.after == nullptr) return {};
  return Planner(diff).plan();
}

}  // namespace c2a
