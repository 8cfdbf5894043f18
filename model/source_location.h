#pragma once
#include <string>

namespace c2a {

/// Where a value came from. line and column are 1-based; 0 means unknown.
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;

  [[nodiscard]] bool known() const { return line > 0; }
  /// "FILE:LINE:COL", "FILE:LINE" or "FILE", as much as is known.
  [[nodiscard]] std::string str() const;

  bool operator==(const SourceLocation&) const = default;
};

}  // namespace c2a
