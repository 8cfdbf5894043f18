#pragma once
// Private to the YAML reader: CloudFormation's short-form tags (`!Ref`, `!GetAtt`, `!Sub`...)
// and the long form a JSON template writes instead.
#include <optional>
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

/// The key of the long form for a short-form tag: "Ref" for `!Ref`, "Condition" for
/// `!Condition`, "Fn::Sub" for `!Sub`. Nothing for other tags.
std::optional<std::string> intrinsicKeyForTag(std::string_view tag);

/// The long form of a tagged scalar: `!Ref X` → {"Ref":"X"}; `!GetAtt A.B.C` → {"Fn::GetAtt":
/// ["A","B.C"]} (split at the first dot, as CloudFormation does: attribute names may hold dots).
Json intrinsicFromScalar(const std::string& key, const std::string& text);

}  // namespace c2a
