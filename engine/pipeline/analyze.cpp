#include "engine/pipeline/analyze.h"

#include <filesystem>
#include <map>
#include <set>

#include "aggregations/aggregation_module.h"
#include "deployment-prediction/plan.h"
#include "engine/pipeline/change_set_matching.h"
#include "engine/pipeline/failures_foreseen.h"
#include "engine/pipeline/not_analysed.h"
#include "engine/pipeline/parameters_file.h"
#include "engine/pipeline/read_model.h"
#include "engine/pipeline/replacement_causes.h"
#include "engine/pipeline/report_metadata.h"
#include "engine/pipeline/stack_selection.h"
#include "engine/pipeline/stage_timer.h"
#include "model-diffing/fingerprint.h"
#include "model-diffing/model_diff.h"
#include "model/current_work.h"
#include "model/parallel_work.h"
#include "model/previous_values.h"
#include "platform-mapping/change-set/change_set_files.h"
#include "readers/input_digests.h"
#include "rules/evaluator.h"
#include "spec/resource_spec.h"
#include "spec/serverless_resources.h"

namespace c2a {
namespace {

// The app's source root, absolute, as given and with its links resolved: a creation stack names
// files as the synth saw them, either way.
std::vector<std::filesystem::path> sourceRoots(const std::string& given) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path root = given.empty() ? fs::current_path(ec) : fs::absolute(given, ec);
  if (ec) return {};
  std::vector<fs::path> out{root.lexically_normal()};
  auto canonical = fs::weakly_canonical(root, ec);
  if (!ec && canonical != out.front()) out.push_back(canonical);
  return out;
}

// A creation site relative to the source root; nullopt outside it (a file a pull request's diff
// cannot show, or a path that climbs out with `..`).
std::optional<SourceLocation> appSource(const SourceLocation& site,
                                        const std::vector<std::filesystem::path>& roots) {
  namespace fs = std::filesystem;
  if (site.file.empty()) return std::nullopt;
  fs::path file = fs::path(site.file).lexically_normal();
  for (const auto& root : roots) {
    fs::path absolute = file.is_absolute() ? file : (root / file).lexically_normal();
    auto inside = absolute.lexically_relative(root);
    if (inside.empty() || *inside.begin() == ".." || inside == ".") continue;
    return SourceLocation{inside.generic_string(), site.line, site.column};
  }
  return std::nullopt;
}

ChangeLocation locate(const ModelDiff& diff, const Operation& op,
                      const std::vector<std::filesystem::path>& sourceRoots) {
  ChangeLocation out;
  if (op.after && op.type != OperationType::Remove) {
    out.source = appSource(diff.after->component(*op.after).createdAt, sourceRoots);
  }
  const auto* property = op.property ? &*op.property : nullptr;
  bool hasBefore = op.before.has_value() &&
                   (property == nullptr || property->operation != PropertyOperationType::Insert);
  bool hasAfter = op.after.has_value() &&
                  (property == nullptr || property->operation != PropertyOperationType::Remove);
  Path afterPath = property != nullptr ? property->path : Path{};
  Path beforePath =
      property != nullptr && !property->oldPath.empty() ? property->oldPath : afterPath;
  if (hasBefore) {
    auto where = diff.before->component(*op.before).location(beforePath);
    if (!where.file.empty()) out.before = where;
  }
  if (hasAfter) {
    auto where = diff.after->component(*op.after).location(afterPath);
    if (!where.file.empty()) out.after = where;
  }
  return out;
}

std::vector<StackSummary> summarizeStacks(const Report& report) {
  std::map<std::string, StackSummary> stacks;
  for (std::size_t i = 0; i < report.diff.operations.size(); ++i) {
    auto& stack = stacks[report.diff.operations[i].stack];
    stack.changes.push_back(i);
  }
  std::vector<StackSummary> out;
  for (auto& [name, stack] : stacks) {
    stack.name = name;
    Decisions decisions;
    for (auto i : stack.changes) decisions.push_back(report.decisions[i]);
    stack.summary = summarize(decisions);
    out.push_back(std::move(stack));
  }
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> aggregationLevels() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& module : aggregationModules()) {
    out.emplace_back(std::string(module.name), std::string(module.summary));
  }
  return out;
}

