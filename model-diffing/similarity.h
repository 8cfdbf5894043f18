#pragma once
// How alike two property trees are, from 0 (nothing shared) to 1 (equivalent).
//
// Seed 002 (C2A's engine): the similarity of a tree is the weighted average of the similarities of
// its parts, each part weighted by its number of primitive values (an object's keys count as
// primitives: {"b":"s","c":"s"} weighs 4). Array order does not change similarity. Strings compare
// by a graded measure (Sørensen–Dice over character bigrams), so "str" is partly like "string".
#include <string_view>

#include "model/json.h"

namespace c2a::diffing {

/// Number of primitive values in `value`, object keys included; a scalar weighs 1.
double weight(const Json& value);

/// Sørensen–Dice coefficient of the character bigrams of the two strings (linear time).
double stringSimilarity(std::string_view a, std::string_view b);

/// Seed 002's weighted similarity of two values (normalised intrinsics expected). At most
/// kSimilarityBudget units of work per call (a part compared is one; a string compared, one more
/// per 64 bytes); beyond, parts count as equal or not.
double similarity(const Json& a, const Json& b);

inline constexpr long kSimilarityBudget = 20000;

/// While it lives, every similarity() call outside another one draws on one budget of `units`
/// instead of a fresh kSimilarityBudget each: a caller that compares many pairs at once (all
/// pairs of two arrays, up to kMaxSimilarityPairs) bounds their work together. Inside a
/// similarity() call, or inside another such scope, it does nothing.
class SharedSimilarityBudget {
 public:
  explicit SharedSimilarityBudget(long units);
  ~SharedSimilarityBudget();
  SharedSimilarityBudget(const SharedSimilarityBudget&) = delete;
  SharedSimilarityBudget& operator=(const SharedSimilarityBudget&) = delete;

 private:
  bool owner_ = false;
};

}  // namespace c2a::diffing
