#pragma once
// The names a CDK app's author knows its resources by: construct paths (Component::constructLabel),
// for the values a report shows (`${Handler/ServiceRole.Arn}` where the template says
// `${HandlerServiceRoleFCDC14AE.Arn}`), as `cdk diff` shows them.
#include <map>
#include <string>
#include <string_view>

#include "model/infra_model.h"
#include "model/intrinsics.h"

namespace c2a {

/// Whether a construct label may stand for a resource in a report: printable ASCII only, and no
/// `$`, `{` or `}` (a label is the app's text, and a pull request writes it: a line break or a
/// placeholder in it would read as something the report says).
bool isShowableLabel(std::string_view label);

/// For each stack, its resources' construct labels by logical id. A label two resources of one
/// stack share names neither (each keeps its logical id), nor does one that is another resource's
/// logical id, holds a `.` (it would read as an attribute) or is not showable; resources without
/// `aws:cdk:path` are left out, and so are stacks without any.
std::map<std::string, ReadableNames, std::less<>> constructNames(const InfraModel& model);

/// Keeps only the names both sides agree on: a logical id named differently on the two sides, or
/// a name that stands for one resource on one side and another on the other, is shown by its
/// logical id on both (a table row of each side would otherwise read alike for two resources).
void keepAgreedNames(std::map<std::string, ReadableNames, std::less<>>& before,
                     std::map<std::string, ReadableNames, std::less<>>& after);

}  // namespace c2a
