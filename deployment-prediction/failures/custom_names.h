#pragma once
// What the custom-name failure kinds share: a resource's custom physical names, the ones a change
// keeps, and a value as a failure message shows it. Internal to deployment-prediction.
#include <string>
#include <vector>

#include "deployment-prediction/failures.h"

namespace c2a::prediction {

/// A custom name of a resource: which property holds it and the value written there (a literal,
/// or an expression that yields the same name wherever it is written the same way).
struct CustomName {
  std::string property;
  const Json* value = nullptr;
};

std::vector<CustomName> customNames(const Component& component, const DeploymentFacts& facts);

/// The custom names the AFTER side keeps from the BEFORE side: same property, same written value.
std::vector<CustomName> keptNames(const Component& before, const Component& after,
                                  const DeploymentFacts& facts);

/// A value as a failure message shows it: text as itself, anything else as JSON, cut short.
std::string shownValue(const Json& value);

/// The BEFORE or AFTER component of an operation, if it has one.
const Component* side(const ModelDiff& diff, const Operation& op, bool after);

}  // namespace c2a::prediction
