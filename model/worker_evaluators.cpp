#include "model/worker_evaluators.h"

#include <algorithm>

namespace c2a {
namespace {

std::vector<TemplateEvaluator> copies(const InfraModel& model, const DeploymentValues& values,
                                      unsigned workers) {
  std::vector<TemplateEvaluator> out;
  out.reserve(std::max(1U, workers));
  out.emplace_back(model, values);  // its conditions settled as it is made
  while (out.size() < workers) out.push_back(out.front());
  return out;
}

}  // namespace

WorkerEvaluators::WorkerEvaluators(const InfraModel& before, const InfraModel& after,
                                   const Deployments& deployments, unsigned workers)
    : before_(copies(before, deployments.before, workers)),
      after_(copies(after, deployments.after, workers)) {}

}  // namespace c2a
