#pragma once
// analyze(): the whole pipeline for `c2a diff`: read both inputs, map them to InfraModels, diff,
// propagate, (rules), verdict. The only place that knows every stage.
#include <memory>
#include <string>

#include "engine/model/diff.h"
#include "engine/model/error.h"
#include "engine/model/infra_model.h"
#include "engine/model/verdict.h"
#include "platform-mapping/read_limits.h"
#include "rules/ast.h"

namespace c2a {

struct AnalyzeOptions {
  ReadLimits limits;
  std::string specFile;                   // empty: the built-in specification
  const rules::RuleSet* rules = nullptr;  // compiled (rule_files.h); null: no rules
};

struct Analysis {
  std::string beforeInput;
  std::string afterInput;
  InfraModel before;
  InfraModel after;
  ModelDiff diff;  // points into before/after: an Analysis does not move
  VerdictSummary summary;
  bool rulesApplied = false;  // rules ran: every change carries a decision
  Diagnostics warnings;
};

/// Throws C2aError for unreadable or invalid inputs.
std::unique_ptr<Analysis> analyze(const std::string& beforeInput, const std::string& afterInput,
                                  const AnalyzeOptions& options);

/// The same from models already built (inline templates of rule tests).
std::unique_ptr<Analysis> analyzeModels(InfraModel before, InfraModel after,
                                        const AnalyzeOptions& options, Diagnostics warnings = {});

}  // namespace c2a
