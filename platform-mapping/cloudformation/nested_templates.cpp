#include "platform-mapping/cloudformation/nested_templates.h"

#include <filesystem>

namespace c2a {
namespace {

bool isHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool holdsHash(const std::string& text) {
  constexpr std::size_t kHashDigits = 64;  // SHA-256, as the CDK names assets
  std::size_t run = 0;
  for (char c : text) {
    run = isHex(c) ? run + 1 : 0;
    if (run == kHashDigits) return true;
  }
  return false;
}

bool anyStringHoldsHash(const Json& value) {
  if (value.is_string()) return holdsHash(value.get_ref<const std::string&>());
  if (value.is_object() || value.is_array()) {
    for (const auto& element : value) {
      if (anyStringHoldsHash(element)) return true;
    }
    if (value.is_object()) {
      for (auto it = value.begin(); it != value.end(); ++it) {
        if (holdsHash(it.key())) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool templateUrlNamesContent(const Json& templateUrl) {
  // A Serverless Application Repository application at a semantic version: published versions
  // are immutable.
  if (templateUrl.is_object() && templateUrl.contains("ApplicationId") &&
      templateUrl.contains("SemanticVersion")) {
    return true;
  }
  return anyStringHoldsHash(templateUrl);
}

std::optional<std::string> localTemplatePath(const Json& templateUrl,
                                             const std::string& parentFile) {
  if (!templateUrl.is_string()) return std::nullopt;
  std::string url = templateUrl.get<std::string>();
  constexpr std::string_view kFile = "file://";
  if (url.rfind(kFile, 0) == 0) {
    url.erase(0, kFile.size());
  } else if (url.find("://") != std::string::npos || url.empty()) {
    return std::nullopt;
  }
  namespace fs = std::filesystem;
  fs::path file(url);
  if (file.is_relative()) file = fs::path(parentFile).parent_path() / file;
  return file.lexically_normal().string();
}

}  // namespace c2a
