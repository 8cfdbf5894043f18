#include "platform-mapping/cdk/deployed_template.h"

#include <fmt/format.h>

#include <filesystem>
#include <optional>

#include "model/error.h"
#include "platform-mapping/cdk/assembly_paths.h"
#include "readers/source_document.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

// The file's bytes, within the input limits; nothing when it cannot be read (the reader that
// maps it says why, in its own words).
std::optional<std::string> bytesOf(const std::string& file, const ReadLimits& limits) {
  try {
    return readInputText(file, limits);
  } catch (const C2aError&) {
    return std::nullopt;
  }
}

bool sameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec) && !ec;
}

}  // namespace

void checkTemplateDeploys(const AssetIndex& assets, const std::string& assemblyDir,
                          const Json& deploys, const std::string& read,
                          const SourceLocation& where, std::string_view what,
                          const ReadLimits& limits) {
  auto source = assets.templateFor(deploys);
  if (!source) return;  // no asset manifest lists it: nothing says another file deploys
  auto deployed = pathInsideAssembly(assemblyDir, *source, where, "asset source path");
  if (sameFile(deployed, read)) return;
  auto readBytes = bytesOf(read, limits);
  auto deployedBytes = bytesOf(deployed, limits);
  if (readBytes && deployedBytes && *readBytes == *deployedBytes) return;
  throw C2aError(
      ErrorKind::InvalidInput, where,
      fmt::format("{} deploys the template asset published from {}, but the assembly gives {} as "
                  "its template, and the two differ: c2a would judge one template while another "
                  "deploys. Synthesise the cloud assembly again (cdk synth) rather than edit it",
                  what, *source, fs::path(read).lexically_relative(assemblyDir).string()));
}

}  // namespace c2a
