#include "deployment-prediction/failures.h"

#include <algorithm>
#include <array>
#include <functional>
#include <tuple>

#include "deployment-prediction/failures/failure_list.h"

namespace c2a {
namespace {

// Every failure kind, one line each (its file in failures/ is named for its code).
const std::array<FailureKind, 7> kKinds{{
    prediction::customNameReplacementKind(),
    prediction::customNameCollisionKind(),
    prediction::exportInUseKind(),
    prediction::parameterValueRefusedKind(),
    prediction::danglingReferenceKind(),
    prediction::dependencyCycleKind(),
    prediction::fixedAfterCreationKind(),
}};

}  // namespace

std::span<const FailureKind> failureKinds() {
  return kKinds;
}

bool refusedBeforeActing(std::string_view code) {
  for (const auto& kind : kKinds) {
    if (kind.code == code) return kind.beforeActing;
  }
  return false;
}

Failures foreseeFailures(const ModelDiff& diff, const DeploymentFacts& facts,
                         const Deployments& deployments,
                         const std::map<std::string, SourceLocation>& given) {
  Failures out;
  if (diff.before == nullptr || diff.after == nullptr) return out;
  TemplateEvaluator after(*diff.after, deployments.after);
  const FailureInputs inputs{diff, facts, after, given};
  for (const auto& kind : kKinds) {
    auto first = out.size();
    kind.check(inputs, out);
    for (auto i = first; i < out.size(); ++i) {
      out[i].title = kind.title;
      out[i].beforeActing = kind.beforeActing;
    }
  }
  // Report order: by change, then code; a kind keeps its own order within one change.
  std::stable_sort(out.begin(), out.end(), [](const Failure& a, const Failure& b) {
    return std::make_tuple(failureOrder(a), std::cref(a.code)) <
           std::make_tuple(failureOrder(b), std::cref(b.code));
  });
  return out;
}

}  // namespace c2a
