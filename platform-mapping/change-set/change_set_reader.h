#pragma once
// The change-set reader: the JSON (or YAML) that `aws cloudformation describe-change-set` prints
// → ChangeSet. Keys CloudFormation may add are ignored; a value of the wrong kind, an unknown
// Action or Replacement, or a file that is no change set is bad input (exit 65), located
// FILE:LINE:COL.
#include <string>

#include "model/cloudformation_change_set.h"
#include "readers/read_limits.h"

namespace c2a {

ChangeSet readChangeSet(const std::string& file, const ReadLimits& limits);

}  // namespace c2a
