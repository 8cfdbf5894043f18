#pragma once
// The edges that let a change cross the boundary between a parent stack and a nested stack.
#include <string>

#include "model/error.h"
#include "model/infra_model.h"

namespace c2a {

/// Links the AWS::CloudFormation::Stack resource `stackResource` of a parent stack with the nested
/// stack `nestedStack` already mapped into `model`:
/// - each key P of its `Properties.Parameters` that the nested template declares gets a dependency
///   nested Parameter P → `stackResource` (NestedStackParameter, attribute `Parameters.P`);
/// - each dependency on `stackResource` with attribute `Outputs.X` (`Fn::GetAtt [Stack,
/// Outputs.X]`)
///   gets a companion from the same source and source path to the nested Output X
///   (NestedStackOutput, attribute `Outputs.X`).
/// Names the nested template lacks become located warnings (CloudFormation would reject them).
void linkNestedStack(InfraModel& model, ComponentIndex stackResource,
                     const std::string& nestedStack, Diagnostics& warnings);

}  // namespace c2a
