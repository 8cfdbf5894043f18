#pragma once
// Runs the built `c2a` binary as a user or a pipeline would, capturing what it prints.
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/paths.h"

namespace c2a::testing {

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// `arguments` is appended to the binary's path as shell words (quote them yourself).
inline RunResult runC2a(const std::string& arguments) {
  auto dir = std::filesystem::temp_directory_path() / ("c2a-cli-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto out = dir / "out";
  auto err = dir / "err";
  std::string command = std::string("cd '") + C2A_SOURCE_DIR + "' && '" + C2A_BINARY + "' " +
                        arguments + " >'" + out.string() + "' 2>'" + err.string() + "'";
  int raw = std::system(command.c_str());
  RunResult result;
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.out = slurp(out);
  result.err = slurp(err);
  return result;
}

}  // namespace c2a::testing
