// CloudFormation orders a stack's resources by their references and refuses a template in which
// they go round in a circle ("Circular dependency between resources: [A, B]"), before it acts. A
// reference inside an Fn::If may not be the one deployed, so only references that are surely
// made count, between resources that surely exist.
#include <fmt/format.h>

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "deployment-prediction/failures/failure_list.h"
#include "model/intrinsics.h"
#include "model/path.h"
#include "model/same_value.h"

namespace c2a::prediction {
namespace {

constexpr std::string_view kDependencyCycle = "dependency-cycle";

// Whether the values of a resource's body hold an Fn::If, each worked out at most once: a
// reference's value is found by its sourcePath, and what lies below it is walked once however
// many references lead into it. A walk per reference was quadratic (one Fn::Join of 20,000 Refs,
// or 20,000 properties each referring to one resource); a pointer string kept per value of the
// body, as an earlier version did, cost more than finding the circles.
class ConditionalValues {
 public:
  explicit ConditionalValues(const Json& body) : body_(body) {}

  /// Whether the value at `path` holds an Fn::If; nothing when there is no value there.
  [[nodiscard]] std::optional<bool> at(const Path& path) {
    const Json* value = &body_;
    for (const auto& segment : path) {
      value = childOf(*value, segment);
      if (value == nullptr) return std::nullopt;
    }
    return conditional(*value);
  }

 private:
  const Json* childOf(const Json& value, const std::string& segment) {
    if (value.is_object()) return member(value, segment);
    auto index = value.is_array() ? arrayIndex(segment) : std::nullopt;
    return index && *index < value.size() ? &value[*index] : nullptr;
  }

  // An object finds a key by reading its members in order: each object a path goes through gets
  // a MemberIndex once, or 20,000 references into one object of 20,000 keys would read 20,000
  // keys each.
  const Json* member(const Json& object, const std::string& key) {
    return memberIndexes_.try_emplace(&object, object).first->second.find(key);
  }

  bool conditional(const Json& value) {
    if (!value.is_structured()) return false;
    if (auto it = known_.find(&value); it != known_.end()) return it->second;
    bool found = value.is_object() && calls(value, Fn::If);
    for (auto it = value.begin(); !found && it != value.end(); ++it) found = conditional(*it);
    known_.emplace(&value, found);
    return found;
  }

