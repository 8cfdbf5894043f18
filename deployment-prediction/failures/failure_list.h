#pragma once
// Every failure kind's entry, one per file in this folder (named for its code); failures.cpp
// lists them in its table. Internal to deployment-prediction.
#include "deployment-prediction/failures.h"

namespace c2a::prediction {

FailureKind customNameReplacementKind();
FailureKind customNameCollisionKind();
FailureKind exportInUseKind();
FailureKind parameterValueRefusedKind();
FailureKind danglingReferenceKind();
FailureKind dependencyCycleKind();
FailureKind fixedAfterCreationKind();

}  // namespace c2a::prediction
