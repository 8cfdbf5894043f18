#include "model/utf8.h"

namespace c2a {

int utf8SequenceLength(std::string_view text, std::size_t i) {
  auto byte = [&](std::size_t k) {
    return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0x100u;
  };
  unsigned lead = byte(0);
  if (lead < 0x80) return 1;
  int length = 0;
  unsigned low = 0x80, high = 0xBF;  // the range of the second byte; later ones are 80..BF
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // no overlong forms
    if (lead == 0xF4) high = 0x8F;  // nothing past U+10FFFF
  } else {
    return -1;  // a continuation byte or a byte UTF-8 never uses
  }
  for (int k = 1; k < length; ++k) {
    unsigned next = byte(static_cast<std::size_t>(k));
    bool ok = k == 1 ? next >= low && next <= high : next >= 0x80 && next <= 0xBF;
    if (!ok) return -k;
  }
  return length;
}

std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    // ASCII runs are the common case: skip them without the sequence machinery.
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    int length = utf8SequenceLength(text, i);
    if (length < 0) return i;
    i += static_cast<std::size_t>(length);
  }
  return std::nullopt;
}

std::string cutUtf8(std::string_view text, std::size_t max) {
  if (text.size() <= max) return std::string(text);
  const std::size_t room = max > 3 ? max - 3 : 0;
  std::size_t end = 0;
  while (end < text.size()) {
    int length = utf8SequenceLength(text, end);
    auto step = static_cast<std::size_t>(length > 0 ? length : -length);
    if (end + step > room) break;
    end += step;
  }
  return std::string(text.substr(0, end)) + "...";
}

std::size_t utf8Length(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++count) {
    int length = utf8SequenceLength(text, i);
    i += static_cast<std::size_t>(length > 0 ? length : -length);
  }
  return count;
}

}  // namespace c2a
