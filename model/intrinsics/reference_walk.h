#pragma once
// What an intrinsic function's references behaviour may ask (model/references.cpp walks): the
// references nested in its argument, the path inside the call, and the references themselves.
#include <string>

#include "model/json.h"
#include "model/relationship.h"

namespace c2a {

class ReferenceWalk {
 public:
  virtual ~ReferenceWalk() = default;
  /// The references nested in `value`, which is at the current path.
  virtual void walk(const Json& value) = 0;
  /// The references nested in `value`, one step (`key`) below the current path.
  virtual void walkChild(const std::string& key, const Json& value) = 0;
  /// One step down (`key`) and back up, for references made by a part of the argument.
  virtual void enter(const std::string& key) = 0;
  virtual void leave() = 0;
  /// A reference made at the current path (pseudo parameters are left out).
  virtual void referTo(ReferenceKind kind, const std::string& target,
                       const std::string& attribute = {}) = 0;
  /// An import of the export that `name` evaluates to.
  virtual void referToImport(const Json& name) = 0;
  /// A call CloudFormation refuses, located at the current path.
  [[noreturn]] virtual void malformed(const std::string& message) = 0;
};

}  // namespace c2a

namespace c2a {

/// Fn::If, Fn::FindInMap and Condition name a condition or mapping first (`{"Condition": "X"}`
/// names only it); the other arguments are values, walked for their references.
void referToNamedFirst(ReferenceWalk& walk, ReferenceKind kind, const Json& argument);
/// The same for a function whose argument is a list (Fn::If, Fn::FindInMap); another argument
/// CloudFormation would refuse names nothing, and only what is nested in it is walked.
void referToNamedFirstInList(ReferenceWalk& walk, ReferenceKind kind, const Json& argument);

}  // namespace c2a
