#pragma once
// The names a CDK app's author knows its resources by: construct paths (Component::constructLabel),
// for the values a report shows (`${Handler/ServiceRole.Arn}` where the template says
// `${HandlerServiceRoleFCDC14AE.Arn}`), as `cdk diff` shows them.
#include <map>
#include <string>

#include "model/infra_model.h"
#include "model/intrinsics.h"

namespace c2a {

/// For each stack, its resources' construct labels by logical id. A label two resources of one
/// stack share names neither (each keeps its logical id); resources without `aws:cdk:path` are
/// left out, and so are stacks without any.
std::map<std::string, ReadableNames, std::less<>> constructNames(const InfraModel& model);

}  // namespace c2a
