#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/approvals/approvals_file.h"
#include "engine/report/escape.h"
#include "engine/report/output_file.h"

namespace c2a::cli {

void addLimitOptions(CLI::App& command, ReadLimits& limits) {
  command.add_option("--max-input-bytes", limits.maxInputBytes, "Largest input file accepted")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber)
      ->group("Limits");
  command.add_option("--max-depth", limits.maxDepth, "Deepest nesting of objects and arrays")
      ->capture_default_str()
      ->check(CLI::PositiveNumber)
      ->group("Limits");
  command
      .add_option("--max-nodes", limits.maxNodes,
                  "Most values in one document, YAML aliases expanded")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber)
      ->group("Limits");
}

void emit(const std::string& file, const std::string& content) {
  if (file.empty() || file == "-") {
    std::fwrite(content.data(), 1, content.size(), stdout);
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
      throw C2aError(ErrorKind::CannotWrite, {"<stdout>"}, "cannot write the output");
    }
    return;
  }
  writeFileAtomically(file, content);
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

}  // namespace c2a::cli
