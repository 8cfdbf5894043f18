#include <fmt/format.h>
#include <sys/stat.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/approvals/approvals_file.h"
#include "engine/report/escape.h"
#include "engine/report/output_file.h"

namespace c2a::cli {

namespace {

// "takes a whole number of at least 1, not `0`" rather than a range with a 300-digit bound.
CLI::Validator wholeNumber(unsigned long long minimum, unsigned long long maximum = ~0ULL) {
  return CLI::Validator(
      [minimum, maximum](std::string& text) -> std::string {
        std::size_t used = 0;
        unsigned long long value = 0;
        bool ok = !text.empty() && text[0] != '-';
        try {
          value = ok ? std::stoull(text, &used) : 0;
        } catch (const std::exception&) {
          ok = false;
        }
        if (!ok || used != text.size() || value < minimum) {
          return fmt::format("takes a whole number of at least {}, not `{}`", minimum, text);
        }
        if (value > maximum) {
          return fmt::format("takes a whole number of at most {}, not `{}`", maximum, text);
        }
        return "";
      },
      "NUMBER");
}

// Sizes as people write them: 67108864, 64MiB, 64MB, 512k (units are powers of 1024).
CLI::Validator byteSize() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::size_t used = 0;
        unsigned long long value = 0;
        bool ok = !text.empty() && std::isdigit(static_cast<unsigned char>(text[0])) != 0;
        try {
          value = ok ? std::stoull(text, &used) : 0;
        } catch (const std::exception&) {
          ok = false;
        }
        std::string unit = ok ? text.substr(used) : "";
        for (auto& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        unsigned shift = 0;
        if (unit.empty() || unit == "B") {
          shift = 0;
        } else if (unit == "K" || unit == "KB" || unit == "KIB") {
          shift = 10;
        } else if (unit == "M" || unit == "MB" || unit == "MIB") {
          shift = 20;
        } else if (unit == "G" || unit == "GB" || unit == "GIB") {
          shift = 30;
        } else {
          ok = false;
        }
        if (!ok || (shift > 0 && value > (~0ULL >> shift))) {
          return fmt::format("takes a size such as 67108864, 64MiB or 512k, not `{}`", text);
        }
        text = std::to_string(value << shift);
        return "";
      },
      "SIZE");
}

}  // namespace

void addLimitOptions(CLI::App& command, ReadLimits& limits) {
  command
      .add_option("--max-input-bytes", limits.maxInputBytes,
                  "Largest input file accepted (bytes, or with a unit: 64MiB, 512k)")
      ->capture_default_str()
      ->transform(byteSize())
      ->group("Limits");
  command
      .add_option("--max-depth", limits.maxDepth,
                  fmt::format("Deepest nesting of objects and arrays (at most {})", kMaxDepthLimit))
      ->capture_default_str()
      ->check(wholeNumber(1, kMaxDepthLimit))
      ->group("Limits");
  command
      .add_option("--max-nodes", limits.maxNodes,
                  "Most values in one document, YAML aliases expanded")
      ->capture_default_str()
      ->check(wholeNumber(0))
      ->group("Limits");
  command
      .add_option("--jobs", limits.jobs,
                  "Threads that read BEFORE, AFTER and an assembly's stack templates, compare the "
                  "matched resources, find regrouped IAM statements, digest the changes, plan, run "
                  "the rules and read the security tables (0: one per core); the report is the "
                  "same for any number")
      ->capture_default_str()
      ->check(wholeNumber(0))
      ->group("Limits");
}

std::string versionText() {
  return std::string(C2A_VERSION) + " (CloudFormation specification " + C2A_SPEC + ")";
}

void addRuleBudgetOption(CLI::App& command, std::size_t& candidates) {
  command
      .add_option("--max-rule-candidates", candidates,
                  "Candidate bindings all rules together may try (one rule at most half); rules "
                  "stopped by it leave the verdict at review")
      ->capture_default_str()
      ->check(wholeNumber(1))
      ->group("Limits");
}

