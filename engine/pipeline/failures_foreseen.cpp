#include "engine/pipeline/failures_foreseen.h"

#include <algorithm>

#include "deployment-prediction/failures.h"
#include "spec/fixed_after_creation.h"
#include "spec/name_namespaces.h"

namespace c2a {

void addForeseenFailures(Report& report, const ResourceSpec& spec, const Deployments& deployments,
                         const std::map<std::string, SourceLocation>& given) {
  DeploymentFacts facts;
  facts.physicalNameProperties = [&spec](std::string_view type) -> const std::vector<std::string>& {
    return spec.physicalNameProperties(type);
  };
  facts.nameNamespace = [](std::string_view type) { return nameNamespace(type); };
  facts.fixedAfterCreation = [](std::string_view type,
                                std::string_view property) -> std::optional<FixedPropertyFact> {
    const auto* entry = fixedAfterCreation(type, property);
    if (entry == nullptr) return std::nullopt;
    return FixedPropertyFact{entry->elementsMayBeAdded, std::string(entry->fact),
                             std::string(entry->fix)};
  };
  report.failures = foreseeFailures(report.diff, facts, deployments, given);
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
    if (!failure.change) continue;  // the deployment's own: the verdict (analyze.cpp)
    const std::size_t change = *failure.change;
    Decision& decision = report.decisions[change];
    decision.risk = Risk::High;
    decision.action = Action::Reject;
    // No approval stands against a deployment CloudFormation will refuse.
    if (change < report.acceptances.size()) report.acceptances[change].reset();
    const auto& id = report.diff.operations[change].id;
    for (auto& record : report.approvals) withdraw(record.approved, record.refused, id);
    if (report.baseline) withdraw(report.baseline->accepted, report.baseline->refused, id);
  }
}

void refuseDeployment(Report& report) {
  bool whole = std::any_of(report.failures.begin(), report.failures.end(),
                           [](const Failure& failure) { return !failure.change; });
  if (!whole) return;
  report.summary.verdict = Verdict::Rejected;
  if (report.gate.failOn == FailOn::Never) return;
  report.gate.fails = true;
  report.gate.exitStatus = 2;
}

}  // namespace c2a
