#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_files.h"
#include "engine/report/json_report.h"
#include "engine/report/text_report.h"

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
  std::string approvals;
  AnalyzeOptions analyze;
};

[[noreturn]] void notSupportedYet(const std::string& what) {
  throw C2aError(ErrorKind::Usage, {}, what + " is not supported yet");
}

int exitCodeFor(Verdict verdict) {
  switch (verdict) {
    case Verdict::Approved: return kApproved;
    case Verdict::Review: return kReview;
    case Verdict::Rejected: return kRejected;
  }
  return kReview;
}

}  // namespace

void registerDiffCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<DiffOptions>();
  auto* command = app.add_subcommand(
      "diff",
      "Work out every operation a deployment of AFTER over BEFORE performs, and the verdict.\n"
      "Exit status: 0 approved (or no change), 1 review, 2 rejected, 64 usage, 65 bad input,\n"
      "66 missing input, 70 internal error, 73 output not writable.");
  command
      ->add_option("BEFORE", options->before,
                   "The deployed template (JSON/YAML) or cloud assembly directory")
      ->required();
  command
      ->add_option("AFTER", options->after, "The template or cloud assembly about to be deployed")
      ->required();
  command->add_option("--rules", options->rules,
                      "Rule file (.json/.yaml/.yml: C2A rule structure; else the native language); "
                      "repeatable");
  command->add_option("--preset", options->presets, "Use this bundled rule pack; repeatable");
  command->add_flag("--no-presets", options->noPresets, "Use no bundled rule packs");
  command->add_option("--format", options->format, "Report format")
      ->check(CLI::IsMember({"text", "json", "markdown", "html", "sarif", "junit"}))
      ->capture_default_str();
  command->add_option("--output,-o", options->output, "Write the report to FILE (atomically)");
  command->add_option("--approvals", options->approvals,
                      "Approvals file: changes already approved by a person");
  command->add_option("--spec", options->analyze.specFile,
                      "CloudFormation spec to use instead of the built-in one (db.json, db.json.gz "
                      "or CloudFormationResourceSpecification.json)");
  addLimitOptions(*command, options->analyze.limits);

  command->callback([&action, options] {
    action = [options] {
      if (!options->approvals.empty()) notSupportedYet("--approvals");
      if (options->format != "text" && options->format != "json") {
        notSupportedYet("--format " + options->format);
      }
      for (const auto& preset : options->presets) {
        std::cerr << fmt::format("c2a: warning: no presets are bundled yet; --preset {} ignored\n",
                                 preset);
      }
      LoadedRules loaded;
      if (!options->rules.empty()) {
        loaded = loadRuleFiles(options->rules, options->analyze.limits);
        if (!loaded.problems.empty()) return reportProblems(loaded.problems);
        options->analyze.rules = &loaded.set;
      }
      auto analysis = analyze(options->before, options->after, options->analyze);
      printWarnings(analysis->warnings);
      std::string report =
          options->format == "json"
              ? reportToJson(*analysis).dump(2, ' ', false, Json::error_handler_t::replace) + "\n"
              : renderText(*analysis);
      emit(options->output, report);
      return exitCodeFor(analysis->summary.verdict);
    };
  });
}

}  // namespace c2a::cli
