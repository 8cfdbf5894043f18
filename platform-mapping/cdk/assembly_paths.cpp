#include "platform-mapping/cdk/assembly_paths.h"

#include <fmt/format.h>

#include "model/error.h"

namespace c2a {

std::string pathInsideAssembly(const std::filesystem::path& assemblyDir,
                               const std::string& relative, const SourceLocation& where,
                               std::string_view what) {
  std::filesystem::path path(relative);
  auto inside = path.lexically_normal();
  bool escapes =
      path.is_absolute() || path.has_root_name() || inside.empty() || *inside.begin() == "..";
  if (escapes) {
    throw C2aError(ErrorKind::InvalidInput, where,
                   fmt::format("{} `{}` lies outside the cloud assembly", what, relative));
  }
  return (assemblyDir / inside).lexically_normal().string();
}

}  // namespace c2a
