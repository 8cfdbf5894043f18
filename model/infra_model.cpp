#include "model/infra_model.h"

#include <boost/graph/adjacency_list.hpp>
#include <string>
#include <tuple>
#include <unordered_map>

namespace c2a {
namespace {

std::string indexKey(std::string_view stack, ComponentType type, std::string_view name) {
  std::string key;
  key.reserve(stack.size() + name.size() + 3);
  key.append(stack);
  key += '\0';
  key += static_cast<char>('0' + static_cast<int>(type));
  key += '\0';
  key.append(name);
  return key;
}

// Where an edge between two components with one relationship is looked up: a template can hold
// thousands of references from one resource to another (one per property), so scanning the edges
// between them for a duplicate would be quadratic.
std::size_t edgeHash(ComponentIndex source, ComponentIndex target, const Relationship& r) {
  std::size_t hash = std::hash<std::size_t>{}(source);
  auto mix = [&hash](std::size_t value) {
    hash ^= value + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
  };
  mix(target);
  mix(static_cast<std::size_t>(r.kind));
  mix(static_cast<std::size_t>(r.reference));
  for (const auto& segment : r.sourcePath) mix(std::hash<std::string>{}(segment));
  mix(std::hash<std::string>{}(r.attribute));
  return hash;
}

}  // namespace

struct InfraModel::Impl {
  // Nested here, not in the anonymous namespace: Impl has linkage, and so must its members' types.
  struct EdgeData {
    Relationship relationship;
    std::size_t order = 0;  // insertion order, so visits are deterministic
  };
  // vecS/vecS/bidirectionalS as ARCHITECTURE.md prescribes: vertices are never removed, so
  // indices stay valid, and incoming edges are needed for propagation.
  using Graph =
      boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, Component, EdgeData>;

  Graph graph;
  std::unordered_multimap<std::size_t, Graph::edge_descriptor> edges;  // by edgeHash
  std::unordered_map<std::string, ComponentIndex> index;
  std::vector<std::string> stacks;
  std::map<std::string, StackEnvironment, std::less<>> environments;
  std::size_t edgeCount = 0;
};

InfraModel::InfraModel() : impl_(std::make_unique<Impl>()) {}
InfraModel::~InfraModel() = default;
InfraModel::InfraModel(InfraModel&&) noexcept = default;
InfraModel& InfraModel::operator=(InfraModel&&) noexcept = default;

ComponentIndex InfraModel::addComponent(Component component) {
  auto key = indexKey(component.stack, component.type, component.name);
  if (auto it = impl_->index.find(key); it != impl_->index.end()) return it->second;
  // add_vertex takes its property by const reference: add an empty one and move the component in,
  // so a large body is not copied.
  auto vertex = boost::add_vertex(impl_->graph);
  impl_->graph[vertex] = std::move(component);
  impl_->index.emplace(std::move(key), vertex);
  return vertex;
}

bool InfraModel::addRelationship(ComponentIndex source, ComponentIndex target,
                                 Relationship relationship) {
  auto& graph = impl_->graph;
  auto hash = edgeHash(source, target, relationship);
  for (auto [it, end] = impl_->edges.equal_range(hash); it != end; ++it) {
    const auto& edge = it->second;
    if (boost::source(edge, graph) == source && boost::target(edge, graph) == target &&
        graph[edge].relationship == relationship) {
      return false;
    }
  }
  auto [edge, added] = boost::add_edge(
      source, target, Impl::EdgeData{std::move(relationship), impl_->edgeCount++}, graph);
  impl_->edges.emplace(hash, edge);
  return added;
}

std::size_t InfraModel::componentCount() const {
  return boost::num_vertices(impl_->graph);
}
std::size_t InfraModel::relationshipCount() const {
  return impl_->edgeCount;
}

const Component& InfraModel::component(ComponentIndex index) const {
  return impl_->graph[index];
}
Component& InfraModel::component(ComponentIndex index) {
  return impl_->graph[index];
}

std::optional<ComponentIndex> InfraModel::find(std::string_view stack, ComponentType type,
                                               std::string_view name) const {
  auto it = impl_->index.find(indexKey(stack, type, name));
  if (it == impl_->index.end()) return std::nullopt;
  return it->second;
}

void InfraModel::forEachOutgoing(ComponentIndex index, const EdgeVisitor& visit) const {
  const auto& graph = impl_->graph;
  for (auto [it, end] = boost::out_edges(index, graph); it != end; ++it) {
    visit(index, boost::target(*it, graph), graph[*it].relationship);
  }
}

void InfraModel::forEachIncoming(ComponentIndex index, const EdgeVisitor& visit) const {
  const auto& graph = impl_->graph;
  std::vector<std::tuple<std::size_t, ComponentIndex, const Relationship*>> edges;
  for (auto [it, end] = boost::in_edges(index, graph); it != end; ++it) {
    edges.emplace_back(graph[*it].order, boost::source(*it, graph), &graph[*it].relationship);
  }
  std::sort(edges.begin(), edges.end(),
            [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  for (const auto& [order, source, relationship] : edges) visit(source, index, *relationship);
}

void InfraModel::forEachRelationship(const EdgeVisitor& visit) const {
  const auto& graph = impl_->graph;
  std::vector<std::tuple<std::size_t, ComponentIndex, ComponentIndex, const Relationship*>> edges;
  edges.reserve(impl_->edgeCount);
  for (auto [it, end] = boost::edges(graph); it != end; ++it) {
    edges.emplace_back(graph[*it].order, boost::source(*it, graph), boost::target(*it, graph),
                       &graph[*it].relationship);
  }
  std::sort(edges.begin(), edges.end(),
            [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  for (const auto& [order, source, target, relationship] : edges) {
    visit(source, target, *relationship);
  }
}

const std::vector<std::string>& InfraModel::stacks() const {
  return impl_->stacks;
}

const StackEnvironment& InfraModel::environment(std::string_view stack) const {
  static const StackEnvironment kUnknown;
  auto found = impl_->environments.find(stack);
  return found == impl_->environments.end() ? kUnknown : found->second;
}

void InfraModel::setEnvironment(const std::string& stack, StackEnvironment environment) {
  impl_->environments[stack] = std::move(environment);
}

void InfraModel::addStack(const std::string& name) {
  for (const auto& s : impl_->stacks) {
    if (s == name) return;
  }
  impl_->stacks.push_back(name);
}

std::string nestedStackName(std::string_view parent, std::string_view logicalId) {
  if (parent.empty()) return std::string(logicalId);
  return std::string(parent) + "/" + std::string(logicalId);
}

}  // namespace c2a
