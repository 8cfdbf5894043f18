#pragma once
// The one definition of "the same value" as CloudFormation reads it (issue 11: one home for its
// semantics): the differ, the evaluator and the rules' comparisons all ask here.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

#include "model/intrinsics.h"
#include "model/json.h"

namespace c2a {

/// The same value with intrinsic functions in one canonical form: `Fn::GetAtt` "A.B" → ["A","B"],
/// `Fn::Sub` [text, {}] → text; an `Fn::Sub` text without placeholders → that text, one that is a
/// single placeholder → its `Ref` or `Fn::GetAtt` ("${AWS::Region}" → {"Ref": "AWS::Region"});
/// `Fn::Join` of one literal part → that part. The same value written two ways is one value.
/// (YAML short forms are long forms already, from the reader.)
Json normalizeIntrinsics(const Json& value);

/// The text CloudFormation sees for a scalar: numbers, booleans and strings compare as strings,
/// so `5` and `"5"`, `true` and `"true"` are the same value (CloudFormation passes them on alike).
std::string scalarText(const Json& scalar);

/// Equality with CloudFormation's meaning: object key order does not matter, scalars compare by
/// scalarText, arrays by position.
bool equivalent(const Json& a, const Json& b);

/// The same tree, written alike: the same kinds, scalars and members in the same order. Stricter
/// than equivalent(), and cheaper: what holds of one tree holds of the other (normalising both
/// gives one tree again), so a differ may skip a pair of bodies that are identical.
bool identical(const Json& a, const Json& b);

/// Finds members of an object by key in constant time (ordered_json's own find is linear, which
/// makes key-by-key comparison of large objects quadratic). Small objects are searched directly.
class MemberIndex {
 public:
  explicit MemberIndex(const Json& object);
  [[nodiscard]] const Json* find(const std::string& key) const;

 private:
  const Json& object_;
  std::unordered_map<std::string_view, const Json*> members_;
};

/// A text equal for values equal as CloudFormation reads them whatever the key order: object keys
/// sorted, scalars as scalarText. For keys and hashes over values (model-diffing's statement
/// ledger, the SAM transform's stand-in hashes).
std::string canonicalText(const Json& value);

/// A hash consistent with equivalent(): equivalent values hash alike.
std::size_t equivalenceHash(const Json& value);

}  // namespace c2a
