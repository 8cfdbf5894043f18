#pragma once
// What the graph operators (`appliesTo`, `->`, `<-`, `>>`, `<<`) share: the component an entity
// stands for, and the two walks over the models' relationships.
#include <optional>

#include "rules/evaluator.h"
#include "rules/value.h"

namespace c2a::rules {

/// A component or pattern's component; a change's component. Nothing for a JSON value.
std::optional<ComponentRef> entityComponent(const Value& value, const EvaluationContext& context);

/// Two references denote one component when they share either side (an operation and a candidate
/// may know only one side of it).
bool sameComponent(const ComponentRef& a, const ComponentRef& b);

/// `from` has a direct dependency relationship to `to` in the AFTER model or in the BEFORE model.
bool dependsOn(const EvaluationContext& context, const ComponentRef& from, const ComponentRef& to);

/// `outer` (a stack or construct) contains `inner`, directly or through other structural
/// relationships, in the AFTER model or in the BEFORE model. Nothing encloses itself.
bool encloses(const EvaluationContext& context, const ComponentRef& outer,
              const ComponentRef& inner);

}  // namespace c2a::rules
