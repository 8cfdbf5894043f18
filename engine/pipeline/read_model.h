#pragma once
// One input read and mapped: a template file, a cloud assembly directory, or `-` (a template on
// standard input). `c2a model` uses it alone, so the CLI talks to the engine only.
#include <string>

#include "model/error.h"
#include "model/infra_model.h"
#include "platform-mapping/read_limits.h"

namespace c2a {

/// A template file, a cloud assembly directory or `-` → InfraModel. Throws C2aError.
InfraModel readModel(const std::string& input, const ReadLimits& limits, Diagnostics& warnings);

/// Standard input, read once (up to limits.maxInputBytes) and kept: `-` names it, in locations
/// as `<stdin>`.
const std::string& standardInput(const ReadLimits& limits);

}  // namespace c2a
