#include "platform-mapping/cdk/assembly_paths.h"

#include <fmt/format.h>

#include <algorithm>

#include "model/error.h"
#include "model/input_file.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

bool within(const fs::path& path, const fs::path& dir) {
  auto relative = path.lexically_relative(dir);
  return !relative.empty() && *relative.begin() != "..";
}

}  // namespace

std::string pathInsideAssembly(const fs::path& assemblyDir, const std::string& relative,
                               const SourceLocation& where, std::string_view what,
                               AssemblyEntry entry) {
  fs::path path(relative);
  auto inside = path.lexically_normal();
  bool escapes =
      path.is_absolute() || path.has_root_name() || inside.empty() || *inside.begin() == "..";
  if (escapes) {
    throw C2aError(ErrorKind::InvalidInput, where,
                   fmt::format("{} `{}` lies outside the cloud assembly", what, relative));
  }
  // Normalised by text only where that cannot change where it leads: `link/../cdk.out` is beside
  // the link's target, not beside the link.
  bool parentStep = std::any_of(assemblyDir.begin(), assemblyDir.end(),
                                [](const fs::path& part) { return part == ".."; });
  auto resolved = parentStep ? assemblyDir / inside : (assemblyDir / inside).lexically_normal();
  // The text stays inside; a symbolic link on the way must too (a link committed into cdk.out
  // could point at any file of the machine). A loop or a missing file is left to the reader,
  // which names it.
  std::error_code ec;
  auto root = fs::weakly_canonical(assemblyDir, ec);
  // The join as written, not `resolved`: `link/..` normalised by text is not where a link leads.
  auto target = ec ? fs::path() : fs::weakly_canonical(assemblyDir / inside, ec);
  if (!ec && !within(target, root)) {
    throw C2aError(ErrorKind::InvalidInput, where,
                   fmt::format("{} `{}` lies outside the cloud assembly through a symbolic link",
                               what, relative));
  }
  auto status = fs::status(resolved, ec);
  if (!ec && fs::exists(status)) {
    bool expected = entry == AssemblyEntry::Directory ? fs::is_directory(status)
                                                      : fs::is_regular_file(status);
    if (!expected) {
      auto kind = fileKind(resolved.string());
      throw C2aError(ErrorKind::MissingInput, where,
                     fmt::format("{} `{}` is {}, not a {}: a cloud assembly holds plain files", what,
                                 relative, kind.empty() ? "not a regular file" : kind,
                                 entry == AssemblyEntry::Directory ? "directory" : "file"));
    }
  }
  return resolved.string();
}

}  // namespace c2a