  const Json& body_;
  std::unordered_map<const Json*, bool> known_;
  std::unordered_map<const Json*, MemberIndex> memberIndexes_;
};

bool surelyMade(const Component& source, const Relationship& edge,
                std::optional<ConditionalValues>& values) {
  if (edge.reference == ReferenceKind::DependsOn) return true;
  if (edge.reference != ReferenceKind::Ref && edge.reference != ReferenceKind::GetAtt &&
      edge.reference != ReferenceKind::Sub) {
    return false;
  }
  if (!values) values.emplace(source.properties);
  auto conditional = values->at(edge.sourcePath);
  return conditional && !*conditional;
}

std::string names(const InfraModel& model, const std::vector<ComponentIndex>& members) {
  std::vector<std::string> sorted;
  sorted.reserve(members.size());
  for (auto member : members) sorted.push_back(model.component(member).name);
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const auto& name : sorted) out += (out.empty() ? "" : ", ") + name;
  return out;
}

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

// The circles among one stack's `members` (each resource's position in `local`): strong
// components of the references surely made, and resources that refer to themselves.
std::vector<std::vector<ComponentIndex>> circlesOf(
    const InfraModel& model, const std::string& stack, const std::vector<ComponentIndex>& members,
    const std::map<ComponentIndex, std::size_t>& local) {
  Graph graph(members.size());
  std::vector<bool> selfReference(members.size(), false);
  for (std::size_t v = 0; v < members.size(); ++v) {
    const Component& source = model.component(members[v]);
    std::optional<ConditionalValues> values;  // made when the first reference needs it
    model.forEachOutgoing(
        members[v], [&](ComponentIndex, ComponentIndex target, const Relationship& edge) {
          auto to = local.find(target);
          if (to == local.end() || model.component(target).stack != stack) return;
          if (edge.kind != RelationshipKind::Dependency || !surelyMade(source, edge, values))
            return;
          if (to->second == v) {
            selfReference[v] = true;
          } else {
            boost::add_edge(v, to->second, graph);
          }
        });
  }
  std::vector<std::size_t> circleOf(members.size());
  const std::size_t circles = boost::strong_components(
      graph,
      boost::make_iterator_property_map(circleOf.begin(), boost::get(boost::vertex_index, graph)));
  std::vector<std::vector<ComponentIndex>> circle(circles);
  for (std::size_t v = 0; v < members.size(); ++v) circle[circleOf[v]].push_back(members[v]);
  for (std::size_t v = 0; v < members.size(); ++v) {
    if (selfReference[v] && circle[circleOf[v]].size() == 1) {
      circle[circleOf[v]].push_back(members[v]);
    }
  }
  std::erase_if(circle, [](const auto& found) { return found.size() < 2; });
  for (auto& found : circle) found.erase(std::unique(found.begin(), found.end()), found.end());
  return circle;
}

// The failure of one circle, bound to its first change in report order (`operationOf`).
Failure circleFailure(const InfraModel& model, const std::vector<ComponentIndex>& found,
                      const std::map<ComponentIndex, std::size_t>& operationOf) {
  std::optional<std::size_t> bound;
  for (auto member : found) {
    auto op = operationOf.find(member);
    if (op != operationOf.end() && (!bound || op->second < *bound)) bound = op->second;
  }
  auto list = names(model, found);
  auto message = found.size() == 1
                     ? fmt::format(
                           "{} refers to itself: CloudFormation refuses the template "
                           "(\"Circular dependency between resources: [{}]\")",
                           list, list)
                     : fmt::format(
                           "resources {} depend on each other in a circle (Ref, Fn::GetAtt, "
                           "Fn::Sub or DependsOn): CloudFormation cannot order them and refuses "
                           "the template (\"Circular dependency between resources: [{}]\")",
                           list, list);
  // Without a change among them the circle was there before, which CloudFormation would not have
  // deployed; it is still the template's, so said where the first resource is.
  return {std::string(kDependencyCycle), message, bound,
          bound ? SourceLocation{} : model.component(found.front()).location()};
}

void dependencyCycles(const ModelDiff& diff, TemplateEvaluator& after, Failures& out) {
  const InfraModel& model = *diff.after;
  // The resources that surely exist once deployed, by stack.
  std::map<std::string, std::vector<ComponentIndex>> stacks;
  std::map<ComponentIndex, std::size_t> local;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const Component& component = model.component(i);
    if (component.type != ComponentType::Resource) continue;
    auto exists = after.existence(component);
    if (exists.truth != Truth::True || exists.fromDefaults) continue;
    auto& members = stacks[component.stack];
    local[i] = members.size();
    members.push_back(i);
  }
  // Where each resource's operation is, to bind the failure to the first one in report order.
  std::map<ComponentIndex, std::size_t> operationOf;
  for (std::size_t k = 0; k < diff.operations.size(); ++k) {
    const auto& op = diff.operations[k];
    if (op.after && op.componentType == ComponentType::Resource) operationOf.emplace(*op.after, k);
  }

  for (const auto& [stack, members] : stacks) {
    for (const auto& found : circlesOf(model, stack, members, local)) {
      out.push_back(circleFailure(model, found, operationOf));
    }
  }
}

}  // namespace

FailureKind dependencyCycleKind() {
  return {kDependencyCycle, "Resources that depend on each other in a circle", true,
          [](const FailureInputs& inputs, Failures& out) {
            dependencyCycles(inputs.diff, inputs.after, out);
          }};
}

}  // namespace c2a::prediction
