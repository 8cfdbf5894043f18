#pragma once
// Failures foreseen (deployment-prediction/failures.h) joined to the report: a change
// CloudFormation will refuse is rejected, whatever rules, approvals or the baseline said of it.
#include "engine/report/report.h"
#include "spec/resource_spec.h"

namespace c2a {

/// Fills report.failures from the diff (before the rules run, so that rules can read them).
void addForeseenFailures(Report& report, const ResourceSpec& spec);

/// Rejects each failing change (risk high, action reject, no acceptance). Call after the
/// acceptances and before the summary.
void applyFailures(Report& report);

}  // namespace c2a
