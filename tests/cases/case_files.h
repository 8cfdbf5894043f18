#pragma once
// Shared helpers of the data-driven case runner: find case folders, read and rewrite expectation
// files.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/paths.h"

namespace c2a::testing {

inline std::filesystem::path casesRoot() {
  return std::filesystem::path(C2A_SOURCE_DIR) / "tests/cases";
}

/// Sub-folders of tests/cases/<kind>, sorted.
inline std::vector<std::string> caseNames(const std::string& kind) {
  std::vector<std::string> names;
  if (!std::filesystem::is_directory(casesRoot() / kind)) return names;
  for (const auto& entry : std::filesystem::directory_iterator(casesRoot() / kind)) {
    if (entry.is_directory()) names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

/// The lines of a file without comments (#...) and blank lines, in file order: the order is part
/// of the expectation (report order).
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
  return lines;
}

/// The comment lines at the top of an expectation file: what the case pins, kept on rewrite.
inline std::string leadingComments(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string out, line;
  while (std::getline(in, line) && !line.empty() && line[0] == '#') out += line + "\n";
  return out;
}

inline std::string readFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

inline void writeFile(const std::filesystem::path& file, const std::string& content) {
  std::ofstream out(file, std::ios::binary);
  out << content;
}

/// C2A_UPDATE_CASES=1 rewrites expectations from what the code does now (then read the git diff).
inline bool updating() {
  const char* value = std::getenv("C2A_UPDATE_CASES");
  return value != nullptr && std::string(value) == "1";
}

/// The input named `stem` in a case folder: `stem.json`, `stem.yaml`, `stem.yml`, `stem.template`,
/// a folder `stem/` holding `template.yaml` or `template.json` (a template with the nested
/// templates it names beside it), or a folder `stem/` (a cloud assembly).
inline std::string caseInput(const std::filesystem::path& dir, const std::string& stem) {
  for (const char* file : {"template.yaml", "template.json"}) {
    auto candidate = dir / stem / file;
    if (std::filesystem::exists(candidate)) return candidate.string();
  }
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
