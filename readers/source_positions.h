#pragma once
// Private to the template readers (json_reader.cpp, yaml_reader.cpp): turning byte offsets into
// 1-based line/column, and quoting input safely in messages.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace c2a {

/// The text after a leading UTF-8 byte order mark; both readers count columns from there.
std::string_view withoutByteOrderMark(std::string_view text);

/// `text` with bytes outside ASCII written as \xNN, for messages that quote the input: a
/// diagnostic must stay valid UTF-8 (a JSON report or SARIF file may carry it).
std::string escapeNonAscii(std::string_view text);

/// About how many values a template of `bytes` holds, at one per `bytesPerValue`: what a reader
/// sizes its location table for, saving the table's regrowth. Only a guess, so bounded: one long
/// string (or block scalar) is one value, not millions.
inline std::size_t guessedValueCount(std::size_t bytes, std::size_t bytesPerValue) {
  constexpr std::size_t kMostGuessed = std::size_t{1} << 18;
  return std::min(bytes / bytesPerValue, kMostGuessed);
}

struct LineColumn {
  int line = 0;
  int column = 0;
};

/// Line and column of byte offsets into one text. Columns count characters (UTF-8 code points,
/// a tab is one), so they match what an editor shows. Not thread-safe: it caches the last answer.
class TextPositions {
 public:
  explicit TextPositions(std::string_view text);
  /// `offset` past the end is clamped to the end.
  [[nodiscard]] LineColumn at(std::size_t offset) const;

 private:
  std::string_view text_;
  std::vector<std::size_t> lineStarts_;
  // Readers ask in increasing order; going on from the last answer keeps a long one-line
  // (minified) document linear instead of quadratic.
  mutable std::size_t lastOffset_ = 0;
  mutable std::size_t lastLineEnd_ = 0;
  mutable LineColumn last_{1, 1};
};

}  // namespace c2a
