#pragma once
// Every JSON file the tests and examples hold (templates users write, CDK's output, reports): the
// inputs the JSON tests run their checks over, read once each.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/paths.h"

namespace c2a::test {

/// Calls visit(path, bytes) for every `.json` file under tests/cases, examples and
/// tests/fixtures; returns how many there were.
template <class Visit>
std::size_t forEachRepositoryJsonFile(Visit&& visit) {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  for (const char* under : {"/tests/cases", "/examples", "/tests/fixtures"}) {
    const std::string folder = std::string(C2A_SOURCE_DIR) + under;
    if (!fs::exists(folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      visit(entry.path().string(), bytes.str());
      ++files;
    }
  }
  return files;
}

}  // namespace c2a::test
