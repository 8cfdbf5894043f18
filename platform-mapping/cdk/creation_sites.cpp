#include "platform-mapping/cdk/creation_sites.h"

#include <cctype>
#include <charconv>
#include <string>

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

// What a `file://` URL names: its percent escapes decoded, a drive letter's leading slash dropped.
std::string fromFileUrl(std::string_view url) {
  url.remove_prefix(7);
  if (url.size() > 3 && url[0] == '/' && url[2] == ':' &&
      std::isalpha(static_cast<unsigned char>(url[1]))) {
    url.remove_prefix(1);  // file:///C:/app/x.js
  }
  std::string out;
  for (std::size_t i = 0; i < url.size(); ++i) {
    int value = 0;
    if (url[i] == '%' && i + 2 < url.size() &&
        std::from_chars(url.data() + i + 1, url.data() + i + 3, value, 16).ptr ==
            url.data() + i + 3) {
      out += static_cast<char>(value);
      i += 2;
    } else {
      out += url[i];
    }
  }
  return out;
}

// `FILE:LINE:COL` (or `FILE:LINE`, as aws-cdk-lib writes a frame of a jsii host language) at the
// end of a frame: inside the parentheses that close it when the frame names a function, matched
// from the end, so that a directory named `app (copy)` stays whole.
std::optional<SourceLocation> frameLocation(std::string_view frame) {
  while (!frame.empty() && frame.back() == ' ') frame.remove_suffix(1);
  // aws-cdk-lib writes a frame without a function (an ES module's top level) as `FILE:LINE (:)`.
  if (frame.ends_with(" (:)")) frame.remove_suffix(4);
  if (!frame.empty() && frame.back() == ')') {
    int depth = 0;
    std::size_t open = std::string_view::npos;
    for (std::size_t i = frame.size(); i-- > 0;) {
      if (frame[i] == ')') ++depth;
      if (frame[i] == '(' && --depth == 0) {
        open = i;
        break;
      }
    }
    if (open == std::string_view::npos) return std::nullopt;
    frame = frame.substr(open + 1, frame.size() - open - 2);
  }
  if (frame.rfind("at ", 0) == 0) frame.remove_prefix(3);
  // An eval frame names no file of the app's; the frame that called eval does.
  if (frame.rfind("eval at ", 0) == 0 || frame.find("<anonymous>") != std::string_view::npos) {
    return std::nullopt;
  }
  std::size_t end = frame.size();
  int last = numberBefore(frame, end);
  if (last == 0 || end == 0 || frame[end - 1] != ':') return std::nullopt;
  --end;
  int line = last, column = 0;
  std::size_t before = end;
  int first = numberBefore(frame, before);
  if (first == 0 && end > 0 && std::isdigit(static_cast<unsigned char>(frame[end - 1])) != 0) {
    return std::nullopt;  // a number too long to be a line
  }
  if (first > 0 && before > 0 && frame[before - 1] == ':') {
    line = first;
    column = last;
    end = before - 1;
  }
  std::string_view file = frame.substr(0, end);
  std::string name = file.rfind("file://", 0) == 0 ? fromFileUrl(file) : std::string(file);
  if (name.empty()) return std::nullopt;
  return SourceLocation{std::move(name), line, column};
}

bool isAppFile(std::string_view file) {
  if (file.rfind("node:", 0) == 0 || file.rfind("internal/", 0) == 0) return false;
  for (std::string_view part : {"node_modules/", "node_modules\\"}) {
    for (auto at = file.find(part); at != std::string_view::npos; at = file.find(part, at + 1)) {
      if (at == 0 || file[at - 1] == '/' || file[at - 1] == '\\') return false;
    }
  }
  return true;
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
