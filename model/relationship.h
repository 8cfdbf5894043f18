#pragma once
#include <string>
#include <string_view>

#include "model/path.h"

namespace c2a {

enum class RelationshipKind { Dependency, Structural };

/// How a dependency was written. Structural relationships use None.
enum class ReferenceKind {
  None,
  Ref,
  GetAtt,
  Sub,
  DependsOn,
  Condition,  // a `Condition` attribute, a condition name in Fn::If, or Condition between
              // conditions
  FindInMap,
  ImportValue,           // Fn::ImportValue resolved to the Output exporting that name
  NestedStackParameter,  // a nested template's Parameter fed by its parent's Parameters property
  NestedStackOutput,     // the parent's GetAtt Stack.Outputs.X followed to the nested Output X
};

std::string_view toString(RelationshipKind kind);
std::string_view toString(ReferenceKind kind);

/// An edge of the InfraModel. A dependency goes from the component that refers (source) to the
/// one referred to (target).
struct Relationship {
  RelationshipKind kind = RelationshipKind::Dependency;
  ReferenceKind reference = ReferenceKind::None;
  /// Where in the source the reference is written, up to the property that holds it (the path stops
  /// before the first intrinsic function: `Properties.QueueName`, not `...QueueName.Fn::Join.1.0`).
  /// Empty for structural relationships and for references made by the entity as a whole.
  Path sourcePath;
  /// The attribute read (`Arn` of `Fn::GetAtt`), or empty.
  std::string attribute;

  bool operator==(const Relationship&) const = default;
};

}  // namespace c2a
