// c2a: change analyzer and risk rules for CloudFormation and CDK. Argument parsing and exit codes
// only; the work is in the stages.
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/report/escape.h"
#include "model/current_work.h"

namespace {

// With little memory left: no allocation, only what CurrentWork put aside and the limit.
void reportOutOfMemory() {
  const char* what = c2a::CurrentWork::failedWhile();
  const char* limits = c2a::CurrentWork::failedLimits();
  std::fputs("c2a: out of memory", stderr);
  if (*what != '\0') {
    std::fputs(" while ", stderr);
    std::fputs(c2a::terminalSafe(what).c_str(), stderr);
  }
  rlimit space{};
  if (::getrlimit(RLIMIT_AS, &space) == 0 && space.rlim_cur != RLIM_INFINITY) {
    std::fprintf(stderr, " (the address space is limited to %llu MiB)",
                 static_cast<unsigned long long>(space.rlim_cur >> 20));
  }
  if (*limits != '\0') {
    std::fputs("; a lower ", stderr);
    std::fputs(limits, stderr);
    std::fputs(" stops such input before it takes the memory", stderr);
  }
  std::fputs("\n", stderr);
}

// The commands, in the order `c2a --help` lists them. `readsOthers`: the command reads the
// other commands' options (help prints them, completion writes them into its script).
struct CommandEntry {
  std::string_view name;
  void (*add)(CLI::App&, c2a::cli::Action&);
  bool readsOthers = false;
};
constexpr CommandEntry kCommands[] = {
    {"diff", &c2a::cli::registerDiffCommand},
    {"plan", &c2a::cli::registerPlanCommand},
    {"model", &c2a::cli::registerModelCommand},
    {"rules", &c2a::cli::registerRulesCommand},
    {"approve", &c2a::cli::registerApproveCommand},
    {"help", &c2a::cli::registerHelpCommand, true},
    {"completion", &c2a::cli::registerCompletionCommand, true},
};

// A command line that names a command needs only that command's options: building every
// command's was a twentieth of the README example's instructions (docs/performance.md). A
// command that reads the others, and a line naming none, get the whole tree (its help, or an
// unknown command's hint).
void registerCommands(CLI::App& app, c2a::cli::Action& action, std::string_view first) {
  for (const auto& command : kCommands) {
    if (command.name == first && !command.readsOthers) {
      command.add(app, action);
      return;
    }
  }
  for (const auto& command : kCommands) command.add(app, action);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace c2a::cli;
  // An allocation that fails throws std::bad_alloc, which ends below with exit 70 and what the run
  // was doing, also where the allocator would abort (mimalloc, built as C, without a handler).
  c2a::CurrentWork::throwOnOutOfMemory();
  // `c2a --version` alone is answered before the command tree is built: building every command's
  // options was half of its start-up (docs/performance.md). The same line as the flag below.
  const std::string version = "c2a " + versionText();
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    std::cout << version << '\n';
    return 0;
  }
  CLI::App app{
      "c2a: what will this CloudFormation/CDK deployment really do, and may it go ahead?\n"
      "Reads the deployed and the new template (or cloud assembly), works out every operation\n"
      "CloudFormation will perform, applies your risk rules and exits with a verdict.",
      "c2a"};
  app.set_version_flag("--version", version);
  app.require_subcommand(1);
  app.footer("Run `c2a COMMAND --help` for the options of each command.");

  Action action;
  registerCommands(app, action, argc >= 2 ? std::string_view(argv[1]) : std::string_view());

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Each line made safe on its own: a slip may hold terminal controls, the hint is ours.
    std::string text = explainUsageError(app, e, argc, argv);
    auto newline = text.find('\n');
    std::cerr << "c2a: " << c2a::terminalSafe(text.substr(0, newline)) << '\n';
    if (newline != std::string::npos) std::cerr << text.substr(newline + 1) << '\n';
    return kUsage;
  } catch (const c2a::C2aError& e) {  // option callbacks may reject values
    std::cerr << "c2a: " << c2a::terminalSafe(e.diagnostic().str()) << '\n';
    return exitCodeFor(e.diagnostic().kind);
  }

  try {
    return action ? action() : kUsage;
  } catch (const c2a::C2aError& e) {
    std::cerr << "c2a: " << c2a::terminalSafe(e.diagnostic().str()) << '\n';
    return exitCodeFor(e.diagnostic().kind);
  } catch (const std::bad_alloc&) {
    reportOutOfMemory();
    return kInternal;
  } catch (const std::exception& e) {
    std::cerr << "c2a: internal error: " << e.what() << '\n';
    return kInternal;
  }
}
