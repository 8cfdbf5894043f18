#pragma once
// Cause chains: each change explained from the change that started it ("Orders REPLACE <-
// Properties.TableName immutable <- Parameter TableSuffix changed").
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/operation.h"

namespace c2a {

/// Looks operations up by id and follows their `cause` links. Built once per diff: linear, however
/// long the chains.
class CauseIndex {
 public:
  explicit CauseIndex(const std::vector<Operation>& operations);

  [[nodiscard]] std::optional<std::size_t> find(std::string_view id) const;
  /// The operation at `index`, then its cause, its cause's cause... up to the root (a change
  /// without a cause, or whose cause is not in the diff). A cycle ends the chain where it closes.
  /// At most its first `limit` operations.
  [[nodiscard]] std::vector<std::size_t> chain(
      std::size_t index, std::size_t limit = static_cast<std::size_t>(-1)) const;
  /// How many operations chain(index) holds, counted when the index is built.
  [[nodiscard]] std::size_t length(std::size_t index) const { return lengths_[index]; }
  /// The last entry of chain(index), found once per operation when the index is built.
  [[nodiscard]] std::size_t root(std::size_t index) const { return roots_[index]; }

 private:
  const std::vector<Operation>& operations_;
  std::unordered_map<std::string_view, std::size_t> byId_;
  std::vector<std::size_t> roots_;
  std::vector<std::size_t> lengths_;
};

/// Whether two operations act on the same component (of the same side pairing).
bool sameComponent(const Operation& a, const Operation& b);

}  // namespace c2a
