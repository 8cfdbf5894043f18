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
  /// addChild for the element at `index` of an array.
  NodeId addElement(NodeId parent, std::size_t index, int line, int column);
  /// Sets the root value's position.
  void setRoot(int line, int column);
  /// The child at `segment` inside `parent` (at `index`, for element()), made without a position
  /// of its own when it is new: a step on the way to values that have one.
  NodeId child(NodeId parent, std::string_view segment);
  NodeId element(NodeId parent, std::size_t index);

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
  struct Node {
    NodeId parent = kRoot;
    std::string_view segment;  // into segments_
  };
  /// A slot of the open-addressing index of children by (parent, segment): a template has a node
  /// per value, and a node-based hash map allocated once per value (docs/performance.md).
  struct Slot {
    std::uint32_t hash = 0;
    NodeId id = kRoot;  // kRoot: empty (the root is nobody's child)
  };

  static std::uint32_t hashOf(NodeId parent, std::string_view segment);
  /// The slot holding (parent, segment), or the empty one where it would go.
  [[nodiscard]] std::size_t slotOf(NodeId parent, std::string_view segment,
                                   std::uint32_t hash) const;
  void grow();
  /// Keeps segment text at an address that never moves (nodes_ point into it).
  std::string_view keep(std::string_view segment);

  std::string file_;
  std::vector<Position> positions_;                // by NodeId
  std::vector<Node> nodes_;                        // by NodeId
  std::vector<Slot> slots_;                        // a power of two in size, at most half full
  std::vector<std::unique_ptr<char[]>> segments_;  // blocks of segment text
  char* free_ = nullptr;                           // where the last block's free part starts
  std::size_t blockLeft_ = 0;
};

using LocationTablePtr = std::shared_ptr<const LocationTable>;

}  // namespace c2a
