#pragma once
// Logical-id renames seen through references: once B was found renamed to B2, a `{"Ref": "B"}` on
// the BEFORE side means the same as `{"Ref": "B2"}` on the AFTER side. The change that reference
// undergoes is the rename's (propagated from it), not a property edit of its own.
#include <bitset>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "model/json.h"

namespace c2a::diffing {

using RenameMap = std::unordered_map<std::string, std::string>;  // BEFORE id → AFTER id

/// `value` with Ref, Fn::GetAtt, Fn::Sub `${X}` and DependsOn names mapped through `renames`
/// (taken by value: a temporary is renamed where it is, not copied, and only the calls that name a
/// renamed id are rebuilt).
Json applyRenames(Json value, const RenameMap& renames);

/// The BEFORE ids of a stack's renames, to tell at a glance that applyRenames leaves a body as it
/// is: the differ then need not copy it (most matched pairs are unchanged).
class RenamedIds {
 public:
  explicit RenamedIds(const RenameMap& renames);
  /// False only when no string of `value`, key or scalar, holds a renamed id as a whole run of
  /// letters and digits, so that applyRenames cannot change it: each id a rename rewrites is one
  /// such run of a string (`Ref`'s, `Fn::GetAtt`'s, a `${X.Attr}` of `Fn::Sub`, a `DependsOn`
  /// name). True whenever an id is not letters and digits alone (a logical id always is).
  [[nodiscard]] bool mentionedIn(const Json& value) const;

 private:
  [[nodiscard]] bool mentionedInText(std::string_view text) const;

  std::unordered_set<std::string_view> ids_;  // into the RenameMap's keys
  std::bitset<256> lengths_;                  // the ids' lengths, a cheap first test
  bool alwaysMentioned_ = false;
};

}  // namespace c2a::diffing
