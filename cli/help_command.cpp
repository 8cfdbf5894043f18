// `c2a help [COMMAND...]`: what `c2a COMMAND --help` prints, for those who type it this way.
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/pipeline/suggest.h"

namespace c2a::cli {

void registerHelpCommand(CLI::App& app, Action& action) {
  auto words = std::make_shared<std::vector<std::string>>();
  auto man = std::make_shared<bool>(false);
  auto* command =
      app.add_subcommand("help", "Print the help of c2a or of a command (`c2a help diff`)");
  command->add_option("COMMAND", *words, "The command, e.g. diff or rules check");
  command->add_flag("--man", *man,
                    "Print the man page of c2a and every command (roff), as installed");
  command->callback([&app, &action, words, man] {
    action = [&app, words, man] {
      if (*man) {
        std::cout << manPage(app, versionText());
        return kApproved;
      }
      const CLI::App* target = &app;
      std::string path = app.get_name();  // as `c2a rules check --help` names it in its usage
      for (const auto& word : *words) {
        const CLI::App* next = nullptr;
        std::vector<std::string> names;
        for (const auto* sub : target->get_subcommands({})) {
          names.push_back(sub->get_name());
          if (sub->get_name() == word) next = sub;
        }
        if (next == nullptr) {
          throw C2aError(ErrorKind::Usage, {},
                         "unknown command `" + word + "`" + suggestName(word, names));
        }
        target = next;
        path += " " + word;
      }
      // App::help() would follow the `help` command itself; ask the formatter for `target`.
      std::cout << target->get_formatter()->make_help(target, path, CLI::AppFormatMode::Normal);
      return kApproved;
    };
  });
}

}  // namespace c2a::cli
