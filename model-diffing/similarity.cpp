#include "model-diffing/similarity.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "model-diffing/array_matching.h"
#include "model/intrinsics.h"
#include "model/same_value.h"

namespace c2a::diffing {
namespace {

// Work left for the outermost similarity computation in progress. Array elements are paired by
// similarity at every level, so nested arrays would cost (pairs per level) ^ depth: past the
// budget, parts compare by equality only. Real templates stay far below it.
thread_local long similarityBudget = 0;
thread_local int similarityNesting = 0;

}  // namespace

bool similarityExhausted() {
  return similarityNesting > 0 && similarityBudget < 0;
}

long budgetPerPair(std::size_t pairs) {
  if (pairs <= kPairsWithFullBudget) return kSimilarityBudget;
  return std::max(
      kSimilarityBudget / 20,
      kSimilarityBudget * static_cast<long>(kPairsWithFullBudget) / static_cast<long>(pairs));
}

double weight(const Json& value) {
  if (value.is_object()) {
    double total = 0;
    for (const auto& [key, member] : value.items()) total += 1 + weight(member);
    return total;
  }
  if (value.is_array()) {
    double total = 0;
    for (const auto& element : value) total += weight(element);
    return total;
  }
  return 1;
}

namespace {

using Bigrams = std::vector<std::uint16_t>;

// The bigrams of `s`, sorted: two strings' shared bigrams are then one merge, with no hash table
// per comparison (rename matching compares thousands of short strings).
void sortedBigrams(std::string_view s, Bigrams& out) {
  out.clear();
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    out.push_back(static_cast<std::uint16_t>((static_cast<unsigned char>(s[i]) << 8) |
                                             static_cast<unsigned char>(s[i + 1])));
  }
  std::sort(out.begin(), out.end());
}

// Sørensen–Dice of two strings of at least two characters, from their sorted bigrams.
double dice(const Bigrams& left, const Bigrams& right) {
  // Without branches: on unrelated strings which side advances is a coin toss the processor
  // would mispredict half the time.
  std::size_t shared = 0;
  for (std::size_t i = 0, j = 0; i < left.size() && j < right.size();) {
    auto x = left[i];
    auto y = right[j];
    shared += static_cast<std::size_t>(x == y);
    i += static_cast<std::size_t>(x <= y);
    j += static_cast<std::size_t>(y <= x);
  }
  return 2.0 * static_cast<double>(shared) / static_cast<double>(left.size() + right.size());
}

// The open BigramScopes of this thread, and the bigrams of the strings compared inside them, by
// the address of their characters.
thread_local int bigramScopes = 0;
thread_local std::unordered_map<const char*, Bigrams> bigramsByText;

const Bigrams& cachedBigrams(const std::string& text) {
  auto found = bigramsByText.find(text.data());
  if (found != bigramsByText.end()) return found->second;
  Bigrams bigrams;  // filled before it is kept: an allocation failure leaves no half entry
  sortedBigrams(text, bigrams);
  return bigramsByText.emplace(text.data(), std::move(bigrams)).first->second;
}

}  // namespace

BigramScope::BigramScope() {
  ++bigramScopes;
}

BigramScope::~BigramScope() {
  if (--bigramScopes == 0) bigramsByText = {};
}

double stringSimilarity(std::string_view a, std::string_view b) {
  if (a == b) return 1;
  if (a.size() < 2 || b.size() < 2) return 0;
  thread_local Bigrams left;
  thread_local Bigrams right;
  sortedBigrams(a, left);
  sortedBigrams(b, right);
  return dice(left, right);
}

namespace {

double scalarSimilarity(const Json& a, const Json& b) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null() ? 1 : 0;
  if (a.is_string() && b.is_string()) {  // the common case, without copying either
    const auto& textA = a.get_ref<const std::string&>();
    const auto& textB = b.get_ref<const std::string&>();
    if (textA == textB) return 1;
    // Long strings cost by their length: counted as parts, a thousand 100 KB strings would pass.
    similarityBudget -= static_cast<long>((textA.size() + textB.size()) / 64);
    if (bigramScopes == 0 || textA.size() < 2 || textB.size() < 2) {
      return stringSimilarity(textA, textB);
    }
    return dice(cachedBigrams(textA), cachedBigrams(textB));
  }
  // Numbers and booleans are atoms: 10 is not "partly" 100 (nor is "10" partly 100); the same
  // value written as a number or a string is the same (scalarText).
  return scalarText(a) == scalarText(b) ? 1 : 0;
}

bool isReference(const Json& value) {
  auto function = calledFunction(value);
  return function == Fn::Ref || function == Fn::GetAtt;
}

double objectSimilarity(const Json& a, const Json& b) {
  // References name other resources: they are the same one or not, never "alike" (RoleA is not
  // 90% of RoleB), which would let look-alike siblings pass for each other.
  if (isReference(a) || isReference(b)) return equivalent(a, b) ? 1 : 0;
  double total = 0;
  double score = 0;
  MemberIndex aMembers(a);
  MemberIndex bMembers(b);
  for (const auto& [key, member] : a.items()) {
    const Json* other = bMembers.find(key);
    if (other == nullptr) {
      total += weight(member);
      continue;
    }
    double w = std::max(weight(member), weight(*other));
    total += w;
    score += w * similarity(member, *other);
  }
  for (const auto& [key, member] : b.items()) {
    if (aMembers.find(key) == nullptr) total += weight(member);
  }
  return total == 0 ? 1 : score / total;
}

double arraySimilarity(const Json& a, const Json& b) {
  if (a.empty() && b.empty()) return 1;
  auto matching = matchArrays(a, b, 0.0);
  double total = 0;
  double score = 0;
  for (const auto& pair : matching.pairs) {
    double w = std::max(weight(a[pair.before]), weight(b[pair.after]));
    total += w;
    score += pair.equal ? w : w * similarity(a[pair.before], b[pair.after]);
  }
  for (auto i : matching.removed) total += weight(a[i]);
  for (auto j : matching.inserted) total += weight(b[j]);
  return total == 0 ? 1 : score / total;
}

}  // namespace

double similarity(const Json& a, const Json& b) {
  return similarity(a, b, kSimilarityBudget);
}

double similarity(const Json& a, const Json& b, long budget) {
  struct Nesting {
    explicit Nesting(long budget) {
      if (similarityNesting++ == 0) similarityBudget = budget;
    }
    ~Nesting() { --similarityNesting; }
  } nesting(budget);
  if (--similarityBudget < 0) return equivalent(a, b) ? 1 : 0;
  if (a.is_object() && b.is_object()) return objectSimilarity(a, b);
  if (a.is_array() && b.is_array()) return arraySimilarity(a, b);
  if (a.is_structured() || b.is_structured()) return 0;
  return scalarSimilarity(a, b);
}

}  // namespace c2a::diffing
