#pragma once
// A deployment CloudFormation will refuse, foreseen from the diff (deployment-prediction/): what a
// pipeline must not start. Any failure makes the verdict rejected.
#include <cstddef>
#include <string>
#include <vector>

namespace c2a {

struct Failure {
  std::string code;        // stable, kebab-case: `custom-name-replacement`
  std::string message;     // one sentence: what CloudFormation will do and why it fails
  std::size_t change = 0;  // the operation it is foreseen for (index into ModelDiff::operations)
};

/// In report order (by change, then code).
using Failures = std::vector<Failure>;

}  // namespace c2a
