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

/// similarity() with `budget` units instead of kSimilarityBudget when it is not part of another
/// similarity() (inside one, the outer budget goes on).
double similarity(const Json& a, const Json& b, long budget);

/// Inside a similarity() whose budget is spent: every further comparison in it is by equality only.
bool similarityExhausted();

/// The budget each of `pairs` comparisons made together gets (all pairs of two arrays, the
/// candidate pairs of a rename group): kSimilarityBudget while they are few, then an even share
/// of kSimilarityBudget * kPairsWithFullBudget, never less than kSimilarityBudget / 20. Every
/// pair is treated alike (no pair's result depends on the order they are tried), and the work of
/// all pairs stays bounded: 4096 pairs of arrays of 64 strings once cost 4096 x 4096
/// comparisons.
inline constexpr std::size_t kPairsWithFullBudget = 128;
long budgetPerPair(std::size_t pairs);

/// While one is alive on its thread, each string value similarity() compares has its bigrams
/// computed once, not once per comparison: matching two arrays of 64 strings compares each string
/// 64 times. Strings are known by address, so the values compared must stay alive and unchanged
/// while it is. Scopes nest; the outermost one frees the bigrams.
class BigramScope {
 public:
  BigramScope();
  ~BigramScope();
  BigramScope(const BigramScope&) = delete;
  BigramScope& operator=(const BigramScope&) = delete;
};

}  // namespace c2a::diffing
