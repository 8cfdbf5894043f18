#include "engine/pipeline/failures_foreseen.h"

#include "deployment-prediction/failures.h"

namespace c2a {

void addForeseenFailures(Report& report, const ResourceSpec& spec) {
  DeploymentFacts facts;
  facts.physicalNameProperties = [&spec](std::string_view type) -> const std::vector<std::string>& {
    return spec.physicalNameProperties(type);
  };
  report.failures = foreseeFailures(report.diff, facts);
}

void applyFailures(Report& report) {
  for (const Failure& failure : report.failures) {
    Decision& decision = report.decisions[failure.change];
    decision.risk = Risk::High;
    decision.action = Action::Reject;
    // No approval stands against a deployment CloudFormation will refuse.
    if (failure.change < report.acceptances.size()) report.acceptances[failure.change].reset();
  }
}

}  // namespace c2a
