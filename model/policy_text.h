#pragma once
// A policy document written as text: CloudFormation takes a Json-typed property (a role's
// PolicyDocument, a key policy, a bucket policy) as an object or as a string holding one, and an
// Fn::Sub or Fn::Join may build that string. Read as the document it deploys, the grant is judged
// like any other; what cannot be read that way is named, so the policy is never taken as nothing.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

enum class PolicyText : std::uint8_t {
  NotText,     // an object, a list: nothing to read
  Read,        // replaced in place by the document it holds
  Unreadable,  // text (or text built by a function) that is no JSON document c2a can read
};

/// What the names a policy text uses stand for, from the template around it: a resource's type
/// (nothing for a name that is no resource of the template, a parameter included).
using ResourceTypeOf = std::function<std::optional<std::string>(std::string_view logicalId)>;

/// `value`, when it is text: a JSON string holding an object; an Fn::Sub whose text is one once
/// its `${...}` are seen as parts of the strings they sit in (each such string becomes an Fn::Sub
/// of its own, with the variables given; a variable given as text is put in place first); an
/// Fn::Join of text and functions whose joined text is one with each function inside a string
/// (each such string an Fn::Join); an Fn::If of such values, each branch read.
///
/// A part inside a string must stand for a value that cannot close the string: a pseudo
/// parameter other than AWS::NotificationARNs, or an AWS resource's Ref or ARN, name or id. A
/// parameter, a mapping entry, an import, a custom resource's value (or a nested stack's output)
/// could hold `"` and write statements of its own: Unreadable. So is a placeholder outside a
/// string or in a key, nesting deeper than 64 levels, text that is no JSON object, and a
/// document that is any other function (a Ref to a parameter, an Fn::FindInMap). `value` is left
/// as written when Unreadable.
PolicyText readPolicyText(Json& value, const ResourceTypeOf& resourceType);

}  // namespace c2a
