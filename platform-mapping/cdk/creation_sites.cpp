#include "platform-mapping/cdk/creation_sites.h"

#include <charconv>

namespace c2a {
namespace {

constexpr std::string_view kCreationStack = "aws:cdk:creationStack";

// The digits ending `text` at `end` (exclusive), as a positive number; 0 without.
int numberBefore(std::string_view text, std::size_t& end) {
  std::size_t start = end;
  while (start > 0 && text[start - 1] >= '0' && text[start - 1] <= '9') --start;
  if (start == end || end - start > 9) return 0;
  int value = 0;
  std::from_chars(text.data() + start, text.data() + end, value);
  end = start;
  return value;
}

// `FILE:LINE:COL` at the end of a frame, inside parentheses when the frame names a function.
std::optional<SourceLocation> frameLocation(std::string_view frame) {
  while (!frame.empty() && (frame.back() == ' ' || frame.back() == ')')) frame.remove_suffix(1);
  if (auto open = frame.rfind(" ("); open != std::string_view::npos) frame.remove_prefix(open + 2);
  if (frame.rfind("at ", 0) == 0) frame.remove_prefix(3);
  std::size_t end = frame.size();
  int column = numberBefore(frame, end);
  if (column == 0 || end == 0 || frame[end - 1] != ':') return std::nullopt;
  --end;
  int line = numberBefore(frame, end);
  if (line == 0 || end == 0 || frame[end - 1] != ':') return std::nullopt;
  std::string_view file = frame.substr(0, end - 1);
  if (file.rfind("file://", 0) == 0) file.remove_prefix(7);
  if (file.empty()) return std::nullopt;
  return SourceLocation{std::string(file), line, column};
}

bool isAppFile(std::string_view file) {
  if (file.rfind("node:", 0) == 0 || file.rfind("internal/", 0) == 0) return false;
  return file.find("/node_modules/") == std::string_view::npos &&
         file.find("\\node_modules\\") == std::string_view::npos;
}

}  // namespace

std::optional<SourceLocation> appFrame(const Json& trace) {
  if (!trace.is_array()) return std::nullopt;
  for (const auto& frame : trace) {
    if (!frame.is_string()) continue;
    const auto& text = frame.get_ref<const std::string&>();
    if (text.rfind("...", 0) == 0)
      continue;  // frames CDK folded: `...new Bucket2 in aws-cdk-lib...`
    auto where = frameLocation(text);
    if (where && isAppFile(where->file)) return where;
  }
  return std::nullopt;
}

const SourceLocation* creationSiteOf(const CreationSites& sites, std::string_view path) {
  if (auto it = sites.find(path); it != sites.end()) return &it->second;
  for (auto slash = path.rfind('/'); slash != std::string_view::npos; slash = path.rfind('/')) {
    path = path.substr(0, slash);
    if (path.find('/') == std::string_view::npos) break;
    for (std::string_view own : {"", "/Resource", "/Default"}) {
      std::string key(path);
      key += own;
      if (auto it = sites.find(key); it != sites.end()) return &it->second;
    }
  }
  return nullptr;
}

void addCreationSites(const Json& metadata, CreationSites& sites) {
  if (!metadata.is_object()) return;
  for (auto it = metadata.begin(); it != metadata.end(); ++it) {
    if (!it->is_array()) continue;
    std::string_view path = it.key();
    if (!path.empty() && path.front() == '/') path.remove_prefix(1);
    for (const auto& entry : *it) {
      if (!entry.is_object()) continue;
      auto type = entry.find("type");
      auto data = entry.find("data");
      if (type == entry.end() || data == entry.end() || *type != kCreationStack) continue;
      if (auto where = appFrame(*data)) sites.emplace(std::string(path), std::move(*where));
      break;
    }
  }
}

}  // namespace c2a
