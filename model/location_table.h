#pragma once
// Source positions of the values of one input file, found by JSON pointer (`/Resources/Bucket`).
// Readers fill it; components keep a shared handle so any finding can point into the template.
//
// Stored flat, as a tree of nodes: a value is its parent's id and its key (or array index) with
// a line and column, not a pointer string of its own. A template has a position for every value,
// and building a pointer string per value cost more than parsing the value (docs/performance.md).
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/source_location.h"

namespace c2a {

class LocationTable {
 public:
  using NodeId = std::uint32_t;
  static constexpr NodeId kRoot = 0;  // the whole document, pointer ""

  explicit LocationTable(std::string file);

  /// The value at `segment` (a key, or an array index written in decimal) inside `parent`, at
  /// line:column; a value read again (a duplicate key) takes the later position. Returns its id.
  NodeId addChild(NodeId parent, std::string_view segment, int line, int column);
  /// Sets the root value's position.
  void setRoot(int line, int column);

  /// The value at `pointer` (RFC 6901 escaping), keeping a position it already has.
  void add(std::string_view pointer, int line, int column);
  /// Room for `count` values, so that filling the table does not rehash it again and again.
  void reserve(std::size_t count);

  /// The location of the value at `pointer`, or of the nearest enclosing value that has one.
  [[nodiscard]] SourceLocation find(std::string_view pointer) const;
  [[nodiscard]] const std::string& file() const { return file_; }
  /// Values with a position.
  [[nodiscard]] std::size_t size() const;

 private:
  struct Position {
    int line = 0;  // 0: no position of its own (a step on the way to one that has)
    int column = 0;
  };
  struct ChildKey {
    NodeId parent;
    std::string_view segment;  // into segments_
    bool operator==(const ChildKey&) const = default;
  };
  struct ChildKeyHash {
    std::size_t operator()(const ChildKey& key) const;
  };

  /// The child, or the new one (without a position) when there is none.
  NodeId child(NodeId parent, std::string_view segment);
  /// Keeps segment text at an address that never moves (the keys of children_ point into it).
  std::string_view keep(std::string_view segment);

  std::string file_;
  std::vector<Position> positions_;  // by NodeId
  std::unordered_map<ChildKey, NodeId, ChildKeyHash> children_;
  std::vector<std::unique_ptr<char[]>> segments_;  // blocks of segment text
  char* free_ = nullptr;                           // where the last block's free part starts
  std::size_t blockLeft_ = 0;
};

using LocationTablePtr = std::shared_ptr<const LocationTable>;

}  // namespace c2a
