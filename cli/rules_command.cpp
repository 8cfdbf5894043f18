#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/pipeline/rule_files.h"
#include "engine/pipeline/rule_tests.h"
#include "engine/report/escape.h"

namespace c2a::cli {
namespace {

struct RulesOptions {
  std::vector<std::string> files;
  std::string output;
  ReadLimits limits;
};

int check(const RulesOptions& options) {
  auto loaded = loadRuleFiles(options.files, options.limits);
  if (!loaded.problems.empty()) return reportProblems(loaded.problems);
  printWarnings(loaded.warnings);
  std::size_t count = 0;
  std::function<void(const std::vector<rules::Rule>&)> countRules = [&](const auto& list) {
    for (const auto& rule : list) {
      ++count;
      countRules(rule.children);
    }
  };
  countRules(loaded.set.rules);
  std::cout << fmt::format("ok: {} rule{} in {} file{}\n", count, count == 1 ? "" : "s",
                           loaded.set.files.size(), loaded.set.files.size() == 1 ? "" : "s");
  return 0;
}

int test(const RulesOptions& options) {
  auto run = runRuleTests(options.files, options.limits);
  std::size_t failed = 0;
  for (const auto& c : run.cases) {
    if (c.passed) {
      std::cout << "PASS  " << terminalSafe(c.name) << '\n';
      continue;
    }
    ++failed;
    std::cout << "FAIL  " << terminalSafe(c.name) << "  (" << terminalSafe(c.where.str()) << ")\n";
    for (const auto& failure : c.failures) std::cout << "      " << terminalSafe(failure) << '\n';
  }
  if (!run.problems.empty()) return reportProblems(run.problems);
  std::cout << fmt::format("{} case{}, {} passed, {} failed\n", run.cases.size(),
                           run.cases.size() == 1 ? "" : "s", run.cases.size() - failed, failed);
  return failed == 0 ? 0 : 1;
}

int convert(const RulesOptions& options) {
  std::string out;
  for (const auto& file : options.files) {
    if (!isC2aRuleFile(file)) {
      throw C2aError(
          ErrorKind::Usage, {file},
          "convert reads C2A rule files (.json, .yaml, .yml); this one is native already");
    }
    out += fmt::format("# converted from {}\n", file);
    out += convertToNative(file, options.limits);
  }
  emit(options.output, out);
  return 0;
}

int listPresets() {
  for (const auto& [name, summary] : presetList()) {
    std::cout << fmt::format("{:18} {}\n", name, summary);
  }
  return 0;
}

}  // namespace

void registerRulesCommand(CLI::App& app, Action& action) {
  auto* rulesCommand = app.add_subcommand("rules", "Write, check and test risk rules");
  rulesCommand->require_subcommand(1);

  auto add = [&](const char* name, const char* help, int (*run)(const RulesOptions&),
                 bool withOutput) {
    auto options = std::make_shared<RulesOptions>();
    auto* command = rulesCommand->add_subcommand(name, help);
    command->add_option("FILE", options->files, "Files")->required();
    if (withOutput) {
      command->add_option("--output,-o", options->output, "Write to FILE (atomically)");
    }
    addLimitOptions(*command, options->limits);
    command->callback(
        [&action, options, run] { action = [options, run] { return run(*options); }; });
  };
  add("check",
      "Load and compile rule files (native, or C2A .json/.yaml); print every problem with "
      "FILE:LINE:COL. Exit 0 when all are fine, 65 on problems, 66 when a file is missing.",
      check, false);
  add("test",
      "Run rule test files (YAML: rules under test, cases with before/after templates and the\n"
      "expected verdict, risk and action of changes). Exit 0 when all pass, 1 when one fails,\n"
      "65 on malformed test or rule files.",
      test, false);
  auto* list = rulesCommand->add_subcommand(
      "presets", "List the bundled rule packs (on by default in `c2a diff`) with what each does");
  list->callback([&action] { action = [] { return listPresets(); }; });
  auto shown = std::make_shared<std::string>();
  auto* show = rulesCommand->add_subcommand(
      "show-preset",
      "Print a bundled rule pack's source, to copy into your own rule file and adapt");
  show->add_option("NAME", *shown, "Preset name (see `c2a rules presets`)")->required();
  show->callback([&action, shown] {
    action = [shown] {
      emit("", presetSource(*shown));
      return 0;
    };
  });
  add("convert",
      "Print the native-language equivalent of C2A rule files (.json/.yaml): a migration path.",
      convert, true);
}

}  // namespace c2a::cli
