#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <tuple>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/pipeline/rule_tests.h"
#include "engine/report/escape.h"
#include "engine/report/rule_test_report.h"

namespace c2a::cli {
namespace {

struct RulesOptions {
  std::vector<std::string> files;
  std::string output;
  std::string format = "text";  // rules test
  bool strict = false;          // rules check: warnings are errors
  bool followOutputSymlinks = false;
  ReadLimits limits;
};

// By file, then line and column: a file's problems read top to bottom.
void sortByLocation(Diagnostics& list) {
  std::stable_sort(list.begin(), list.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.where.file, a.where.line, a.where.column) <
           std::tie(b.where.file, b.where.line, b.where.column);
  });
}

std::string plural(std::size_t count, std::string_view word) {
  return fmt::format("{} {}{}", count, word, count == 1 ? "" : "s");
}

int check(const RulesOptions& options) {
  // A rule test file is named as such (rules/testing/rule_tests.h), not read as C2A rules.
  if (auto tests = ruleTestFilesGivenAsRules(options.files, options.limits); !tests.empty()) {
    return reportProblems(tests);
  }
  auto loaded = loadRuleFiles(options.files, options.limits);
  if (options.strict) {
    for (auto& warning : loaded.warnings) {
      warning.message += " (an error with --strict)";
      loaded.problems.push_back(std::move(warning));
    }
    loaded.warnings.clear();
  }
  sortByLocation(loaded.warnings);
  sortByLocation(loaded.problems);
  printWarnings(loaded.warnings);
  if (!loaded.problems.empty()) {
    int status = reportProblems(loaded.problems);
    std::cerr << fmt::format(
        "c2a: {}{} in {}\n", plural(loaded.problems.size(), "error"),
        loaded.warnings.empty() ? "" : ", " + plural(loaded.warnings.size(), "warning"),
        plural(options.files.size(), "file"));
    return status;
  }
  std::size_t count = 0;
  std::function<void(const std::vector<rules::Rule>&)> countRules = [&](const auto& list) {
    for (const auto& rule : list) {
      ++count;
      countRules(rule.children);
    }
  };
  countRules(loaded.set.rules);
  std::cout << fmt::format(
      "ok: {} in {}{}\n", plural(count, "rule"), plural(loaded.set.files.size(), "file"),
      loaded.warnings.empty() ? "" : " (" + plural(loaded.warnings.size(), "warning") + ")");
  return 0;
}

int test(const RulesOptions& options) {
  auto run = runRuleTests(options.files, options.limits);
  // Problems first, located, on standard error; the report (cases, totals last) after them.
  int status = run.problems.empty() ? 0 : reportProblems(run.problems);
  auto format = options.format == "junit"  ? RuleTestFormat::Junit
                : options.format == "json" ? RuleTestFormat::Json
                                           : RuleTestFormat::Text;
  emit(options.output, renderRuleTests(run, format), options.followOutputSymlinks);
  if (status != 0) return status;
  return run.totals().failed == 0 ? 0 : 1;
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
  emit(options.output, out, options.followOutputSymlinks);
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
      addOutputOptions(*command, options->followOutputSymlinks);
    }
    if (run == test) {
      command
          ->add_option("--format", options->format,
                       "text (PASS/FAIL per case, then the totals), junit (one test suite per "
                       "file, for CI test tabs) or json (docs/rules.md)")
          ->check(CLI::IsMember({"text", "junit", "json"}))
          ->capture_default_str();
    }
    if (run == check) {
      command->add_flag("--strict", options->strict,
                        "Warnings (a rule that decides nothing, an unused binding, a redundant "
                        "rule...) are errors too");
    }
    if (run == test) addNestedTemplateOptions(*command, options->limits, false);
    addLimitOptions(*command, options->limits);
    command->callback(
        [&action, options, run] {
          action = [options, run] {
            std::vector<std::string> inputs = options->files;
            for (const auto& [key, file] : options->limits.nestedTemplates) inputs.push_back(file);
            checkOutputs({options->output}, inputs);
            return run(*options);
          };
        });
  };
  add("check",
      "Load, compile and check rule files (native, or C2A .json/.yaml) against the built-in\n"
      "resource specification: misspelt fields, unknown resource types and properties, values\n"
      "outside a closed set, comparisons that cannot hold. Prints every problem of every file\n"
      "with FILE:LINE:COL. Exit 0 when all are fine, 65 on problems, 66 when a file is missing.",
      check, false);
  add("test",
      "Run rule test files (YAML: rules under test, cases with before/after templates and the\n"
      "expected verdict, risk and action of changes). Every file and case runs even when one is\n"
      "malformed; the totals say what could not be run. Exit 0 when all pass, 1 when one fails,\n"
      "65 on malformed test or rule files, 66 when a test file or a template it names is missing.",
      test, true);
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
