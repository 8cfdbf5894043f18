// Usage errors answered with a suggestion: an unknown command or option gets the nearest name, and
// the hint points at the help of the command being used.
#include <string>
#include <vector>

#include "cli/commands.h"
#include "engine/pipeline/suggest.h"

namespace c2a::cli {
namespace {

// The deepest subcommand the command line reached (`c2a rules check`), or the app itself.
const CLI::App* reached(const CLI::App& app) {
  for (const auto* sub : app.get_subcommands()) {
    if (sub->parsed()) return reached(*sub);
  }
  return &app;
}

std::vector<std::string> subcommandNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

std::vector<std::string> optionNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const auto* option : app.get_options()) {
    for (const auto& name : option->get_lnames()) names.push_back("--" + name);
  }
  return names;
}

std::string commandPath(const CLI::App& app) {
  std::string path;
  for (const CLI::App* at = &app; at != nullptr; at = at->get_parent()) {
    path = at->get_name() + (path.empty() ? "" : " " + path);
  }
  return path;
}

}  // namespace

std::string explainUsageError(const CLI::App& app, const CLI::ParseError& error, int argc,
                              char** argv) {
  const CLI::App* command = reached(app);
  std::string message = error.what();
  // A word where a command was expected and which is none (`c2a dif`, `c2a rules chek`).
  const CLI::App* at = &app;
  for (int i = 1; i < argc && !at->get_subcommands({}).empty(); ++i) {
    std::string word = argv[i];
    if (word.empty() || word[0] == '-') break;
    const CLI::App* next = nullptr;
    for (const auto* sub : at->get_subcommands({})) {
      if (sub->get_name() == word) next = sub;
    }
    if (next == nullptr) {
      return "unknown command `" + word + "`" + suggestName(word, subcommandNames(*at)) +
             "\nRun `" + commandPath(*at) + " --help` for usage.";
    }
    at = next;
  }
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word.rfind("--", 0) != 0) continue;
    auto name = word.substr(0, word.find('='));
    auto known = optionNames(*command);
    bool isKnown = false;
    for (const auto& option : known) isKnown = isKnown || option == name;
    if (isKnown || name == "--help") continue;
    message = "unknown option `" + name + "` for `" + commandPath(*command) + "`" +
              suggestName(name, known);
    break;
  }
  return message + "\nRun `" + commandPath(*command) + " --help` for usage.";
}

}  // namespace c2a::cli
