#pragma once
// Every file of a kind the tests and examples hold (templates users write, CDK's output, reports,
// rule tests): the inputs the reader tests run their checks over, read once each.
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>

#include "tests/support/paths.h"

namespace c2a::test {

/// Calls visit(path, bytes) for every file with one of `extensions` (".json") under tests/cases,
/// examples, tests/fixtures and rules; returns how many there were.
template <class Visit>
std::size_t forEachRepositoryFile(std::initializer_list<const char*> extensions, Visit&& visit) {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  for (const char* under : {"/tests/cases", "/examples", "/tests/fixtures", "/rules"}) {
    const std::string folder = std::string(C2A_SOURCE_DIR) + under;
    if (!fs::exists(folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
      if (!entry.is_regular_file()) continue;
      const std::string extension = entry.path().extension().string();
      bool wanted = false;
      for (const char* each : extensions) wanted = wanted || extension == each;
      if (!wanted) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      visit(entry.path().string(), bytes.str());
      ++files;
    }
  }
  return files;
}

/// Every `.json` file, as forEachRepositoryFile.
template <class Visit>
std::size_t forEachRepositoryJsonFile(Visit&& visit) {
  return forEachRepositoryFile({".json"}, std::forward<Visit>(visit));
}

}  // namespace c2a::test
