// `c2a plan BEFORE AFTER`: the order CloudFormation will act in (docs/plan.md). The same analysis
// as `c2a diff`, without rules: the plan decides nothing, it foresees.
#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "engine/pipeline/analyze.h"
#include "engine/pipeline/stage_timer.h"
#include "engine/report/plan_render.h"

namespace c2a::cli {
namespace {

struct PlanOptions {
  std::string before;
  std::string after;
  std::string format = "text";
  std::string output;
  bool followOutputSymlinks = false;
  ParameterInputs parameters;
  AnalyzeOptions analyze;
};

}  // namespace

void registerPlanCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<PlanOptions>();
  auto* command = app.add_subcommand(
      "plan",
      "Show the order CloudFormation will act in when AFTER is deployed over BEFORE: the update\n"
      "phase's waves of creations, updates and replacements, then the cleanup phase's deletions\n"
      "(docs/plan.md), with the deployment failures foreseen where CloudFormation would stop.\n"
      "Exit status: 0, or 2 when a failure is foreseen (CloudFormation will refuse the\n"
      "deployment); 64 usage, 65 bad input, 66 missing input, 70 internal error, 73 output not\n"
      "writable.");
  command
      ->add_option("BEFORE", options->before,
                   "The deployed template (JSON/YAML) or cloud assembly directory; `-` reads a "
                   "template from standard input")
      ->required();
  command
      ->add_option("AFTER", options->after, "The template or cloud assembly about to be deployed")
      ->required();

  std::string formats;
  std::vector<std::string> names;
  for (const auto& format : planFormats()) {
    formats += fmt::format("\n  {:9} {}", format.name, format.summary);
    names.emplace_back(format.name);
  }
  command
      ->add_option("--format", options->format, "Output format on stdout (or --output):" + formats)
      ->check(CLI::IsMember(names))
      ->capture_default_str();
  command->add_option("--output,-o", options->output,
                      "Write the plan to FILE (atomically; symlinks followed, devices written)");
  command->add_option("--stack", options->analyze.stacks,
                      "Plan only the stacks of a cloud assembly matching NAME (a glob; "
                      "repeatable; nested stacks go with their parent). A lone template against an "
                      "assembly pairs with the stack it names, or with the only one");
  command->add_option("--spec", options->analyze.specFile,
                      "CloudFormation spec to use instead of the built-in one (db.json, db.json.gz "
                      "or CloudFormationResourceSpecification.json)");
  addEvaluationOptions(*command, options->parameters, options->analyze.changeSetFiles);
  addOutputOptions(*command, options->followOutputSymlinks);
  addNestedTemplateOptions(*command, options->analyze.limits, true);
  addLimitOptions(*command, options->analyze.limits);
  addRuleBudgetOption(*command, options->analyze.maxRuleCandidates);

  command->callback([&action, options] {
    action = [options]() -> int {
      StageTimer total("command");  // C2A_TIMINGS=1: each stage's time on stderr
      const PlanFormat* format = findPlanFormat(options->format);
      std::vector<std::string> inputs{options->before, options->after, options->parameters.both,
                                      options->parameters.before, options->parameters.after};
      inputs.insert(inputs.end(), options->analyze.changeSetFiles.begin(),
                    options->analyze.changeSetFiles.end());
      const auto& limits = options->analyze.limits;
      for (const auto* nested :
           {&limits.nestedTemplates, &limits.beforeNestedTemplates, &limits.afterNestedTemplates}) {
        for (const auto& [key, file] : *nested) inputs.push_back(file);
      }
      checkOutputs({options->output}, inputs);
      // No rules: the plan decides nothing. A foreseen failure still rejects its change, so the
      // JSON report's verdict and gate agree with this command's exit status.
      options->analyze.warnWithoutRules = false;
      options->analyze.failOn = FailOn::Rejected;
      auto given = readDeployments(options->parameters, options->analyze.limits);
      options->analyze.deployments = std::move(given.deployments);
      options->analyze.parameterKeys = std::move(given.keys);
      auto report = analyze(options->before, options->after, options->analyze);
      printWarnings(report->warnings);
      StageTimer renderTimer("render");
      emit(options->output, format->render(*report, RenderOptions{}),
           options->followOutputSymlinks);
      renderTimer.stop();
      total.stop();
      finishNow(report->failures.empty() ? kApproved : kRejected);
    };
  });
}

}  // namespace c2a::cli
