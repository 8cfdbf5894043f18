#pragma once
// model-diffing's entry point: two InfraModels → every operation a deployment performs
// (matching, property diff, replacements, propagation), sorted, with ids and a fingerprint.
#include "model/diff.h"
#include "model/template_evaluation.h"
#include "model/update_type.h"

namespace c2a {

/// Stacks pair by name; when each side has exactly one stack they pair whatever their names (a
/// template against a one-stack assembly). Stacks on one side only are added or removed whole.
/// `deployedTypes`: a logical id whose two types deploy as the same one (a SAM resource and what
/// the transform makes from it) is the same resource, its changes judged by the deployed type.
/// `deployments`: the parameter and pseudo-parameter values each side is deployed with; values are
/// compared as CloudFormation evaluates them (template_evaluation.h). `jobs`: threads the
/// matched pairs' bodies are compared on (--jobs); the diff is the same for any number.
ModelDiff diffModels(const InfraModel& before, const InfraModel& after,
                     const UpdateTypeLookup& updateTypes,
                     const DeployedTypeLookup& deployedTypes = {},
                     const Deployments& deployments = {}, unsigned jobs = 1);

}  // namespace c2a
