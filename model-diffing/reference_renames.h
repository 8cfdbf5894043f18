#pragma once
// Logical-id renames seen through references: once B was found renamed to B2, a `{"Ref": "B"}` on
// the BEFORE side means the same as `{"Ref": "B2"}` on the AFTER side. The change that reference
// undergoes is the rename's (propagated from it), not a property edit of its own.
#include <string>
#include <unordered_map>

#include "model/json.h"

namespace c2a::diffing {

using RenameMap = std::unordered_map<std::string, std::string>;  // BEFORE id → AFTER id

/// `value` with Ref, Fn::GetAtt, Fn::Sub `${X}` and DependsOn names mapped through `renames`.
Json applyRenames(const Json& value, const RenameMap& renames);

}  // namespace c2a::diffing