void checkAggregationLevels(const std::vector<std::string>& levels) {
  try {
    resolveAggregationLevels(levels);
  } catch (const C2aError& error) {
    throw C2aError(ErrorKind::Usage, {}, "--group-by: " + error.diagnostic().message);
  }
}

namespace {

// What the rules decide of each change (or review for all, without rules).
void decide(Report& report, const AnalyzeOptions& options, const ResourceSpec& spec) {
  const auto& operations = report.diff.operations;
  StageTimer rulesTimer("rules");
  report.rulesApplied = options.rules != nullptr;
  if (options.rules != nullptr) {
    const CurrentWork work("evaluating the rules", "--max-rule-candidates");
    rules::EvaluationOptions evaluation;
    evaluation.maxCandidates = options.maxRuleCandidates;
    evaluation.facts.isStateful = [&spec](std::string_view type) { return spec.isStateful(type); };
    evaluation.failures = &report.failures;
    evaluation.jobs = options.limits.threads();
    auto outcome = rules::applyRules(*options.rules, report.diff, evaluation);
    // Beside the timings: how much of the budget the rules used.
    if (stageTimingsOn())
      std::fprintf(stderr, "c2a count: rule-candidates %zu\n", outcome.candidates);
    report.decisions = std::move(outcome.decisions);
    // A rule stopped by the candidate budget is worth a warning, never a hang.
    for (auto& warning : outcome.warnings) report.warnings.push_back(std::move(warning));
  } else {
    report.decisions.assign(operations.size(), Decision{});
  }
  if (options.rules == nullptr && options.warnWithoutRules) {
    // Said once, so nobody reads "review" as the rules' judgement.
    Diagnostic noRules;
    noRules.message =
        "no rules loaded: every change needs review (the presets are off and no --rules file "
        "was given)";
    report.warnings.push_back(std::move(noRules));
  }
  rulesTimer.stop();
}

// Everything the report says of the decided changes: cause chains, locations, security tables,
// acceptances, foreseen failures, the tree, the verdict and the gate.
void finishReport(Report& report, const AnalyzeOptions& options, const Deployments& deployments) {
  const auto& operations = report.diff.operations;
  StageTimer aggregateTimer("aggregate");  // causes, locations, acceptances, tree, verdict
  report.causes = std::make_unique<CauseIndex>(operations);
  report.locations.reserve(operations.size());
  auto roots = sourceRoots(options.sourceRoot);
  for (const auto& op : operations) report.locations.push_back(locate(report.diff, op, roots));
  report.security = securityTables(report, deployments, options.limits.threads());
  // Approvals, inline acceptances and the baseline change decisions: before the tree, the
  // summary and the verdict, so that all of them (and every format) agree.
  decideCausesWithReplacements(report);  // one change to a reviewer: one decision
  applyAcceptances(report, options.acceptance);
  applyFailures(report);  // after the acceptances: no approval lifts a foreseen failure
  report.aggregations =
      aggregate(report.diff, report.decisions,
                options.groupBy.empty() ? defaultAggregationLevels(report.diff) : options.groupBy,
                nullptr, report.causes.get());
  report.summary = summarize(report.decisions);
  holdUnseen(report);  // nothing unseen is approved
  // Nor anything CloudFormation's own change set contradicts: one of the two is wrong.
  if (report.changeSet) report.summary.disagreements = report.changeSet->disagreements();
  if (report.summary.disagreements > 0 && report.summary.verdict == Verdict::Approved) {
    report.summary.verdict = Verdict::Review;
  }
  report.stacks = summarizeStacks(report);
  report.decidedBy = decidingChanges(report.decisions, report.summary.verdict);
  report.gate = gate(report.decisions, report.summary, options.failOn);
  refuseDeployment(report);
  report.failOnGiven = options.failOnGiven;
}

// Below this many changes a second thread for the plan costs more than it saves.
constexpr std::size_t kChangesWorthThreads = 64;

// `keep`: the stacks whose changes the report keeps (stack_selection.h); nothing: all.
std::unique_ptr<Report> analyzeSelected(InfraModel before, InfraModel after,
                                        const AnalyzeOptions& options, Diagnostics warnings,
                                        const std::optional<std::set<std::string>>& keep) {
  StageTimer specTimer("spec");
  std::unique_ptr<ResourceSpec> loaded;
  if (!options.specFile.empty()) {
    loaded = std::make_unique<ResourceSpec>(ResourceSpec::load(options.specFile));
  }
  const ResourceSpec& spec = loaded ? *loaded : ResourceSpec::builtin();
  specTimer.stop();
  UpdateTypeLookup updateTypes = [&spec](std::string_view type, const Path& path) {
    return spec.updateType(type, path);
  };

  auto changeSets = readChangeSets(options.changeSetFiles, options.limits);
  auto report = std::make_unique<Report>();
  report->metadata = reportMetadata(options.ruleFiles);
  for (const auto& changeSet : changeSets) {
    for (const auto& file : changeSet.files) addSource(report->metadata, "change-set", file);
  }
  report->metadata.presets = options.presets;
  for (auto& warning : undeclaredParameters(options.parameterKeys, before, after)) {
    warnings.push_back(std::move(warning));
  }
  report->warnings = std::move(warnings);
  // What an update deploys for the parameters it is not given: their previous values.
  Deployments deployments = options.deployments;
  keepPreviousValues(deployments, before, after);
  report->before = std::move(before);
  report->after = std::move(after);
  // A SAM resource and what its transform makes under the same logical id are one resource.
  DeployedTypeLookup deployedTypes = [](std::string_view type) {
    return std::string(serverlessTransformedType(type).value_or(type));
  };
  StageTimer diffTimer("diff");
  report->diff = diffModels(report->before, report->after, updateTypes, deployedTypes, deployments,
                            options.limits.threads());
  if (keep) keepStacks(report->diff, *keep);
  if (!changeSets.empty()) {
    report->changeSet = compareChangeSets(report->diff, changeSets, keep);
    // Its Replacement answers set certainties: the change set is part of what is approved.
    diffing::fingerprintDiff(report->diff, deployments, options.limits.threads());
  }
  diffTimer.stop();

  StageTimer predictTimer("predict");
  // The plan reads only the diff: it is made beside the failures foreseen, on a second thread when
  // there are enough changes to pay for one. An error is the one the two in turn would meet first.
  const unsigned threads =
      report->diff.operations.size() < kChangesWorthThreads ? 1 : options.limits.threads();
  forEachIndex(2, threads, [&](std::size_t task, unsigned /*worker*/) {
    if (task == 0) {
      addForeseenFailures(*report, spec, deployments, options.parameterKeys);
    } else {
      report->plan = planDeployment(report->diff);
    }
  });
  predictTimer.stop();
  decide(*report, options, spec);

  finishReport(*report, options, deployments);
  return report;
}

}  // namespace

