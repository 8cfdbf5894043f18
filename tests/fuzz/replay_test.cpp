// Every input a fuzz campaign found (fuzz/regressions/<target>/), the corpus kept of what the
// campaigns reached (fuzz/corpus/<target>/) and every seed of the target's
// corpus (fuzz/seeds.txt) through the target's check, with the project's usual compiler: a
// found defect stays fixed without clang or libFuzzer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/checks/fuzz_check.h"
#include "tests/support/paths.h"

namespace c2a::fuzz {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = C2A_SOURCE_DIR;

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The suffixes fuzz/seeds.txt gives `target`.
std::vector<std::string> seedSuffixes(std::string_view target) {
  std::ifstream in(kSource / "fuzz/seeds.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string name, dictionary, word;
    if (!(words >> name) || name.front() == '#' || name != target) continue;
    words >> dictionary;
    std::vector<std::string> suffixes;
    while (words >> word) {
      if (word.rfind("docs:", 0) != 0) suffixes.push_back(word);
    }
    return suffixes;
  }
  return {};
}

bool endsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Sorted, so a failure names the same file first on every run.
std::vector<fs::path> inputsOf(std::string_view target) {
  std::vector<fs::path> files;
  for (const char* kept : {"fuzz/regressions", "fuzz/corpus"}) {
    auto folder = kSource / kept / target;
    if (!fs::is_directory(folder)) continue;
    for (const auto& entry : fs::directory_iterator(folder)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
  }
  auto suffixes = seedSuffixes(target);
  for (const char* root : {"tests", "examples", "fuzz/seeds"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kSource / root)) {
      if (!entry.is_regular_file()) continue;
      auto path = entry.path().generic_string();
      if (std::any_of(suffixes.begin(), suffixes.end(),
                      [&](const std::string& s) { return endsWith(path, s); })) {
        files.push_back(entry.path());
      }
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

class Replay : public ::testing::TestWithParam<std::string> {};

TEST_P(Replay, FoundInputsAndSeedsKeepThePromise) {
  const FuzzTarget* target = findFuzzTarget(GetParam());
  ASSERT_NE(target, nullptr);
  auto files = inputsOf(target->name);
  EXPECT_FALSE(files.empty()) << "no seeds for " << target->name << " (fuzz/seeds.txt)";
  for (const auto& file : files) {
    auto finding = target->check(readBytes(file));
    EXPECT_FALSE(finding.has_value()) << fs::relative(file, kSource).string() << ": " << *finding;
  }
}

std::vector<std::string> targetNames() {
  std::vector<std::string> names;
  for (const auto& target : fuzzTargets()) names.emplace_back(target.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Fuzz, Replay, ::testing::ValuesIn(targetNames()),
                         [](const auto& info) { return info.param; });

TEST(Replay, EveryTargetHasASeedLine) {
  for (const auto& target : fuzzTargets()) {
    EXPECT_FALSE(seedSuffixes(target.name).empty()) << target.name;
  }
}

}  // namespace
}  // namespace c2a::fuzz
