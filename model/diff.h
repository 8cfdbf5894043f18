#pragma once
// The result of diffing two InfraModels: every operation a deployment performs, in report order.
#include <string>
#include <vector>

#include "model/infra_model.h"
#include "model/operation.h"

namespace c2a {

struct ModelDiff {
  const InfraModel* before = nullptr;
  const InfraModel* after = nullptr;
  std::vector<Operation> operations;  // sorted by stack, component, operation, path
  std::vector<std::string> digests;   // one per operation: what an approval of it binds to
  std::string fingerprint;            // "sha256:<hex>" over the ids and digests
};

}  // namespace c2a
