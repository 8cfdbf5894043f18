#pragma once
// CloudFormation's intrinsic functions, recognised in one place (issue 11: one home for
// CloudFormation's semantics). Every stage asks here whether a value or a path step is a function.
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

/// `Ref` or an `Fn::` function: the keys that make a one-key object a function call, and the
/// path steps (`X.Fn::If.1`) that walk into one.
bool isFunctionName(std::string_view key);

/// `{"Condition": "IsProd"}`: a reference to a condition, inside condition expressions and the
/// branches CloudFormation evaluates them in.
bool isConditionReference(const Json& value);

/// A one-key object that calls a function (`{"Ref": ...}`, `{"Fn::Join": ...}`) or refers to a
/// condition.
bool isIntrinsic(const Json& value);

/// True when the value holds no function call and no dynamic reference (`{{resolve:...}}`)
/// anywhere: CloudFormation deploys it as written.
bool isPlainValue(const Json& value);

/// True when the value holds an `Fn::If` anywhere: which branch is deployed depends on a
/// condition, so a reference inside it may or may not be the one used.
bool hasConditionalValue(const Json& value);

/// A value as a reviewer reads it, on one line: `${Bucket.Arn}` for `Fn::GetAtt`, `${Stage}` for
/// `Ref`, an `Fn::Join` joined and an `Fn::Sub` with its variables in place (as the CDK's
/// security tables show them); a string as itself; anything else as compact JSON.
std::string readableText(const Json& value);
/// `value` with each function call inside it replaced by its readableText, for values shown as
/// JSON (a policy's Condition block).
Json readableJson(const Json& value);

}  // namespace c2a
