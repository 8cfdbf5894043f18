#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <future>
#include <iostream>
#include <system_error>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/approvals/baseline_file.h"
#include "engine/pipeline/analyze.h"
#include "engine/pipeline/parameters_file.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/pipeline/stage_timer.h"
#include "engine/report/refactor_mapping.h"
#include "engine/report/report_format.h"

namespace c2a::cli {
namespace {

struct DiffOptions {
  std::string before;
  std::string after;
  std::vector<std::string> rules;
  std::vector<std::string> presets;
  bool noPresets = false;
  std::string format = "text";
  std::string output;
  std::vector<std::string> reports;  // FORMAT=FILE
  std::vector<std::string> groupBy;
  std::string color = "auto";
  std::vector<std::string> only;
  int contextLines = -1;
  bool summaryOnly = false;
  std::string failOn;
  std::vector<std::string> approvals;
  std::string approvalKeyFile;
  std::string baseline;
  std::string writeBaseline;
  std::string writeRefactorMapping;
  bool noInlineAccept = false;
  bool followOutputSymlinks = false;
  ParameterInputs parameters;
  AnalyzeOptions analyze;
};

// The approval key, read once, where a file is to be verified or signed with it.
std::optional<std::string> usedApprovalKey(const DiffOptions& options) {
  if (options.approvals.empty() && options.baseline.empty() && options.writeBaseline.empty()) {
    return std::nullopt;
  }
  return approvalKey(options.approvalKeyFile);
}

// The approvals files, checked (and verified with the key, when there is one), the baseline,
// and what to do with inline acceptances. One key for both: a baseline approves changes as an
// approvals file does, so with a key an unsigned one is refused alike.
AcceptanceOptions acceptanceOptions(const DiffOptions& options,
                                    const std::optional<std::string>& key) {
  AcceptanceOptions out;
  out.inlineAccept = !options.noInlineAccept;
  for (const auto& file : options.approvals) {
    out.approvals.push_back(readApprovalsFile(file, key, options.analyze.limits));
  }
  if (!options.baseline.empty()) {
    out.baseline = readBaselineFile(options.baseline, key, options.analyze.limits);
  }
  return out;
}

std::string formatNames() {
  std::string names;
  for (const auto& format : reportFormats())
    names += (names.empty() ? "" : "|") + std::string(format.name);
  return names;
}

const ReportFormat& formatNamed(const std::string& name) {
  const auto* format = findReportFormat(name);
  if (format == nullptr) {
    throw C2aError(ErrorKind::Usage, {},
                   fmt::format("unknown report format `{}` (known: {})", name, formatNames()));
  }
  return *format;
}

struct ExtraReport {
  const ReportFormat* format;
  std::string file;
};

std::vector<ExtraReport> extraReports(const std::vector<std::string>& specs) {
  std::vector<ExtraReport> out;
  for (const auto& spec : specs) {
    auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      throw C2aError(
          ErrorKind::Usage, {},
          fmt::format("--report takes FORMAT=FILE (e.g. sarif=c2a.sarif), not `{}`", spec));
    }
    out.push_back({&formatNamed(spec.substr(0, eq)), spec.substr(eq + 1)});
  }
  return out;
}

// The files a run reads: none may be one it writes.
std::vector<std::string> inputFiles(const DiffOptions& options) {
  std::vector<std::string> inputs{options.before,          options.after,
                                  options.approvalKeyFile, options.baseline,
                                  options.parameters.both, options.parameters.before,
                                  options.parameters.after};
  inputs.insert(inputs.end(), options.analyze.changeSetFiles.begin(),
                options.analyze.changeSetFiles.end());
  inputs.insert(inputs.end(), options.rules.begin(), options.rules.end());
  inputs.insert(inputs.end(), options.approvals.begin(), options.approvals.end());
  const auto& limits = options.analyze.limits;
  for (const auto* nested :
       {&limits.nestedTemplates, &limits.beforeNestedTemplates, &limits.afterNestedTemplates}) {
    for (const auto& [key, file] : *nested) inputs.push_back(file);
  }
  return inputs;
}

// --color wins; then NO_COLOR (no colour) and FORCE_COLOR (colour even into a pipe, as CI logs
// that render escapes want), each when set and not empty; then a terminal that is not TERM=dumb.
bool useColor(const DiffOptions& options) {
  if (options.color == "always") return true;
  if (options.color == "never") return false;
  auto set = [](const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0';
  };
  bool toStdout = options.output.empty() || options.output == "-";
  if (set("NO_COLOR")) return false;
  if (set("FORCE_COLOR")) return toStdout;
  const char* term = std::getenv("TERM");
  bool dumb = term != nullptr && std::string_view(term) == "dumb";
  return toStdout && ::isatty(STDOUT_FILENO) == 1 && !dumb;
}

}  // namespace

