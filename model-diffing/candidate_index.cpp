#include "model-diffing/candidate_index.h"

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "model/same_value.h"

namespace c2a::diffing {
namespace {

// A leaf value where it sits: array indices are left out so a moved element still matches.
void collectFeatures(const Json& value, std::string& path, std::unordered_set<std::size_t>& out) {
  if (value.is_object()) {
    for (const auto& [key, member] : value.items()) {
      auto size = path.size();
      path += '/';
      path += key;
      collectFeatures(member, path, out);
      path.resize(size);
    }
    return;
  }
  if (value.is_array()) {
    for (const auto& element : value) collectFeatures(element, path, out);
    return;
  }
  out.insert(std::hash<std::string>{}(path + '=' + scalarText(value)));
}

std::unordered_set<std::size_t> features(const Json& body) {
  std::unordered_set<std::size_t> out;
  std::string path;
  collectFeatures(body, path, out);
  return out;
}

// A feature shared by more bodies than this says little about identity (e.g. Runtime=nodejs18.x)
// and would make the index quadratic again.
constexpr std::size_t kMaxPostings = 64;

}  // namespace

std::vector<std::pair<std::size_t, std::size_t>> candidatePairs(const std::vector<Json>& removed,
                                                                const std::vector<Json>& inserted) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  if (removed.size() * inserted.size() <= kAllPairsLimit) {
    for (std::size_t i = 0; i < removed.size(); ++i) {
      for (std::size_t j = 0; j < inserted.size(); ++j) pairs.emplace_back(i, j);
    }
    return pairs;
  }
  std::unordered_map<std::size_t, std::vector<std::size_t>> postings;
  for (std::size_t j = 0; j < inserted.size(); ++j) {
    for (auto feature : features(inserted[j])) postings[feature].push_back(j);
  }
  std::vector<std::size_t> shared(inserted.size(), 0);
  std::vector<std::size_t> touched;
  for (std::size_t i = 0; i < removed.size(); ++i) {
    touched.clear();
    for (auto feature : features(removed[i])) {
      auto it = postings.find(feature);
      if (it == postings.end() || it->second.size() > kMaxPostings) continue;
      for (auto j : it->second) {
        if (shared[j]++ == 0) touched.push_back(j);
      }
    }
    std::sort(touched.begin(), touched.end(), [&](std::size_t x, std::size_t y) {
      return shared[x] != shared[y] ? shared[x] > shared[y] : x < y;
    });
    for (std::size_t k = 0; k < touched.size() && k < kCandidatesPerBody; ++k) {
      pairs.emplace_back(i, touched[k]);
    }
    for (auto j : touched) shared[j] = 0;
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace c2a::diffing
