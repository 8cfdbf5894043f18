#pragma once
// A CDK cloud assembly (a `cdk.out` directory) into an InfraModel.
#include <string>

#include "model/error.h"
#include "model/infra_model.h"
#include "readers/read_limits.h"

namespace c2a {

/// Maps every stack of the assembly in `dir` (nested assemblies and nested stacks included, see
/// readAssemblyStacks and StackTreeMapper) into `model`, in order of stack name. Does not link
/// imports: the caller does that once, after all stacks are in.
void mapCloudAssembly(const std::string& dir, const ReadLimits& limits, InfraModel& model,
                      Diagnostics& warnings);

}  // namespace c2a
