#include "model/sub_placeholders.h"

namespace c2a {

std::vector<SubPlaceholder> subPlaceholders(std::string_view text) {
  std::vector<SubPlaceholder> placeholders;
  std::size_t pos = 0;
  while (true) {
    auto start = text.find("${", pos);
    if (start == std::string_view::npos) break;
    if (start + 2 < text.size() && text[start + 2] == '!') {
      pos = start + 3;  // `${!X}` renders as `${X}`: literal text
      continue;
    }
    auto end = text.find('}', start + 2);
    if (end == std::string_view::npos) break;  // unterminated: the rest is plain text
    auto expression = text.substr(start + 2, end - start - 2);
    auto dot = expression.find('.');
    auto name = expression.substr(0, dot);
    if (!name.empty()) {
      SubPlaceholder placeholder;
      placeholder.expression = std::string(expression);
      placeholder.name = std::string(name);
      if (dot != std::string_view::npos) placeholder.attribute = expression.substr(dot + 1);
      placeholder.offset = start;
      placeholder.length = end + 1 - start;
      placeholders.push_back(std::move(placeholder));
    }
    pos = end + 1;
  }
  return placeholders;
}

}  // namespace c2a
