#pragma once
// The CloudFormation resource specification as c2a needs it: the update type of every property
// (through nested property types, arrays and maps) and whether a resource type holds state.
// The built-in table is generated at build time from @aws-cdk/aws-service-spec (package.json);
// `--spec FILE` loads a newer db.json / db.json.gz or an official
// CloudFormationResourceSpecification.json instead.
#include <memory>
#include <string>
#include <string_view>

#include "model/path.h"
#include "model/update_type.h"

namespace c2a {

class ResourceSpec {
 public:
  /// The table compiled into the binary. Parsed once, on first use.
  static const ResourceSpec& builtin();
  /// Loads a spec file (db.json, db.json.gz or CloudFormationResourceSpecification.json);
  /// throws C2aError (InvalidInput / MissingInput) with the file's location on failure.
  static ResourceSpec load(const std::string& file);

  ResourceSpec(ResourceSpec&&) noexcept;
  ResourceSpec& operator=(ResourceSpec&&) noexcept;
  ~ResourceSpec();

  /// True when the resource type is in the specification (`Custom::*` and modules are not;
  /// AWS::CloudFormation::CustomResource is).
  [[nodiscard]] bool hasResourceType(std::string_view resourceType) const;
  /// True for types that hold data that a replacement loses (S3 buckets, tables, databases...).
  [[nodiscard]] bool isStateful(std::string_view resourceType) const;

  /// Update type of the value at `path`, which is relative to the resource's root as diff paths
  /// are: `Properties.KeySchema.0.AttributeName`, `DeletionPolicy`, `Metadata.x`. The effective
  /// type: a change anywhere inside an Immutable property is Immutable (the first Immutable or
  /// Conditional on the way down wins). Array indices and map keys are stepped over; where a
  /// property may take several shapes (a union) the most severe answer among them wins. Resource
  /// attributes (DeletionPolicy, UpdateReplacePolicy, Metadata, Condition, DependsOn,
  /// CreationPolicy, UpdatePolicy) get CloudFormation's semantics for them, on every type.
  /// Unknown resource types, custom resources (`Custom::*`, AWS::CloudFormation::CustomResource:
  /// their handler decides), and top-level properties the specification does not list are Unknown.
  /// Below the structure the spec knows (free-form JSON, a nested key it does not list, an
  /// intrinsic function such as `Ref` or `Fn::Join`) the type found so far stands; the branches of
  /// an `Fn::If` (`X.Fn::If.1.Y`) are looked through, as they hold values of the property itself.
  /// A path of just `Properties` (the whole block, added or removed) is Mutable: the differ judges
  /// each property inside it on its own.
  [[nodiscard]] UpdateType updateType(std::string_view resourceType, const Path& path) const;

  /// Number of resource types known (for `--version` and tests).
  [[nodiscard]] std::size_t resourceTypeCount() const;
  /// Where this spec came from ("built-in @aws-cdk/aws-service-spec 0.1.216" or the file name).
  [[nodiscard]] const std::string& origin() const;

  struct Tables;  // defined in spec_tables.h, private to spec/

 private:
  explicit ResourceSpec(std::unique_ptr<Tables> tables);
  std::unique_ptr<Tables> tables_;
};

}  // namespace c2a
