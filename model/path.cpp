#include "model/path.h"

#include <charconv>
#include <system_error>

namespace c2a {

std::string toDotted(const Path& path) {
  std::string out;
  for (const auto& segment : path) {
    if (!out.empty()) out += '.';
    // A key's own dots (a condition key `aws:PrincipalTag/team.Tags`, a map's key) would read as
    // more segments: `Tags` would look like a path segment a rule approves as tagging.
    for (char c : segment) {
      if (c == '.') {
        out += "%2E";
      } else if (c == '%') {
        out += "%25";
      } else {
        out += c;
      }
    }
  }
  return out;
}

void appendPointerSegment(std::string& pointer, std::string_view segment) {
  pointer += '/';
  for (char c : segment) {
    if (c == '~') {
      pointer += "~0";
    } else if (c == '/') {
      pointer += "~1";
    } else {
      pointer += c;
    }
  }
}

std::string childPointer(std::string_view parent, std::string_view key) {
  std::string out(parent);
  appendPointerSegment(out, key);
  return out;
}

std::string toPointer(const Path& path) {
  std::string out;
  for (const auto& segment : path) appendPointerSegment(out, segment);
  return out;
}

Path fromDotted(std::string_view dotted) {
  Path path;
  if (dotted.empty()) return path;
  std::size_t start = 0;
  while (true) {
    auto dot = dotted.find('.', start);
    auto raw = dotted.substr(start, dot == std::string_view::npos ? dot : dot - start);
    std::string segment;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '%' && raw.compare(i, 3, "%2E") == 0) {
        segment += '.';
        i += 2;
      } else if (raw[i] == '%' && raw.compare(i, 3, "%25") == 0) {
        segment += '%';
        i += 2;
      } else {
        segment += raw[i];
      }
    }
    path.push_back(std::move(segment));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return path;
}

Path fromPointer(std::string_view pointer) {
  Path path;
  if (pointer.empty()) return path;
  if (pointer.front() == '/') pointer.remove_prefix(1);
  std::string segment;
  for (std::size_t i = 0; i <= pointer.size(); ++i) {
    if (i == pointer.size() || pointer[i] == '/') {
      path.push_back(std::move(segment));
      segment.clear();
    } else if (pointer[i] == '~' && i + 1 < pointer.size() &&
               (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
      segment += pointer[++i] == '0' ? '~' : '/';
    } else {
      segment += pointer[i];
    }
  }
  return path;
}

std::optional<std::size_t> arrayIndex(std::string_view key) {
  if (key.empty() || (key.size() > 1 && key.front() == '0')) return std::nullopt;
  std::size_t index = 0;
  const char* end = key.data() + key.size();
  auto [last, error] = std::from_chars(key.data(), end, index);
  if (error != std::errc{} || last != end) return std::nullopt;
  return index;
}

const Json* valueAt(const Json& root, const Path& path) {
  const Json* node = &root;
  for (const auto& step : path) {
    if (node->is_object()) {
      auto found = node->find(step);
      if (found == node->end()) return nullptr;
      node = &*found;
      continue;
    }
    auto at = node->is_array() ? arrayIndex(step) : std::nullopt;
    if (!at || *at >= node->size()) return nullptr;
    node = &(*node)[*at];
  }
  return node;
}

}  // namespace c2a
