#include "engine/pipeline/report_metadata.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>

#include "engine/pipeline/read_model.h"
#include "model/sha256.h"
#include "readers/input_digests.h"

namespace c2a {
namespace {

bool hashFile(const std::filesystem::path& path, Sha256& hasher) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  // In blocks: a character at a time through istreambuf_iterator cost more than the hash itself.
  std::array<char, 1 << 16> block{};
  while (in.read(block.data(), block.size()) || in.gcount() > 0) {
    hasher.update(std::string_view(block.data(), static_cast<std::size_t>(in.gcount())));
  }
  return !in.bad();
}

}  // namespace

std::string inputDigest(const std::string& path) {
  namespace fs = std::filesystem;
  if (path == "-") return sha256Hex(standardInput(ReadLimits{}));
  if (auto read = inputDigestRead(path)) return *read;
  std::error_code error;
  Sha256 hasher;
  if (fs::is_directory(path, error)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(path, error)) {
      if (entry.is_regular_file(error)) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      auto name = file.filename().string();
      hasher.update(name);
      hasher.update(std::string_view("\0", 1));
      if (!hashFile(file, hasher)) return "";
    }
    return hasher.hex();
  }
  if (!hashFile(path, hasher)) return "";
  return hasher.hex();
}

ReportMetadata reportMetadata(const std::vector<std::string>& ruleFiles) {
  ReportMetadata metadata;
  metadata.version = C2A_VERSION;
  for (const auto& file : ruleFiles) {
    // Presets are built in: the report names them in `presets`, with the tool's version.
    if (file.rfind("preset:", 0) == 0) continue;
    metadata.sources.push_back({"rules", file, inputDigest(file)});
  }
  return metadata;
}

void addSource(ReportMetadata& metadata, const std::string& role, const std::string& file) {
  metadata.sources.push_back({role, file, inputDigest(file)});
}

void addInputSources(ReportMetadata& metadata, const std::string& before,
                     const std::string& after) {
  metadata.sources.insert(metadata.sources.begin(), {{"before", before, inputDigest(before)},
                                                     {"after", after, inputDigest(after)}});
}

}  // namespace c2a
