#include "platform-mapping/cdk/deployed_template.h"

#include <fmt/format.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <optional>

#include "model/error.h"
#include "platform-mapping/cdk/assembly_paths.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

// The file's bytes, up to the input limit; nothing when it cannot be read (the reader that maps
// it says why, in its own words).
std::optional<std::string> bytesOf(const std::string& file, const ReadLimits& limits) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes;
  std::array<char, 1 << 16> buffer{};
  while (in.read(buffer.data(), buffer.size()) || in.gcount() > 0) {
    bytes.append(buffer.data(), static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > limits.maxInputBytes) return std::nullopt;
  }
  return bytes;
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
