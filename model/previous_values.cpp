#include "model/previous_values.h"

#include "model/same_value.h"

namespace c2a {

void keepPreviousValues(Deployments& deployments, const InfraModel& before,
                        const InfraModel& after) {
  for (ComponentIndex i = 0; i < after.componentCount(); ++i) {
    const Component& parameter = after.component(i);
    if (parameter.type != ComponentType::Parameter) continue;
    if (deployments.after.parameters.count(parameter.name) != 0) continue;  // given: it deploys
    auto previous = before.find(parameter.stack, ComponentType::Parameter, parameter.name);
    if (!previous) continue;  // a new parameter takes its Default
    if (auto given = deployments.before.parameters.find(parameter.name);
        given != deployments.before.parameters.end()) {
      deployments.after.parameters.emplace(given->first, given->second);
      continue;
    }
    const Json& was = before.component(*previous).properties;
    const Json& now = parameter.properties;
    auto wasDefault = was.is_object() ? was.find("Default") : was.end();
    auto nowDefault = now.is_object() ? now.find("Default") : now.end();
    bool hadOne = was.is_object() && wasDefault != was.end();
    bool hasOne = now.is_object() && nowDefault != now.end();
    if (hadOne != hasOne || (hasOne && !equivalent(*wasDefault, *nowDefault))) {
      deployments.after.previousValues.emplace(parameter.stack, parameter.name);
    }
  }
}

}  // namespace c2a