namespace {

// KEY=FILE entries into `into`.
CLI::Option* addNestedTemplateOption(CLI::App& command, const std::string& name,
                                     std::map<std::string, std::string>& into,
                                     const std::string& description) {
  return command
      .add_option_function<std::vector<std::string>>(
          name,
          [&into](const std::vector<std::string>& entries) {
            for (const auto& entry : entries) {
              auto equals = entry.find('=');
              into[entry.substr(0, equals)] = entry.substr(equals + 1);
            }
          },
          description)
      ->check([](const std::string& entry) -> std::string {
        auto equals = entry.find('=');
        if (equals == std::string::npos || equals == 0 || equals + 1 == entry.size()) {
          return "takes KEY=FILE (a logical id, Parent/Child path or TemplateURL, then the file)";
        }
        return "";
      })
      ->group("Inputs");
}

}  // namespace

void addNestedTemplateOptions(CLI::App& command, ReadLimits& limits, bool sides) {
  addNestedTemplateOption(
      command, "--nested-template", limits.nestedTemplates,
      "KEY=FILE: the template of a nested stack of a template file; KEY is its logical id, path "
      "(Parent/Child) or TemplateURL as written (a local TemplateURL is followed without it); "
      "repeatable");
  if (!sides) return;
  addNestedTemplateOption(command, "--before-nested-template", limits.beforeNestedTemplates,
                          "KEY=FILE: as --nested-template, for BEFORE only (over it)");
  addNestedTemplateOption(command, "--after-nested-template", limits.afterNestedTemplates,
                          "KEY=FILE: as --nested-template, for AFTER only (over it)");
}

void addOutputOptions(CLI::App& command, bool& followSymlinks) {
  command.add_flag("--follow-output-symlinks", followSymlinks,
                   "Write through an output path that is a symbolic link (replacing the file it "
                   "points to); without it such a path is refused (exit 73)");
}

void emit(const std::string& file, const std::string& content, bool followSymlinks) {
  emitAll({{file, content}}, followSymlinks);
}

void emitAll(const std::vector<std::pair<std::string, std::string>>& outputs, bool followSymlinks) {
  OutputFiles files(followSymlinks);
  for (const auto& [file, content] : outputs) {
    if (!file.empty() && file != "-") files.stage(file, content);
  }
  files.commit();
  for (const auto& [file, content] : outputs) {
    if (!file.empty() && file != "-") continue;
    std::fwrite(content.data(), 1, content.size(), stdout);
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
      throw C2aError(ErrorKind::CannotWrite, {"<stdout>"}, "cannot write the output");
    }
  }
}

int reportProblems(const Diagnostics& problems) {
  int status = kDataError;
  for (const auto& problem : problems) {
    std::cerr << "c2a: " << terminalSafe(problem.str()) << '\n';
    if (problem.kind == ErrorKind::MissingInput) status = kNoInput;
  }
  return status;
}

std::optional<std::string> approvalKey(const std::string& keyFile) {
  if (!keyFile.empty()) return readApprovalKeyFile(keyFile);
  const char* key = std::getenv("C2A_APPROVAL_KEY");
  if (key == nullptr) return std::nullopt;
  if (*key == '\0') {
    throw C2aError(ErrorKind::Usage, {},
                   "C2A_APPROVAL_KEY is set but empty: give the key, or unset it to trust "
                   "approvals files as they are");
  }
  return std::string(key);
}

void printWarnings(const Diagnostics& warnings) {
  for (const auto& warning : warnings) {
    auto where = warning.where.str();
    std::cerr << "c2a: " << terminalSafe(where.empty() ? "" : where + ": ")
              << "warning: " << terminalSafe(warning.message) << '\n';
  }
}

void finishNow(int status) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(status);
}

}  // namespace c2a::cli
