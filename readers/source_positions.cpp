#include "readers/source_positions.h"

#include <algorithm>
#include <iterator>

namespace c2a {

std::string_view withoutByteOrderMark(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return text;
}

std::string escapeNonAscii(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      out += c;
    } else {
      constexpr char kHex[] = "0123456789ABCDEF";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
  return out;
}

TextPositions::TextPositions(std::string_view text) : text_(text) {
  lineStarts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') lineStarts_.push_back(i + 1);
  }
  lastLineEnd_ = lineStarts_.size() > 1 ? lineStarts_[1] : text.size() + 1;
}

LineColumn TextPositions::at(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  std::size_t from = 0;
  LineColumn result;
  if (offset >= lastOffset_ && offset < lastLineEnd_) {
    from = lastOffset_;
    result = last_;
  } else {
    auto next = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
    auto index = static_cast<std::size_t>(std::distance(lineStarts_.begin(), next)) - 1;
    from = lineStarts_[index];
    result = LineColumn{static_cast<int>(index) + 1, 1};
    lastLineEnd_ = next == lineStarts_.end() ? text_.size() + 1 : *next;
  }
  for (std::size_t i = from; i < offset; ++i) {
    // UTF-8 continuation bytes (10xxxxxx) do not start a character.
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++result.column;
  }
  lastOffset_ = offset;
  last_ = result;
  return result;
}

}  // namespace c2a
