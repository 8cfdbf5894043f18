#pragma once
// `c2a model`: one input read and mapped, without diffing, so the CLI talks to the engine only.
#include <string>

#include "model/error.h"
#include "model/infra_model.h"
#include "platform-mapping/read_limits.h"

namespace c2a {

/// A template file or cloud assembly directory → InfraModel. Throws C2aError.
InfraModel readModel(const std::string& input, const ReadLimits& limits, Diagnostics& warnings);

}  // namespace c2a
