#include "engine/pipeline/suggest.h"

#include "model/suggestions.h"

namespace c2a {

std::string suggestName(std::string_view name, const std::vector<std::string>& candidates) {
  std::vector<std::string_view> views(candidates.begin(), candidates.end());
  return didYouMean(name, views);
}

}  // namespace c2a
