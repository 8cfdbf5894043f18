#pragma once
// analyze(): the whole pipeline for `c2a diff`: read both inputs, map them to InfraModels, diff,
// propagate, rules, aggregations, verdict, into the report model. The only place that knows every
// stage.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/approvals/acceptances.h"
#include "engine/pipeline/read_model.h"
#include "engine/report/report.h"
#include "model/template_evaluation.h"
#include "readers/read_limits.h"
#include "rules/ast.h"
#include "rules/evaluator.h"

namespace c2a {

struct AnalyzeOptions {
  ReadLimits limits;
  std::string specFile;                   // empty: the built-in specification
  const rules::RuleSet* rules = nullptr;  // compiled (rule_loading.h); null: no rules
  /// Candidate bindings all rules together may try (rules::EvaluationOptions::maxCandidates).
  std::size_t maxRuleCandidates = rules::kDefaultMaxRuleCandidates;
  std::vector<std::string> ruleFiles;  // the files `rules` came from, for the report metadata
  std::vector<std::string> presets;    // the presets among them, by name
  std::vector<std::string> groupBy;    // aggregation levels; empty: the default tree
  std::vector<std::string> stacks;     // --stack globs (stack_selection.h); empty: all
  AcceptanceOptions acceptance;        // approvals files, baseline, inline acceptances
  FailOn failOn = FailOn::Review;      // which verdicts fail the process (--fail-on)
  bool failOnGiven = false;            // --fail-on was given: reports state the gate
  /// Warn that no rules are loaded when `rules` is null; false for `c2a plan`, which decides
  /// nothing.
  bool warnWithoutRules = true;
  Deployments deployments;  // parameter and pseudo-parameter values given for each side
  std::map<std::string, SourceLocation> parameterKeys;  // where each given key is given
  /// --change-set: `aws cloudformation describe-change-set` JSON files or directories of them (the
  /// root stack's change set and its nested stacks', each with and without property values) to
  /// compare with, and whose Replacement answers to use; empty: none.
  std::vector<std::string> changeSetFiles;
  /// Where the CDK app was synthesised: creation-stack files under it locate changes in the app's
  /// source, relative to it (ChangeLocation::source); empty: the current directory.
  std::string sourceRoot;
};

/// The aggregation levels --group-by takes: {name, one-line summary}.
std::vector<std::pair<std::string, std::string>> aggregationLevels();
/// Throws C2aError (usage) naming the first unknown level and the known ones.
void checkAggregationLevels(const std::vector<std::string>& levels);

/// Throws C2aError for unreadable or invalid inputs. The same as analyzeInputs(readInputs(...)).
std::unique_ptr<Report> analyze(const std::string& beforeInput, const std::string& afterInput,
                                const AnalyzeOptions& options);

/// BEFORE and AFTER read and mapped: analyze's first stage, which needs none of the other
/// options, so a caller can run it while it loads them (`c2a diff` loads its rules meanwhile).
struct ReadInputs {
  std::string beforeInput;  // as named
  std::string afterInput;
  ModelPair models;
  Diagnostics warnings;
};
/// Throws C2aError for unreadable or invalid inputs.
ReadInputs readInputs(const std::string& beforeInput, const std::string& afterInput,
                      const ReadLimits& limits);
/// The rest of analyze, from what readInputs read.
std::unique_ptr<Report> analyzeInputs(ReadInputs inputs, const AnalyzeOptions& options);

/// The same from models already built (inline templates of rule tests).
std::unique_ptr<Report> analyzeModels(InfraModel before, InfraModel after,
                                      const AnalyzeOptions& options, Diagnostics warnings = {});

}  // namespace c2a
