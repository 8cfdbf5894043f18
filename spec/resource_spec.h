#pragma once
// The CloudFormation resource specification as c2a needs it: the update type of every property
// (through nested property types, arrays and maps) and whether a resource type holds state.
// The built-in table is generated at build time from @aws-cdk/aws-service-spec (package.json);
// `--spec FILE` loads a newer db.json / db.json.gz or an official
// CloudFormationResourceSpecification.json instead.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/path.h"
#include "model/update_type.h"

namespace c2a {

class OnDemandTables;  // spec/on_demand_tables.h
struct SpecResource;   // spec/spec_tables.h

/// What the specification says about a path below a resource's Properties (rule checks ask).
struct PropertyLookup {
  enum class Status {
    Known,     // every step names a property the specification lists
    Unknown,   // path[at] is not a property there; `candidates` are the names that are
    NotAList,  // path[at] should be an index or `*`: the value there is a list
    Opaque,    // from path[at] on the specification cannot say (free-form JSON, a wildcard...)
    NotBelow,  // `**.X` with path[at] = X: no property of that name anywhere below
  };
  Status status = Status::Opaque;
  std::size_t at = 0;
  std::vector<std::string> candidates;
};

/// The CDK's metadata resource (`AWS::CDK::Metadata`, in every CDK template): CloudFormation
/// deploys it although the specification does not list it, and keeps nothing of it, so every
/// update of it is in place and it is never replaced.
bool isCdkMetadataType(std::string_view type);

class ResourceSpec {
 public:
  /// The table compiled into the binary. Parsed once, on first use.
  static const ResourceSpec& builtin();
  /// The built-in specification uncompacted, with every property name at every depth (for rule
  /// checks; builtin() drops what update types do not need). Parsed once, on first use.
  static const ResourceSpec& builtinComplete();
  /// builtinComplete().lookupProperty, reading only the resource type's part of the complete
  /// table (the first time it is asked about), not all of it: what rule checks call.
  static PropertyLookup lookupBuiltinComplete(std::string_view resourceType,
                                              std::span<const std::string> path);
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

  /// Whether `path` (below Properties, as a rule writes it: `*` and `**` allowed) names properties
  /// of the resource type. Meaningful on a complete specification (builtinComplete(), a file);
  /// an unknown resource type is Opaque.
  [[nodiscard]] PropertyLookup lookupProperty(std::string_view resourceType,
                                              std::span<const std::string> path) const;
  /// The properties that hold a resource type's physical name (`BucketName`), sorted; empty for a
  /// type without one (its names are always generated) or an unknown type.
  [[nodiscard]] const std::vector<std::string>& physicalNameProperties(
      std::string_view resourceType) const;
  /// Every resource type, sorted.
  [[nodiscard]] std::vector<std::string> resourceTypes() const;

  /// Number of resource types known (for `--version` and tests).
  [[nodiscard]] std::size_t resourceTypeCount() const;
  /// Where this spec came from ("built-in @aws-cdk/aws-service-spec 0.1.216" or the file name).
  [[nodiscard]] const std::string& origin() const;

  struct Tables;  // defined in spec_tables.h, private to spec/

 private:
  explicit ResourceSpec(std::unique_ptr<Tables> tables);
  explicit ResourceSpec(std::unique_ptr<OnDemandTables> onDemand);
  /// The resource type's entry (read first from an on-demand table); null when not listed.
  [[nodiscard]] const SpecResource* findResource(std::string_view resourceType) const;

  std::unique_ptr<Tables> tables_;            // a spec read whole (a file)
  std::unique_ptr<OnDemandTables> onDemand_;  // or the built-in table, read as it is asked
};

}  // namespace c2a
