#pragma once
// A Component is one entity of the infrastructure: a resource, parameter, output, condition,
// mapping, CDK construct or stack (C2A's vocabulary, seed 002).
#include <optional>
#include <string>
#include <string_view>

#include "model/json.h"
#include "model/location_table.h"
#include "model/path.h"

namespace c2a {

enum class ComponentType { Resource, Parameter, Output, Condition, Mapping, Construct, Stack };

std::string_view toString(ComponentType type);
std::optional<ComponentType> componentTypeFromString(std::string_view text);

struct Component {
  ComponentType type = ComponentType::Resource;
  std::string subtype;  // the resource type (`AWS::S3::Bucket`); empty for other components
  std::string name;     // logical id; the construct path for constructs; the stack name for stacks
  std::string stack;    // owning stack; empty for a lone template

  /// The entity's body without its Type: for a resource `{"Properties":..., "DependsOn":...}`,
  /// for a parameter `{"Type":..., "Default":...}`, for a condition its expression.
  Json properties;

  LocationTablePtr locations;  // may be null (components the mapper synthesises)
  std::string pointer;         // JSON pointer of this entity in its file (`/Resources/Bucket`)
  /// Where the CDK app's own code made it (its creation stack in the assembly's metadata, as
  /// written there: usually an absolute path on the synth machine); unknown without.
  SourceLocation createdAt;

  /// Unique within a model: `[stack/]Type:name`.
  [[nodiscard]] std::string id() const;
  /// The CDK construct path from the `aws:cdk:path` metadata (`App/Api/Resource`); "" without.
  [[nodiscard]] std::string constructPath() const;
  /// The construct path as a heading names the component inside its stack: without the stack's
  /// own first part, and without a last `Resource` or `Default` (the CDK's ids for a construct's
  /// own CloudFormation resource): `Handler/ServiceRole/DefaultPolicy`; "" without a path.
  [[nodiscard]] std::string constructLabel() const;
  /// Where the entity, or the value at `path` inside it, is written.
  [[nodiscard]] SourceLocation location(const Path& path = {}) const;
};

}  // namespace c2a
