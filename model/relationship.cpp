#include "model/relationship.h"

#include "model/intrinsics.h"

namespace c2a {

std::string_view toString(RelationshipKind kind) {
  return kind == RelationshipKind::Dependency ? "dependency" : "structural";
}

std::string_view toString(ReferenceKind kind) {
  switch (kind) {
    case ReferenceKind::None: return "none";
    case ReferenceKind::Ref: return functionName(Fn::Ref);
    case ReferenceKind::GetAtt: return functionName(Fn::GetAtt);
    case ReferenceKind::Sub: return functionName(Fn::Sub);
    case ReferenceKind::DependsOn: return "DependsOn";
    case ReferenceKind::Condition: return functionName(Fn::Condition);
    case ReferenceKind::FindInMap: return functionName(Fn::FindInMap);
    case ReferenceKind::ImportValue: return functionName(Fn::ImportValue);
    case ReferenceKind::NestedStackParameter: return "NestedStackParameter";
    case ReferenceKind::NestedStackOutput: return "NestedStackOutput";
  }
  return "none";
}

}  // namespace c2a
