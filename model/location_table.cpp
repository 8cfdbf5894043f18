#include "model/location_table.h"

namespace c2a {

SourceLocation LocationTable::find(std::string_view pointer) const {
  std::string key(pointer);
  while (true) {
    if (auto it = positions_.find(key); it != positions_.end()) {
      return SourceLocation{file_, it->second.line, it->second.column};
    }
    auto slash = key.rfind('/');
    if (slash == std::string::npos) return SourceLocation{file_, 0, 0};
    key.resize(slash);  // fall back to the enclosing value
  }
}

}  // namespace c2a
