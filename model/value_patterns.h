#pragma once
// Whether two values known only in part can be the same once deployed (issue 29: what c2a does
// not know is possible, never definite). A text that reads inputs CloudFormation is given at
// deploy time (a pseudo parameter, a parameter whose value is not known here) has a shape: its
// literal parts, with any text in place of each input. `logs-${AWS::Region}` can become
// `logs-eu-west-1`; `orders-${AWS::AccountId}` can never become `archive-1`.
#include <functional>
#include <optional>
#include <string_view>

#include "model/json.h"

namespace c2a {

/// `a` and `b`, evaluated as far as known and not both in full: whether some values of the inputs
/// they read make them equal. True when a literal fits the other's shape, or when they read
/// different inputs; false when a literal cannot fit, or when the same inputs are written with
/// different text around them (an edit of the text, whatever the inputs). Nothing for values that
/// are not texts of inputs (objects, lists, a resource's attributes, a condition's choice).
/// `isInput(name)` says whether a name a Ref or a placeholder reads is such an input.
std::optional<bool> mayCoincide(const Json& a, const Json& b,
                                const std::function<bool(std::string_view)>& isInput);

}  // namespace c2a
