#pragma once
// The InfraModel: components and the relationships between them, one per side of a diff.
// Built once by platform-mapping, read by every later stage. The Boost.Graph storage stays in
// infra_model.cpp; stages see indices and visitors.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/component.h"
#include "model/relationship.h"

namespace c2a {

using ComponentIndex = std::size_t;

/// The name of the stack a nested stack resource deploys: `Parent/Logical` ("Logical" under a
/// lone template's unnamed stack).
std::string nestedStackName(std::string_view parent, std::string_view logicalId);

/// Where a stack deploys, as far as its input says (a cloud assembly's manifest: the artifact's
/// `environment` and `stackName`); empty where it does not (a lone template, an
/// environment-agnostic stack: `aws://unknown-account/unknown-region`).
struct StackEnvironment {
  std::string account;
  std::string region;
  std::string stackName;  // the deployed stack's name
  /// The stacks of the same assembly that `cdk deploy` of this one deploys first (the manifest's
  /// `dependencies` that are stacks), by their names in the model.
  std::vector<std::string> dependsOn;
};

class InfraModel {
 public:
  InfraModel();
  ~InfraModel();
  InfraModel(InfraModel&&) noexcept;
  InfraModel& operator=(InfraModel&&) noexcept;
  InfraModel(const InfraModel&) = delete;
  InfraModel& operator=(const InfraModel&) = delete;

  /// Adds a component; if one with the same (stack, type, name) exists, returns that one unchanged.
  ComponentIndex addComponent(Component component);
  /// Adds an edge unless the same edge exists already. Returns true when it was added.
  bool addRelationship(ComponentIndex source, ComponentIndex target, Relationship relationship);

  [[nodiscard]] std::size_t componentCount() const;
  [[nodiscard]] std::size_t relationshipCount() const;
  [[nodiscard]] const Component& component(ComponentIndex index) const;
  [[nodiscard]] Component& component(ComponentIndex index);
  [[nodiscard]] std::optional<ComponentIndex> find(std::string_view stack, ComponentType type,
                                                   std::string_view name) const;

  using EdgeVisitor =
      std::function<void(ComponentIndex source, ComponentIndex target, const Relationship&)>;
  /// Relationships whose source is `index`, in insertion order.
  void forEachOutgoing(ComponentIndex index, const EdgeVisitor& visit) const;
  /// Relationships whose target is `index`, in insertion order.
  void forEachIncoming(ComponentIndex index, const EdgeVisitor& visit) const;
  /// Every relationship, in insertion order.
  void forEachRelationship(const EdgeVisitor& visit) const;

  /// Stack names in the order they were added ("" for a lone template).
  [[nodiscard]] const std::vector<std::string>& stacks() const;
  void addStack(const std::string& name);
  /// Where `stack` deploys; empty fields where unknown.
  [[nodiscard]] const StackEnvironment& environment(std::string_view stack) const;
  void setEnvironment(const std::string& stack, StackEnvironment environment);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace c2a
