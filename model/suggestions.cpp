#include "model/suggestions.h"

#include <fmt/format.h>

#include <algorithm>

namespace c2a {

std::size_t editDistance(std::string_view a, std::string_view b) {
  // Three rows of the classic table are enough: a transposition looks two rows back.
  std::vector<std::size_t> twoBack(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        current[j] = std::min(current[j], twoBack[j - 2] + 1);
      }
    }
    std::swap(twoBack, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string_view> closestName(std::string_view name,
                                            const std::vector<std::string_view>& candidates,
                                            std::size_t maxDistance) {
  std::optional<std::string_view> best;
  std::size_t bestDistance = std::min(maxDistance + 1, name.size());
  for (std::string_view candidate : candidates) {
    if (candidate == name) continue;
    const std::size_t distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

std::string didYouMean(std::string_view name, const std::vector<std::string_view>& candidates) {
  auto best = closestName(name, candidates);
  return best ? fmt::format("; did you mean `{}`?", *best) : std::string();
}

}  // namespace c2a
