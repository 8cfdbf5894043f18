#pragma once
// The deployment plan (model/plan.h): the order CloudFormation acts in, from the diff's
// operations and the dependencies of the two InfraModels. docs/plan.md.
#include "model/diff.h"
#include "model/plan.h"

namespace c2a {

/// The plan of every top-level stack with a resource change (plan.h's order). The update
/// phase orders the AFTER side's resources (a resource acts after every acting resource it depends
/// on), the cleanup phase the BEFORE side's in reverse (a resource is deleted before what it
/// depends on); both count dependencies through resources that do not act, transitively.
Plan planDeployment(const ModelDiff& diff);

}  // namespace c2a
