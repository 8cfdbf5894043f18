#pragma once
// A property change judged by the values CloudFormation will deploy (seed 004, runs 7, 16, 17,
// 19): a Ref switched to another parameter holding the same value is no update; a value written
// alike that evaluates differently is one. The evaluation itself lives in
// model/template_evaluation.h; this is the differ's use of it.
#include <string>

#include "model/operation.h"
#include "model/template_evaluation.h"

namespace c2a::diffing {

/// Each side's evaluator (their models, the values given for each deployment).
struct Evaluators {
  TemplateEvaluator& before;
  TemplateEvaluator& after;
};

enum class DeployedChange {
  None,      // the same value is deployed on both sides: no change
  Possible,  // the same value only with parameters' Defaults: the change may not happen
  Definite,  // both values known and different
  Unknown,   // not known before deploy time
};

/// What a change was found by: texts that differ (the property diff), or a cause elsewhere
/// whose effect on an unchanged text is in question (propagation). Texts alike resolve alike
/// only in the first case; in the second, only values known in full settle "no change".
enum class FoundBy { DifferentText, Cause };

/// Evaluates the change's old value (BEFORE stack `beforeStack`) and new value (AFTER stack
/// `afterStack`); records them in `change.oldEvaluated`/`newEvaluated` where evaluating changes
/// what is written, and says what the deployment does with them.
DeployedChange judgeDeployed(Evaluators& evaluators, const std::string& beforeStack,
                             const std::string& afterStack, PropertyChange& change,
                             FoundBy foundBy);

/// Whether `old` (BEFORE) and `now` (AFTER) deploy the same value: an array element removed and
/// one inserted at its place that only read differently (`prod` and `!Ref Stage` given prod).
bool sameDeployed(Evaluators& evaluators, const std::string& beforeStack,
                  const std::string& afterStack, const Json& old, const Json& now);

}  // namespace c2a::diffing
