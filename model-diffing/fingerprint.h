#pragma once
#include <string>
#include <vector>

#include "model/operation.h"

namespace c2a::diffing {

/// "sha256:<hex>" over the operations in report order, each as its JSON without rule effects:
/// it depends only on the set of changes, so an approval can bind to exactly this change set.
std::string fingerprint(const std::vector<Operation>& operations);

}  // namespace c2a::diffing
