#pragma once
// `c2a model`: the InfraModel as the contract's JSON, or as a Graphviz drawing.
#include <string>

#include "model/infra_model.h"
#include "model/json.h"

namespace c2a {

/// {"components": [...], "relationships": [...]} in model order (deterministic).
Json modelToJson(const InfraModel& model);
/// A `digraph` with one cluster per stack; dependencies solid, structural edges dashed.
std::string modelToDot(const InfraModel& model);

}  // namespace c2a
