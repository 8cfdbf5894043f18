#pragma once
// Failures foreseen (deployment-prediction/failures.h) joined to the report: a change
// CloudFormation will refuse is rejected, whatever rules, approvals or the baseline said of it.
#include <map>

#include "engine/report/report.h"
#include "model/template_evaluation.h"
#include "spec/resource_spec.h"

namespace c2a {

/// Fills report.failures from the diff (before the rules run, so that rules can read them).
/// `deployments` and `given`: the values each side is deployed with, and where each is given.
void addForeseenFailures(Report& report, const ResourceSpec& spec, const Deployments& deployments,
                         const std::map<std::string, SourceLocation>& given);

/// Rejects each failing change (risk high, action reject, no acceptance). Call after the
/// acceptances and before the summary.
void applyFailures(Report& report);

/// A failure of the deployment as a whole (no change of its own: a parameter value CloudFormation
/// refuses) rejects it: the verdict, and the gate unless --fail-on never. After the gate.
void refuseDeployment(Report& report);

}  // namespace c2a
