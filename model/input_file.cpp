#include "model/input_file.h"

#include <cctype>
#include <filesystem>

namespace c2a {

std::optional<std::string> whyNotARegularFile(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (fs::is_regular_file(status)) return std::nullopt;
  if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
    return cannotAccess(ec);
  }
  return fs::exists(status) ? "not a file" : "no such file";
}

std::string cannotAccess(const std::error_code& error) {
  std::string reason = error.message();
  if (!reason.empty()) {
    reason[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(reason[0])));
  }
  return "cannot access: " + reason;
}

}  // namespace c2a
