#include "engine/pipeline/failures_foreseen.h"

#include <algorithm>

#include "deployment-prediction/failures.h"

namespace c2a {

void addForeseenFailures(Report& report, const ResourceSpec& spec) {
  DeploymentFacts facts;
  facts.physicalNameProperties = [&spec](std::string_view type) -> const std::vector<std::string>& {
    return spec.physicalNameProperties(type);
  };
  report.failures = foreseeFailures(report.diff, facts);
}

namespace {

constexpr const char* kRefused =
    "a deployment failure is foreseen for it (docs/diff.md, \"Failures foreseen\"): "
    "CloudFormation will refuse it, so nothing can approve it";

// An approvals file or the baseline that accepted a failing change says it did not: the report
// must not count an approval the verdict does not honour.
void withdraw(std::vector<std::string>& accepted, std::vector<Refusal>& refused,
              const std::string& id) {
  auto it = std::find(accepted.begin(), accepted.end(), id);
  if (it == accepted.end()) return;
  accepted.erase(it);
  refused.push_back({id, kRefused});
}

}  // namespace

void applyFailures(Report& report) {
  for (const Failure& failure : report.failures) {
    Decision& decision = report.decisions[failure.change];
    decision.risk = Risk::High;
    decision.action = Action::Reject;
    // No approval stands against a deployment CloudFormation will refuse.
    if (failure.change < report.acceptances.size()) report.acceptances[failure.change].reset();
    const auto& id = report.diff.operations[failure.change].id;
    for (auto& record : report.approvals) withdraw(record.approved, record.refused, id);
    if (report.baseline) withdraw(report.baseline->accepted, report.baseline->refused, id);
  }
}

}  // namespace c2a
