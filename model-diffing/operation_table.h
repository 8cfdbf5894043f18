#pragma once
// The operations of a diff while they are being built: creation with stable ids, and the lookups
// propagation needs (the operation at a component's path, a component's replacement).
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "model/infra_model.h"
#include "model/operation.h"

namespace c2a::diffing {

/// Which side's component an operation is about, for lookups.
struct ComponentKey {
  bool afterSide;
  ComponentIndex index;
  auto operator<=>(const ComponentKey&) const = default;
};

class OperationTable {
 public:
  OperationTable(const InfraModel& before, const InfraModel& after)
      : before_(before), after_(after) {}

  /// Adds an operation about `before` / `after` (either may be absent), fills its component
  /// fields and stable id, and returns its index.
  std::size_t add(Operation operation);

  [[nodiscard]] Operation& at(std::size_t index) { return operations_[index]; }
  [[nodiscard]] std::size_t size() const { return operations_.size(); }

  /// The UPDATE at exactly `path` of the AFTER component, if any.
  [[nodiscard]] std::optional<std::size_t> updateAt(ComponentIndex after, const Path& path) const;
  /// The REPLACE or RENAME of the AFTER component, if any.
  [[nodiscard]] std::optional<std::size_t> replacementOf(ComponentIndex after) const;
  /// The INSERT of the AFTER component, if any.
  [[nodiscard]] bool isInserted(ComponentIndex after) const;

  /// The pairing of AFTER components to BEFORE components (matched or renamed).
  void setCounterpart(ComponentIndex after, ComponentIndex before) { counterpart_[after] = before; }
  /// Resources whose existence on each side the differ settled from their conditions: a change
  /// of a condition they use changes nothing more for them (change_propagation.cpp).
  void settleExistence(ComponentIndex after) { settled_.insert(after); }
  [[nodiscard]] bool existenceSettled(ComponentIndex after) const {
    return settled_.count(after) != 0;
  }
  [[nodiscard]] std::optional<ComponentIndex> counterpart(ComponentIndex after) const;

  [[nodiscard]] const InfraModel& before() const { return before_; }
  [[nodiscard]] const InfraModel& after() const { return after_; }

  /// Sorted by stack, component, operation, path; ids unique.
  std::vector<Operation> release();

 private:
  const InfraModel& before_;
  const InfraModel& after_;
  std::vector<Operation> operations_;
  std::map<std::pair<ComponentIndex, std::string>, std::size_t> updates_;  // (after, dotted path)
  std::unordered_map<ComponentIndex, std::size_t> replacements_;
  std::unordered_map<ComponentIndex, std::size_t> insertions_;
  std::unordered_map<ComponentIndex, ComponentIndex> counterpart_;
  std::unordered_set<ComponentIndex> settled_;
  std::unordered_map<std::string, int> idUses_;
};

/// `[stack/]Type:name:OPERATION` for component operations, `[stack/]Type:name:path:insert` (the
/// property operation in lower case) for UPDATEs.
std::string operationId(const Operation& operation);

}  // namespace c2a::diffing
