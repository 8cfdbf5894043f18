#pragma once
// Shared helpers of the data-driven case runners: find case folders, read expectation files.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace c2a::testing {

inline std::filesystem::path casesRoot() {
  return std::filesystem::path(C2A_SOURCE_DIR) / "tests/cases";
}

/// Sub-folders of tests/cases/<kind>, sorted.
inline std::vector<std::string> caseNames(const std::string& kind) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(casesRoot() / kind)) {
    if (entry.is_directory()) names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

/// The lines of a file without comments (#...) and blank lines, sorted.
inline std::vector<std::string> expectationLines(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    auto end = line.find_last_not_of(" \t\r");
    if (end == std::string::npos) continue;
    line.resize(end + 1);
    auto start = line.find_first_not_of(" \t");
    if (line[start] == '#') continue;
    lines.push_back(line.substr(start));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

/// The input named `stem` in a case folder: `stem.json`, `stem.yaml`, `stem.yml`, `stem.template`
/// or a folder `stem/` (a cloud assembly).
inline std::string caseInput(const std::filesystem::path& dir, const std::string& stem) {
  for (const char* ext : {".json", ".yaml", ".yml", ".template", ""}) {
    auto candidate = dir / (stem + ext);
    if (std::filesystem::exists(candidate)) return candidate.string();
  }
  return (dir / stem).string();
}

/// gtest parameter names allow [A-Za-z0-9_] only.
inline std::string testName(const std::string& folder) {
  std::string out;
  for (char c : folder) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

inline std::string join(const std::vector<std::string>& lines) {
  std::ostringstream out;
  for (const auto& line : lines) out << line << '\n';
  return out.str();
}

}  // namespace c2a::testing
