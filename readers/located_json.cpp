#include "readers/located_json.h"

#include <fmt/format.h>

#include <algorithm>

#include "model/path.h"
#include "model/suggestions.h"

namespace c2a {

LocatedJson::LocatedJson(SourceDocument document, std::string file)
    : document_(std::move(document)), file_(std::move(file)) {}

std::string LocatedJson::child(const std::string& parent, std::string_view key) {
  return childPointer(parent, key);
}

std::string LocatedJson::child(const std::string& parent, std::size_t index) {
  return parent + "/" + std::to_string(index);
}

const Json* LocatedJson::find(const std::string& pointer) const {
  try {
    Json::json_pointer at(pointer);
    if (!document_.root.contains(at)) return nullptr;
    return &document_.root.at(at);
  } catch (const Json::exception&) {
    return nullptr;
  }
}

SourceLocation LocatedJson::where(const std::string& pointer) const {
  auto location = document_.locations->find(pointer);
  if (location.file.empty()) location.file = file_;
  return location;
}

void LocatedJson::fail(const std::string& pointer, const std::string& message) const {
  throw C2aError(ErrorKind::InvalidInput, where(pointer), message);
}

void LocatedJson::expectObject(const std::string& pointer, std::string_view what) const {
  const auto* value = find(pointer);
  if (value == nullptr || !value->is_object()) fail(pointer, fmt::format("expected {}", what));
}

void LocatedJson::expectKeys(const std::string& pointer,
                             std::initializer_list<std::string_view> allowed) const {
  const auto* value = find(pointer);
  if (value == nullptr || !value->is_object()) return;
  std::vector<std::string_view> names(allowed);
  for (const auto& [key, ignored] : value->items()) {
    if (std::find(names.begin(), names.end(), key) != names.end()) continue;
    std::string known;
    for (auto name : names) known += (known.empty() ? "`" : ", `") + std::string(name) + "`";
    fail(child(pointer, key),
         fmt::format("unknown key `{}`{} (known: {})", key, didYouMean(key, names), known));
  }
}

std::string LocatedJson::string(const std::string& pointer, std::string_view key,
                                bool required) const {
  auto at = child(pointer, key);
  const auto* value = find(at);
  if (value == nullptr) {
    if (required) fail(pointer, fmt::format("`{}` is missing", key));
    return "";
  }
  if (!value->is_string()) fail(at, fmt::format("`{}` must be a string", key));
  return value->get<std::string>();
}

long long LocatedJson::integer(const std::string& pointer, std::string_view key,
                               bool required) const {
  auto at = child(pointer, key);
  const auto* value = find(at);
  if (value == nullptr) {
    if (required) fail(pointer, fmt::format("`{}` is missing", key));
    return 0;
  }
  if (!value->is_number_integer()) fail(at, fmt::format("`{}` must be a whole number", key));
  return value->get<long long>();
}

std::string LocatedJson::fingerprint(const std::string& pointer, std::string_view key) const {
  auto text = string(pointer, key, true);
  if (!isFingerprint(text)) {
    fail(child(pointer, key),
         fmt::format("`{}` must be `sha256:` and 64 hex digits, as in the JSON report", key));
  }
  return text;
}

std::vector<std::string> LocatedJson::stringList(const std::string& pointer, std::string_view key,
                                                 std::string_view what) const {
  auto at = child(pointer, key);
  const auto* value = find(at);
  if (value == nullptr) fail(pointer, fmt::format("`{}` is missing", key));
  if (!value->is_array()) fail(at, fmt::format("`{}` must be a list of {}s", key, what));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < value->size(); ++i) {
    const auto& item = (*value)[i];
    if (!item.is_string() || item.get_ref<const std::string&>().empty()) {
      fail(child(at, i), fmt::format("expected {} (a non-empty string)", what));
    }
    out.push_back(item.get<std::string>());
  }
  return out;
}

bool isFingerprint(std::string_view text) {
  constexpr std::string_view kPrefix = "sha256:";
  if (text.size() != kPrefix.size() + 64 || text.substr(0, kPrefix.size()) != kPrefix) return false;
  return std::all_of(text.begin() + kPrefix.size(), text.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace c2a
