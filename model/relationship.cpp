#include "model/relationship.h"

namespace c2a {

std::string_view toString(RelationshipKind kind) {
  return kind == RelationshipKind::Dependency ? "dependency" : "structural";
}

std::string_view toString(ReferenceKind kind) {
  switch (kind) {
    case ReferenceKind::None: return "none";
    case ReferenceKind::Ref: return "Ref";
    case ReferenceKind::GetAtt: return "Fn::GetAtt";
    case ReferenceKind::Sub: return "Fn::Sub";
    case ReferenceKind::DependsOn: return "DependsOn";
    case ReferenceKind::Condition: return "Condition";
    case ReferenceKind::FindInMap: return "Fn::FindInMap";
    case ReferenceKind::ImportValue: return "Fn::ImportValue";
    case ReferenceKind::NestedStackParameter: return "NestedStackParameter";
    case ReferenceKind::NestedStackOutput: return "NestedStackOutput";
  }
  return "none";
}

}  // namespace c2a
