#pragma once
// The diff world the rules look at: every component of either side, paired across the sides, and
// the indices that let a binding find its candidates without scanning everything.
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/diff.h"
#include "model/parallel_work.h"
#include "rules/ast.h"
#include "rules/evaluation/bound.h"
#include "rules/evaluator.h"
#include "rules/value.h"

namespace c2a::rules {

class DiffWorld {
 public:
  static constexpr WorldComponentId kNoComponent = static_cast<WorldComponentId>(-1);

  explicit DiffWorld(const ModelDiff& diff, ResourceFacts facts = {},
                     const Failures* failures = nullptr);
  ~DiffWorld();

  [[nodiscard]] const ModelDiff& diff() const { return diff_; }
  [[nodiscard]] std::size_t componentCount() const { return components_.size(); }
  [[nodiscard]] const ComponentRef& component(WorldComponentId id) const { return components_[id]; }
  /// The AFTER side of a component, or its BEFORE side when it has no AFTER side.
  [[nodiscard]] const Component& primary(WorldComponentId id) const;
  /// The component an operation is on; kNoComponent for an operation that names neither side.
  [[nodiscard]] WorldComponentId componentOf(std::size_t operation) const {
    return operationComponent_[operation];
  }
  /// Operations on a component, in report order.
  [[nodiscard]] const std::vector<std::size_t>& operationsOn(WorldComponentId id) const {
    return operationsByComponent_[id];
  }

  /// A superset of the components `query` selects, from the narrowest index; check each with
  /// `selects`.
  [[nodiscard]] const std::vector<WorldComponentId>& componentCandidates(const Query& query) const;
  [[nodiscard]] bool selects(const Query& query, WorldComponentId id) const;
  /// A superset of the operations `query` selects; check each with `selectsChange`.
  [[nodiscard]] const std::vector<std::size_t>& changeCandidates(const Query& query) const;
  [[nodiscard]] bool selectsChange(const Query& query, std::size_t operation) const;

  /// Appends the components that have a dependency relationship to `id` (`referrers`) or that
  /// `id` has one to, in either model; sorted, each once.
  void dependencyNeighbours(WorldComponentId id, bool referrers,
                            std::vector<WorldComponentId>& out) const;

  /// `{name, type, subtype, stack, id, stateful}` of a component, and `constructPath`,
  /// `constructId` for one with `aws:cdk:path` metadata; built on first use.
  [[nodiscard]] const Json& componentFields(WorldComponentId id) const;
  /// The values enclosing a property change's value in its component's AFTER body, nearest first
  /// (the parent, its parent... up to a top-level key such as `Properties`, the body excluded);
  /// empty for a component-level operation. Every prefix of a change's path is an AFTER-side
  /// path (the differ descends by AFTER index), so for a REMOVE these are the containers it was
  /// removed from, as they are after the change.
  void enclosing(std::size_t operation, std::vector<const Json*>& out) const;
  /// `{type, propertyOperationType, path, updateType, certainty, propagated, id, stack, name,
  /// oldName, cause}` of an operation (absent where they do not apply), built on first use.
  [[nodiscard]] const Json& changeFields(std::size_t operation) const;
  /// One of those fields, or null when the operation has no such field.
  [[nodiscard]] const Json* changeField(std::size_t operation, std::string_view key) const;

 private:
  void pairComponents();
  void indexComponents();
  void indexOperations();
  WorldComponentId addComponent(ComponentRef ref);

  const ModelDiff& diff_;
  ResourceFacts facts_;
  std::vector<std::vector<std::string>> failureCodes_;  // by operation: `change.failures`
  std::vector<ComponentRef> components_;
  std::vector<std::optional<WorldComponentId>> beforeIds_;  // by BEFORE-model index
  std::vector<std::optional<WorldComponentId>> afterIds_;   // by AFTER-model index
  std::vector<WorldComponentId> operationComponent_;
  std::vector<std::vector<std::size_t>> operationsByComponent_;

  std::vector<WorldComponentId> allComponents_;
  std::array<std::vector<WorldComponentId>, 7> byType_;
  std::unordered_map<std::string, std::vector<WorldComponentId>> byTypeAndSubtype_;
  std::unordered_map<std::string, std::vector<WorldComponentId>> bySubtype_;
  std::unordered_map<std::string, std::vector<WorldComponentId>> byName_;

  std::vector<std::size_t> allOperations_;
  std::array<std::vector<std::size_t>, 5> operationsByType_;

  // Built lazily (most rules never read these fields), by whichever evaluation thread asks first.
  LazySlots<Json> componentFields_;
  struct ChangeFields;
  const ChangeFields& changeFieldsOf(std::size_t operation) const;
  std::unique_ptr<ChangeFields> changeFieldsMade(std::size_t operation) const;
  LazySlots<ChangeFields> changeFields_;
};

}  // namespace c2a::rules