namespace {

// BEFORE, AFTER, and the rules to judge the change by (--stack, among the report options, keeps
// its place in --help).
void addDiffInputs(CLI::App* command, DiffOptions* options) {
  command
      ->add_option("BEFORE", options->before,
                   "The deployed template (JSON/YAML) or cloud assembly directory; `-` reads a "
                   "template from standard input")
      ->required();
  command
      ->add_option("AFTER", options->after, "The template or cloud assembly about to be deployed")
      ->required();
  command->add_option("--rules", options->rules,
                      "Rule file (.json/.yaml/.yml: C2A rule structure; else the native language); "
                      "repeatable");
  command->add_option("--preset", options->presets,
                      "Use only the bundled rule packs named (repeatable; all are on by default; "
                      "`c2a rules presets` lists them)");
  command->add_flag("--no-presets", options->noPresets, "Use no bundled rule packs");
}

// What is printed and written, which stacks, and how the changes are grouped.
void addReportOptions(CLI::App* command, DiffOptions* options) {
  std::string formats;
  for (const auto& format : reportFormats()) {
    formats += fmt::format("\n  {:9} {}", format.name, format.summary);
  }
  std::vector<std::string> names;
  for (const auto& format : reportFormats()) names.emplace_back(format.name);
  command
      ->add_option("--format", options->format, "Report format on stdout (or --output):" + formats)
      ->check(CLI::IsMember(names))
      ->capture_default_str();
  command->add_option("--output,-o", options->output,
                      "Write the report to FILE (atomically; a device or pipe is written in place; "
                      "a symbolic link is refused unless --follow-output-symlinks)");
  command->add_option("--report", options->reports,
                      "Also write FORMAT=FILE (e.g. sarif=c2a.sarif); repeatable: one analysis, "
                      "several reports");
  command->add_option("--source-root", options->analyze.sourceRoot,
                      "The CDK app's checkout as it was synthesised (default: the current "
                      "directory): GitHub annotations and SARIF point at the app's source line "
                      "that made each change, from the assembly's creation stacks, relative to "
                      "it (docs/ci.md)");
  std::string levels;
  for (const auto& [name, summary] : aggregationLevels()) {
    levels += fmt::format("\n  {:15} {}", name, summary);
  }
  command->add_option("--stack", options->analyze.stacks,
                      "Compare only the stacks of a cloud assembly matching NAME (a glob; "
                      "repeatable; nested stacks go with their parent). A lone template against an "
                      "assembly pairs with the stack it names, or with the only one");
  command
      ->add_option("--group-by", options->groupBy,
                   "Aggregation levels, outermost first (default: [stack,]action,risk,"
                   "resource-type,component):" +
                       levels)
      ->delimiter(',');
  command
      ->add_option("--color", options->color,
                   "Colour the text report: auto (a terminal that is not TERM=dumb, NO_COLOR "
                   "unset; FORCE_COLOR colours a pipe too), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  command
      ->add_option("--only", options->only,
                   "Show only changes whose outcome is one of: rejected, review, approved "
                   "(comma-separated); counts and verdict still cover every change")
      ->delimiter(',')
      ->check(CLI::IsMember({"rejected", "review", "approved"}));
  command
      ->add_option("--context-lines", options->contextLines,
                   "Show structured old/new values as a unified diff with N lines of context")
      ->check(CLI::Range(0, 1000));
  command->add_flag("--summary-only", options->summaryOnly,
                    "Text report: one line per stack, the verdict and the changes that decided it");
}

// What fails the process, and what counts as approved besides the rules.
void addGatingOptions(CLI::App* command, DiffOptions* options) {
  command
      ->add_option(
          "--fail-on", options->failOn,
          "Which verdicts fail the process (default: review, the 0/1/2 statuses):\n"
          "  rejected  only a rejection fails (exit 2); the rest exits 0\n"
          "  high      also a change waiting for review at high risk, exit 1 (C2A's HIGH)\n"
          "  unknown   also one at unknown risk (C2A's `UNKNOWN and HIGH`)\n"
          "  review    any change waiting for review, exit 1 (C2A's ALL)\n"
          "  never     always exit 0; the report still gives the verdict")
      ->check(CLI::IsMember({"rejected", "high", "unknown", "review", "never"}))
      ->group("Gating and approvals");
  command
      ->add_option("--approvals", options->approvals,
                   "Approvals file (`c2a approve`): each change it names counts as approved "
                   "while its id and values (its digest) are those approved and the file has not "
                   "expired; never a rejected change. Repeatable")
      ->group("Gating and approvals");
  command
      ->add_option("--approval-key-file", options->approvalKeyFile,
                   "Key to verify approvals and the baseline with (HMAC-SHA256; instead of "
                   "C2A_APPROVAL_KEY): an unsigned or altered file is refused (exit 65); "
                   "--write-baseline signs with it")
      ->group("Gating and approvals");
  command
      ->add_option("--baseline", options->baseline,
                   "Baseline file: changes accepted earlier, each with its values (never a "
                   "rejected change); with a key, only a signed one counts")
      ->group("Gating and approvals");
  command
      ->add_option("--write-baseline", options->writeBaseline,
                   "Write the ids of the changes waiting for review (and those the baseline "
                   "accepted) to FILE, for --baseline")
      ->group("Gating and approvals");
  command
      ->add_option("--write-refactor-mapping", options->writeRefactorMapping,
                   "Write the renames (and moves between stacks of a cloud assembly) as the "
                   "ResourceMappings of CloudFormation's stack refactoring (aws cloudformation "
                   "create-stack-refactor) to FILE: they keep the resources instead of replacing "
                   "them (docs/diff.md, \"Refactor mapping\")")
      ->group("Gating and approvals");
  command
      ->add_flag("--no-inline-accept", options->noInlineAccept,
                 "Ignore `Metadata.c2a.accept` (otherwise an entry counts once it is deployed, and "
                 "never for high risk or a rejection)")
      ->group("Gating and approvals");
}

// BEFORE and AFTER read on a thread of their own while the rules, approvals and parameters load:
// none of those is needed before the rules run. What is reported stays what a run in order
// reports: the reading's result, or its error, is taken only after the others have had theirs.
// Only plain files and directories, nested templates too: standard input and pipes are read after
// the rules, as named, so a run whose rules fail never waits on a writer. And only when a thread
// is left over by the reading itself (--jobs 1 keeps the main thread alone; two cores already read
// two large sides side by side, and a third thread there measured no faster).
std::future<ReadInputs> readAhead(const DiffOptions& options) {
  const auto& limits = options.analyze.limits;
  const unsigned reading = readsSideBySide(options.before, options.after, limits) ? 2 : 1;
  if (limits.threads() <= reading || !plainInputs(options.before, options.after, limits)) {
    return {};
  }
  try {
    return std::async(std::launch::async, [before = options.before, after = options.after, limits] {
      return readInputs(before, after, limits);
    });
  } catch (const std::system_error&) {  // no thread to be had: read in order below
    return {};
  }
}

int runDiff(DiffOptions* options) {
  StageTimer total("command");  // C2A_TIMINGS=1: each stage's time on stderr
  auto presets = selectedPresets(options->presets, options->noPresets);
  const auto& format = formatNamed(options->format);
  auto extra = extraReports(options->reports);
  std::vector<std::string> files{options->output, options->writeBaseline,
                                 options->writeRefactorMapping};
  for (const auto& report : extra) files.push_back(report.file);
  checkOutputs(files, inputFiles(*options));
  checkAggregationLevels(options->groupBy);
  auto ahead = readAhead(*options);
  options->analyze.groupBy = options->groupBy;
  LoadedRules loaded;
  if (!options->rules.empty() || !presets.empty()) {
    StageTimer timer("load-rules");
    loaded = loadRules(presets, options->rules, options->analyze.limits);
    if (!loaded.problems.empty()) return reportProblems(loaded.problems);
    printWarnings(loaded.warnings);
    options->analyze.rules = &loaded.set;
    options->analyze.ruleFiles = loaded.set.files;
    options->analyze.presets = presets;
  }
  auto key = usedApprovalKey(*options);
  options->analyze.acceptance = acceptanceOptions(*options, key);
  auto given = readDeployments(options->parameters, options->analyze.limits);
  options->analyze.deployments = std::move(given.deployments);
  options->analyze.parameterKeys = std::move(given.keys);
  options->analyze.failOnGiven = !options->failOn.empty();
  if (auto failOn = failOnFromString(options->failOn)) options->analyze.failOn = *failOn;
  auto report = analyzeInputs(
      ahead.valid() ? ahead.get()
                    : readInputs(options->before, options->after, options->analyze.limits),
      options->analyze);
  printWarnings(report->warnings);
  // Every output is rendered before any is written: a run that fails writes none of them.
  std::vector<std::pair<std::string, std::string>> outputs;
  if (!options->writeBaseline.empty()) {
    outputs.emplace_back(options->writeBaseline, baselineText(*report, key));
  }
  if (!options->writeRefactorMapping.empty()) {
    auto mapping = refactorMapping(*report, options->parameters.stackName);
    for (const auto& why : mapping.refused) {
      std::fprintf(stderr, "c2a: warning: not in the refactor mapping: %s\n", why.c_str());
    }
    outputs.emplace_back(options->writeRefactorMapping, mapping.mappings.dump(2) + "\n");
  }

  StageTimer renderTimer("render");
  RenderOptions render;
  render.only = options->only;
  render.contextLines = options->contextLines;
  render.summaryOnly = options->summaryOnly;
  // JUnit: a change waiting for review fails only where --fail-on fails on it.
  render.reviewFails =
      options->analyze.failOn != FailOn::Rejected && options->analyze.failOn != FailOn::Never;
  // Files get no colour; the main report only on a terminal (or when asked).
  for (const auto& [other, file] : extra)
    outputs.emplace_back(file, other->render(*report, render));
  render.color = useColor(*options);
  outputs.emplace_back(options->output, format.render(*report, render));
  renderTimer.stop();
  emitAll(outputs, options->followOutputSymlinks);
  total.stop();
  finishNow(report->gate.exitStatus);
}

}  // namespace

void registerDiffCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<DiffOptions>();
  auto* command = app.add_subcommand(
      "diff",
      "Work out every operation a deployment of AFTER over BEFORE performs, and the verdict.\n"
      "Exit status: 0 approved (or no change), 1 review, 2 rejected (--fail-on chooses which of\n"
      "them fail), 64 usage, 65 bad input, 66 missing input, 70 internal error, 73 output not\n"
      "writable.");
  addDiffInputs(command, options.get());
  addReportOptions(command, options.get());
  addGatingOptions(command, options.get());
  command->add_option("--spec", options->analyze.specFile,
                      "CloudFormation spec to use instead of the built-in one (db.json, db.json.gz "
                      "or CloudFormationResourceSpecification.json)");
  addEvaluationOptions(*command, options->parameters, options->analyze.changeSetFiles);
  addOutputOptions(*command, options->followOutputSymlinks);
  addNestedTemplateOptions(*command, options->analyze.limits, true);
  addLimitOptions(*command, options->analyze.limits);
  addRuleBudgetOption(*command, options->analyze.maxRuleCandidates);

  command->callback([&action, options] { action = [options] { return runDiff(options.get()); }; });
}

}  // namespace c2a::cli
