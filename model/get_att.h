#pragma once
// The arguments of Fn::GetAtt in both of its forms: `["Bucket", "Arn"]` and `"Bucket.Arn"`.
#include <optional>
#include <string>

#include "model/json.h"

namespace c2a {

struct GetAttArguments {
  std::string logicalId;
  /// `Arn`, `Outputs.Url`; empty when the attribute is computed by an intrinsic function.
  std::string attribute;
  /// The intrinsic that computes the attribute (`{"Ref": "AttrParam"}`), or null. Points into
  /// the argument passed to parseGetAtt.
  const Json* attributeExpression = nullptr;
};

/// Reads the argument of Fn::GetAtt. The string form splits at the first dot, so
/// `Stack.Outputs.Url` reads attribute `Outputs.Url`. Returns nullopt when no logical id can be
/// read (the argument is then scanned like any other value).
std::optional<GetAttArguments> parseGetAtt(const Json& argument);

}  // namespace c2a
