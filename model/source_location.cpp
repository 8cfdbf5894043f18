#include "model/source_location.h"

#include <fmt/format.h>

namespace c2a {

std::string SourceLocation::str() const {
  if (line > 0 && column > 0) return fmt::format("{}:{}:{}", file, line, column);
  if (line > 0) return fmt::format("{}:{}", file, line);
  return file;
}

}  // namespace c2a
