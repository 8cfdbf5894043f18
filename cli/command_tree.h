#pragma once
// The commands and options of the CLI11 app, as the man page and the shell completions read them:
// both are made from the app `--help` prints, so the three cannot drift apart.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace c2a::cli {

struct OptionDoc {
  std::vector<std::string> names;   // "--output", "-o"; a positional's one name ("BEFORE")
  std::string valueName;            // "TEXT", "FILE"...; empty for a flag
  std::vector<std::string> values;  // the closed set it takes (`{text,json}`), if any
  std::string description;
  std::string defaultValue;
  bool positional = false;
};

struct CommandDoc {
  std::vector<std::string> path;  // {"rules", "check"}; empty for c2a itself
  const CLI::App* app = nullptr;
  std::vector<OptionDoc> options;  // positionals first, in order
  std::vector<std::string> subcommands;
};

/// c2a and every command below it, depth first, in the order they were registered.
std::vector<CommandDoc> commandTree(const CLI::App& app);

/// Values that complete an option taking an open-ended value (--preset NAME, --group-by LEVEL,
/// --report FORMAT=FILE): the registries the options are checked against.
std::vector<std::string> suggestedValues(const std::string& option);

}  // namespace c2a::cli
