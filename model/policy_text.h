#pragma once
// A policy document written as text: CloudFormation takes a Json-typed property (a role's
// PolicyDocument, a key policy, a bucket policy) as an object or as a string holding one, and an
// Fn::Sub or Fn::Join may build that string. Read as the document it deploys, the grant is judged
// like any other; what cannot be read that way is named, so the policy is never taken as nothing.
#include "model/json.h"

namespace c2a {

enum class PolicyText : std::uint8_t {
  NotText,     // an object, a list, a reference: nothing to read
  Read,        // replaced in place by the document it holds
  Unreadable,  // text (or text built by a function) that is no JSON document c2a can read
};

/// `value`, when it is text: a JSON string holding an object, an Fn::Sub whose text is one once
/// its `${...}` are seen as parts of the strings they sit in (each such string becomes an Fn::Sub
/// of its own, with the variables given), or an Fn::Join of text and functions whose joined text
/// is one with each function inside a string (each such string an Fn::Join). A placeholder
/// outside a string or in a key, nesting deeper than 64 levels, or text that is no JSON object is
/// Unreadable, and `value` is left as written.
PolicyText readPolicyText(Json& value);

}  // namespace c2a
