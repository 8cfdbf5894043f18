#pragma once
// The failure kinds that live in files of their own (failures.cpp holds the table of all kinds and
// the ones about names and exports). Internal to deployment-prediction.
#include <map>
#include <string>

#include "deployment-prediction/failures.h"
#include "model/diff.h"
#include "model/failure.h"
#include "model/template_evaluation.h"

namespace c2a::prediction {

inline constexpr std::string_view kParameterValueRefused = "parameter-value-refused";
inline constexpr std::string_view kDanglingReference = "dangling-reference";
inline constexpr std::string_view kDependencyCycle = "dependency-cycle";
inline constexpr std::string_view kFixedAfterCreation = "fixed-after-creation";

/// A value given for a parameter of the AFTER side that its declaration refuses (AllowedValues,
/// AllowedPattern, MinLength, MaxLength, MinValue, MaxValue, a Number that is no number).
void parameterValuesRefused(const ModelDiff& diff, TemplateEvaluator& after,
                            const std::map<std::string, SourceLocation>& given, Failures& out);

/// A resource or output that exists after the deployment and refers (Ref, Fn::GetAtt, Fn::Sub,
/// DependsOn) to a resource that does not: removed, or conditioned out.
void danglingReferences(const ModelDiff& diff, TemplateEvaluator& after, Failures& out);

/// Resources of one stack of the AFTER side whose sure references (outside any Fn::If) go round in
/// a circle, or a resource that refers to itself.
void dependencyCycles(const ModelDiff& diff, TemplateEvaluator& after, Failures& out);

/// An update in place of a property the service fixes when the resource is created.
void fixedAfterCreation(const ModelDiff& diff, const DeploymentFacts& facts, Failures& out);

}  // namespace c2a::prediction
