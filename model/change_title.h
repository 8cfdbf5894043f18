#pragma once
// A change named in a few words, the same everywhere a report refers to one change from another
// (cause chains, root causes): "Bucket replacement", "Role Properties.RoleName update".
#include <string>

#include "model/operation.h"

namespace c2a {

std::string changeTitle(const Operation& operation);

}  // namespace c2a
