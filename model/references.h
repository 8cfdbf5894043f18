#pragma once
// The references a template entity makes through intrinsic functions, DependsOn and Condition,
// found without looking anything up: the mapper resolves them against the model.
#include <string>
#include <vector>

#include "model/component.h"
#include "model/error.h"
#include "model/json.h"
#include "model/path.h"
#include "model/relationship.h"

namespace c2a {

struct TemplateReference {
  /// Ref, GetAtt, Sub, DependsOn (→ a resource or parameter), Condition (→ a condition),
  /// FindInMap (→ a mapping), ImportValue (→ an export, by importName).
  ReferenceKind kind = ReferenceKind::Ref;
  std::string target;     // the name referred to; empty for ImportValue
  std::string attribute;  // of GetAtt and `${X.Attr}`; empty otherwise
  /// From the entity's root to the property holding the reference, stopping before the first
  /// intrinsic function (`Properties.QueueName`); empty when the whole entity is the expression.
  Path sourcePath;
  /// From the entity's root to the value that makes the reference (`...QueueName/Fn::Join/1/0`),
  /// for locations.
  Path valuePath;
  Json importName;  // the argument of Fn::ImportValue; null for other kinds
};

/// An intrinsic function CloudFormation refuses (`{"Fn::GetAtt": ["X"]}`): bad input, located by
/// the mapper at `valuePath` inside the entity. It makes no reference.
class MalformedIntrinsic : public C2aError {
 public:
  MalformedIntrinsic(Path valuePath, std::string message)
      : C2aError(ErrorKind::InvalidInput, {}, std::move(message)),
        valuePath_(std::move(valuePath)) {}
  [[nodiscard]] const Path& valuePath() const { return valuePath_; }

 private:
  Path valuePath_;
};

/// How intrinsic functions are read: `{"Condition": "X"}` is a function only in Conditions.
enum class ExpressionScope { Property, Condition };

/// Every reference made inside `value`, in document order; paths are relative to `value`.
/// Pseudo parameters (`AWS::Region`) and Sub variables are not references.
/// The pseudo parameters a value reads (`AWS::Region` in `{"Ref": "AWS::Region"}` and in
/// `Fn::Sub` text), which findReferences leaves out (they are no component).
std::vector<std::string> pseudoParametersIn(const Json& value);

std::vector<TemplateReference> findReferences(const Json& value,
                                              ExpressionScope scope = ExpressionScope::Property);

/// Every reference an entity makes, given its component type and its properties as the mapper
/// stores them: the resource or output attributes `DependsOn` and `Condition`, then the
/// intrinsic functions anywhere in it. Stacks, mappings and constructs make none.
std::vector<TemplateReference> entityReferences(ComponentType type, const Json& properties);

}  // namespace c2a
