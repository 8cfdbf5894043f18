#pragma once
// What an update deploys for a parameter it is not given. The tools pipelines deploy with
// (`aws cloudformation deploy`, `cdk deploy`, whose --previous-parameters is on by default,
// `sam deploy`) pass every parameter of the existing stack that is not overridden as
// UsePreviousValue: it keeps the value it was deployed with, not the template's new Default. So
// on the AFTER side, a parameter the stack already had and the deployment does not give is:
// - the value the BEFORE side was given, when it was given one (a known previous value);
// - unknown, when its Default changed: the new Default is not what deploys, and the old one is
//   only what deployed if nobody overrode it then (a policy narrowed "to the new Default" stays
//   `*` in the stack);
// - its Default as before otherwise (the same Default: still an assumption, as on BEFORE).
#include "model/infra_model.h"
#include "model/template_evaluation.h"

namespace c2a {

/// Fills `deployments.after` with the previous values of the parameters `before` and `after`
/// both declare and the AFTER side is not given.
void keepPreviousValues(Deployments& deployments, const InfraModel& before,
                        const InfraModel& after);

}  // namespace c2a
