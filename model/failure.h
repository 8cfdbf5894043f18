#pragma once
// A deployment CloudFormation will refuse, foreseen from the diff (deployment-prediction/): what a
// pipeline must not start. Any failure makes the verdict rejected.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/source_location.h"

namespace c2a {

struct Failure {
  std::string code;     // stable, kebab-case: `custom-name-replacement`
  std::string message;  // one sentence: what CloudFormation will do and why it fails
  /// The operation it is foreseen for (index into ModelDiff::operations); none for a failure of
  /// the deployment as a whole (a parameter value CloudFormation refuses before it acts).
  std::optional<std::size_t> change;
  SourceLocation where;  // for a failure without a change: where its cause is written
  // Its kind's title (SARIF rule descriptors, annotations, JUnit): set from the kinds' table
  // (deployment-prediction/failures.cpp), so each kind builds its failures without it.
  std::string title{};
  /// CloudFormation refuses it when it validates the template and parameters, before any step.
  bool beforeActing = false;
};

/// Where a failure sorts: by its change, the deployment's own failures last.
inline std::size_t failureOrder(const Failure& failure) {
  return failure.change.value_or(static_cast<std::size_t>(-1));
}

/// In report order (by change, then code; the deployment's own last).
using Failures = std::vector<Failure>;

}  // namespace c2a
