#include "engine/report/output_paths.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <filesystem>
#include <map>

#include "model/error.h"

namespace c2a {
namespace {

// One identity per file: the same inode for files that exist, else the path with its directories'
// links resolved (`link/report.json` and `report.json` are one file when `link` is `.`).
std::string fileIdentity(const std::string& file) {
  namespace fs = std::filesystem;
  struct stat info {};
  if (::stat(file.c_str(), &info) == 0) {
    if (!S_ISREG(info.st_mode)) return "";  // devices and pipes may take several outputs
    return fmt::format("inode {}:{}", info.st_dev, info.st_ino);
  }
  std::error_code error;
  auto absolute = fs::absolute(file, error).lexically_normal();
  if (error) return "path " + fs::path(file).lexically_normal().string();
  auto directory = fs::weakly_canonical(absolute.parent_path(), error);
  return "path " + (error ? absolute : directory / absolute.filename()).string();
}

}  // namespace

void checkOutputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs) {
  std::map<std::string, std::string> read;
  for (const auto& input : inputs) {
    if (input.empty() || input == "-") continue;
    if (auto identity = fileIdentity(input); !identity.empty()) read.emplace(identity, input);
  }
  std::map<std::string, std::string> written;
  for (const auto& output : outputs) {
    if (output.empty() || output == "-") continue;
    auto identity = fileIdentity(output);
    if (identity.empty()) continue;
    if (auto input = read.find(identity); input != read.end()) {
      throw C2aError(ErrorKind::Usage, {},
                     fmt::format("the output {} is the input {}: writing it would replace what "
                                 "this run reads",
                                 output, input->second));
    }
    if (auto [other, added] = written.emplace(identity, output); !added) {
      throw C2aError(ErrorKind::Usage, {},
                     fmt::format("the outputs {} and {} are one file: one report would replace "
                                 "the other",
                                 other->second, output));
    }
  }
}

}  // namespace c2a
