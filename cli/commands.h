#pragma once
// Each subcommand registers its options on the CLI11 app and returns the action to run after
// parsing. The action returns the process exit status; errors travel as C2aError to main().
#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/pipeline/parameters_file.h"
#include "engine/report/output_paths.h"
#include "model/error.h"
#include "readers/read_limits.h"

namespace c2a::cli {

using Action = std::function<int()>;

/// "0.1.0 (CloudFormation specification @aws-cdk/aws-service-spec 0.1.216)": the version and
/// the specification compiled in, as `--version` and the man page say.
std::string versionText();

void registerModelCommand(CLI::App& app, Action& action);
void registerDiffCommand(CLI::App& app, Action& action);
void registerPlanCommand(CLI::App& app, Action& action);
void registerRulesCommand(CLI::App& app, Action& action);
void registerApproveCommand(CLI::App& app, Action& action);
/// `c2a help [COMMAND...]`: the help of the app or of a command; `--man` the man page.
void registerHelpCommand(CLI::App& app, Action& action);
/// `c2a completion bash|zsh|fish`: the shell completion script.
void registerCompletionCommand(CLI::App& app, Action& action);

/// The man page (roff) and a completion script, made from `app` as `--help` is (command_tree.h).
std::string manPage(const CLI::App& app, const std::string& version);
std::string completionScript(const CLI::App& app, const std::string& shell);

/// A usage error as a sentence with a did-you-mean for an unknown command or option, and the
/// `--help` of the command being used.
std::string explainUsageError(const CLI::App& app, const CLI::ParseError& error, int argc,
                              char** argv);

/// --max-input-bytes, --max-depth, --max-nodes: limits for untrusted input.
void addLimitOptions(CLI::App& command, ReadLimits& limits);
/// --max-rule-candidates: the candidate bindings all rules of a run may try together.
void addRuleBudgetOption(CLI::App& command, std::size_t& candidates);
/// --nested-template KEY=FILE, and with `sides` its --before-/--after- forms (commands that read
/// two sides).
void addNestedTemplateOptions(CLI::App& command, ReadLimits& limits, bool sides);
/// --parameters, --before-parameters, --after-parameters, --parameter, --region, --account,
/// --partition: what each side is deployed with (template evaluation); --change-set: what
/// CloudFormation itself said of the deployment.
void addEvaluationOptions(CLI::App& command, ParameterInputs& inputs,
                          std::vector<std::string>& changeSets);
/// --follow-output-symlinks: write through an output path that is a symbolic link.
void addOutputOptions(CLI::App& command, bool& followSymlinks);
/// Writes to stdout, or atomically to `file` when it is not empty (OutputFiles: a symbolic link
/// is refused unless `followSymlinks`).
void emit(const std::string& file, const std::string& content, bool followSymlinks = false);
/// Writes several outputs of one run as one (OutputFiles): every file or none of them; standard
/// output ("" or "-") after the files.
void emitAll(const std::vector<std::pair<std::string, std::string>>& outputs,
             bool followSymlinks = false);
/// Prints each problem to stderr once; returns the exit status for them: 66 when a file is
/// missing, else 65.
int reportProblems(const Diagnostics& problems);
/// Prints warnings to stderr as `c2a: FILE:LINE:COL: warning: message`.
void printWarnings(const Diagnostics& warnings);

/// Ends the process with `status` once everything written is flushed, without destroying what
/// is left: freeing a large report node by node costs about a tenth of a run, and the system takes
/// the memory back at once (compilers end the same way). Only after every output is complete.
[[noreturn]] void finishNow(int status);
/// The key approvals are signed and verified with: the key file's when given, else
/// C2A_APPROVAL_KEY's; none when neither is set. A C2A_APPROVAL_KEY that is set but empty (a
/// pipeline secret that did not arrive) is a usage error, never "no key".
std::optional<std::string> approvalKey(const std::string& keyFile);

}  // namespace c2a::cli