std::unique_ptr<Report> analyzeModels(InfraModel before, InfraModel after,
                                      const AnalyzeOptions& options, Diagnostics warnings) {
  return analyzeSelected(std::move(before), std::move(after), options, std::move(warnings),
                         std::nullopt);
}

ReadInputs readInputs(const std::string& beforeInput, const std::string& afterInput,
                      const ReadLimits& limits) {
  if (beforeInput == "-" && afterInput == "-") {
    throw C2aError(ErrorKind::Usage, {}, "only one side can be read from standard input (`-`)");
  }
  Diagnostics warnings;
  // The report records each input's digest: from the bytes read now (a directory's, a cloud
  // assembly's, is computed over its files when the report is made).
  wantInputDigest(beforeInput);
  wantInputDigest(afterInput);
  auto models = readModels(beforeInput, afterInput, limits, warnings);
  return {beforeInput, afterInput, std::move(models), std::move(warnings)};
}

std::unique_ptr<Report> analyzeInputs(ReadInputs inputs, const AnalyzeOptions& options) {
  auto& [before, after] = inputs.models;
  // Every stage after reading holds what the inputs made: their size is what to limit.
  const CurrentWork work("comparing " + inputs.beforeInput + " with " + inputs.afterInput,
                         kReadLimitOptions);
  auto keep = selectStacks(before, after, options.stacks, inputs.warnings);
  auto report = analyzeSelected(std::move(before), std::move(after), options,
                                std::move(inputs.warnings), keep);
  addInputSources(report->metadata, inputs.beforeInput, inputs.afterInput);
  return report;
}

std::unique_ptr<Report> analyze(const std::string& beforeInput, const std::string& afterInput,
                                const AnalyzeOptions& options) {
  return analyzeInputs(readInputs(beforeInput, afterInput, options.limits), options);
}

}  // namespace c2a
