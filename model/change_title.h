#pragma once
// A change named in a few words, the same everywhere a report refers to one change from another
// (cause chains, root causes): "Bucket replacement", "Role Properties.RoleName update"; a CDK
// resource by its construct path, then its logical id: "App/Archive (ArchiveDA4CB258) replacement".
#include <string>

#include "model/operation.h"

namespace c2a {

std::string changeTitle(const Operation& operation);
/// The component as its author knows it: "Archive (ArchiveDA4CB258)" for a resource with a
/// construct path, its logical id otherwise (no stack, no component type).
std::string componentName(const Operation& operation);

}  // namespace c2a
