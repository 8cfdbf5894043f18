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
/// kSimilarityBudget parts are compared per call; beyond, parts count as equal or not.
double similarity(const Json& a, const Json& b);

inline constexpr long kSimilarityBudget = 20000;

}  // namespace c2a::diffing
