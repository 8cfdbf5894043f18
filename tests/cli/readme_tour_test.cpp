// The README's tour runs as written: every `c2a ...` line of its block, in order, with
// E=examples/orders-service, in a scratch directory for the files the lines write. Each ends with
// a verdict (0, 1 or 2) or success, never a usage error, bad or missing input.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run_c2a.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

// The tour's command lines: the indented block after "## A short tour", comments cut off,
// continuation lines (ending in `\`) joined.
std::vector<std::string> tourCommands() {
  std::istringstream readme(testing::slurp(fs::path(C2A_SOURCE_DIR) / "README.md"));
  std::vector<std::string> commands;
  std::string line;
  bool inTour = false;
  bool continued = false;
  while (std::getline(readme, line)) {
    if (line.rfind("## ", 0) == 0) {
      if (inTour) break;
      inTour = line == "## A short tour";
      continue;
    }
    if (!inTour || line.rfind("    ", 0) != 0) continue;
    std::string text = line.substr(4);
    if (auto comment = text.find("  #"); comment != std::string::npos) text.resize(comment);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    bool continues = !text.empty() && text.back() == '\\';
    if (continues) text.pop_back();
    if (continued) {
      commands.back() += " " + text.substr(text.find_first_not_of(' '));
    } else if (text.rfind("c2a ", 0) == 0) {
      commands.push_back(text);
    }
    continued = continues && !commands.empty();
  }
  return commands;
}

TEST(ReadmeTour, EveryLineRunsAsWritten) {
  auto commands = tourCommands();
  ASSERT_GE(commands.size(), 10u);
  auto dir = fs::temp_directory_path() / ("c2a-readme-tour-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  // The lines name the example from the repository's root: a link to it in the scratch directory
  // keeps what they write out of the checkout.
  fs::create_directory_symlink(fs::path(C2A_SOURCE_DIR) / "examples", dir / "examples");
  for (const auto& command : commands) {
    std::string shell = "cd '" + dir.string() + "' && E=examples/orders-service && '" +
                        std::string(C2A_BINARY) + "'" + command.substr(3) + " >out 2>err";
    int raw = std::system(shell.c_str());
    int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    EXPECT_TRUE(status >= 0 && status <= 2)
        << command << ": exit " << status << "\n"
        << testing::slurp(dir / "err");
  }
  // What the lines write is there for the next ones to read.
  for (const char* written : {"c2a.json", "pr.md", "c2a.sarif", "c2a.html", "ok.json"}) {
    EXPECT_TRUE(fs::exists(dir / written)) << written;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace c2a
