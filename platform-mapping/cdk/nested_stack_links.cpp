#include "platform-mapping/cdk/nested_stack_links.h"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "model/intrinsics.h"

namespace c2a {
namespace {

constexpr std::string_view kOutputsPrefix = "Outputs.";

void linkParameters(InfraModel& model, ComponentIndex stackResource, const std::string& nestedStack,
                    Diagnostics& warnings) {
  const Component& resource = model.component(stackResource);
  const Json& body = resource.properties;
  if (!body.is_object() || !body.contains("Properties")) return;
  const Json& properties = body["Properties"];
  if (!properties.is_object() || !properties.contains("Parameters")) return;
  const Json& parameters = properties["Parameters"];
  if (!parameters.is_object()) return;
  // A function (a condition's choice) in place of the whole object cannot be resolved without
  // parameter values.
  if (parameters.size() == 1 && isFunctionName(parameters.begin().key())) return;

  std::vector<std::pair<std::string, ComponentIndex>> fed;
  for (const auto& item : parameters.items()) {
    const std::string& name = item.key();
    if (auto parameter = model.find(nestedStack, ComponentType::Parameter, name)) {
      fed.emplace_back(name, *parameter);
    } else {
      warnings.push_back(
          {ErrorKind::InvalidInput, resource.location({"Properties", "Parameters", name}),
           fmt::format("nested stack {} declares no parameter '{}'", nestedStack, name)});
    }
  }
  for (const auto& [name, parameter] : fed) {
    model.addRelationship(parameter, stackResource,
                          {RelationshipKind::Dependency,
                           ReferenceKind::NestedStackParameter,
                           {},
                           "Parameters." + name});
  }
}

void linkOutputs(InfraModel& model, ComponentIndex stackResource, const std::string& nestedStack,
                 Diagnostics& warnings) {
  struct Read {
    ComponentIndex source;
    Relationship relationship;
  };
  // Gathered first: adding edges while visiting them would disturb the visit.
  std::vector<Read> reads;
  model.forEachIncoming(
      stackResource, [&](ComponentIndex source, ComponentIndex, const Relationship& relationship) {
        if (relationship.kind == RelationshipKind::Dependency &&
            relationship.reference != ReferenceKind::NestedStackParameter &&
            relationship.attribute.starts_with(kOutputsPrefix)) {
          reads.push_back({source, relationship});
        }
      });
  for (const auto& [source, relationship] : reads) {
    auto outputName = relationship.attribute.substr(kOutputsPrefix.size());
    auto output = model.find(nestedStack, ComponentType::Output, outputName);
    if (!output) {
      const Component& reader = model.component(source);
      warnings.push_back(
          {ErrorKind::InvalidInput, reader.location(relationship.sourcePath),
           fmt::format("nested stack {} has no output '{}'", nestedStack, outputName)});
      continue;
    }
    model.addRelationship(source, *output,
                          {RelationshipKind::Dependency, ReferenceKind::NestedStackOutput,
                           relationship.sourcePath, relationship.attribute});
  }
}

}  // namespace

void linkNestedStack(InfraModel& model, ComponentIndex stackResource,
                     const std::string& nestedStack, Diagnostics& warnings) {
  linkParameters(model, stackResource, nestedStack, warnings);
  linkOutputs(model, stackResource, nestedStack, warnings);
}

}  // namespace c2a
