#include "engine/report/line_diff.h"

#include <algorithm>
#include <sstream>

namespace c2a {
namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

}  // namespace

std::vector<std::string> unifiedLines(const std::string& oldText, const std::string& newText,
                                      int context, std::size_t maxLines) {
  auto a = splitLines(oldText);
  auto b = splitLines(newText);
  std::vector<std::string> all;  // every line, tagged
  if (a.size() > maxLines || b.size() > maxLines) {
    for (const auto& line : a) all.push_back("- " + line);
    for (const auto& line : b) all.push_back("+ " + line);
    return all;
  }
  // Longest common subsequence by dynamic programming: values are small, and bounded above.
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::uint32_t>> lcs(n + 1, std::vector<std::uint32_t>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = m; j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      all.push_back("  " + a[i]);
      ++i;
      ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      all.push_back("- " + a[i++]);  // old before new, as unified diffs read
    } else {
      all.push_back("+ " + b[j++]);
    }
  }
  // Keep `context` unchanged lines around each change.
  auto keep = static_cast<std::size_t>(std::max(context, 0));
  std::vector<bool> near(all.size(), false);
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (all[k][0] == ' ') continue;
    std::size_t from = k >= keep ? k - keep : 0;
    std::size_t to = std::min(all.size() - 1, k + keep);
    for (std::size_t x = from; x <= to; ++x) near[x] = true;
  }
  std::vector<std::string> out;
  bool skipped = false;
  for (std::size_t k = 0; k < all.size(); ++k) {
    if (near[k]) {
      if (skipped) out.emplace_back("  ...");
      skipped = false;
      out.push_back(std::move(all[k]));
    } else {
      skipped = true;
    }
  }
  if (skipped) out.emplace_back("  ...");
  return out;
}

}  // namespace c2a
