#pragma once
// Source positions of the values of one input file, keyed by JSON pointer (`/Resources/Bucket`).
// Readers fill it; components keep a shared handle so any finding can point into the template.
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "model/source_location.h"

namespace c2a {

class LocationTable {
 public:
  explicit LocationTable(std::string file) : file_(std::move(file)) {}

  void add(std::string pointer, int line, int column) {
    positions_.try_emplace(std::move(pointer), Position{line, column});
  }
  /// The location of the value at `pointer`, or of the nearest enclosing value that has one.
  [[nodiscard]] SourceLocation find(std::string_view pointer) const;
  [[nodiscard]] const std::string& file() const { return file_; }
  [[nodiscard]] std::size_t size() const { return positions_.size(); }

 private:
  struct Position {
    int line;
    int column;
  };
  std::string file_;
  std::unordered_map<std::string, Position> positions_;
};

using LocationTablePtr = std::shared_ptr<const LocationTable>;

}  // namespace c2a
