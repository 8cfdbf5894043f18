#include "readers/yaml_source_checks.h"

#include <algorithm>

#include "model/utf8.h"

namespace c2a {
namespace {

bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

}  // namespace

std::optional<QuotedScalarSource> inspectQuotedScalar(std::string_view source) {
  std::size_t pos = 0;
  // Skip the node's properties: `!Tag`, `&anchor`, and the blanks after them.
  while (pos < source.size() && (source[pos] == '!' || source[pos] == '&')) {
    while (pos < source.size() && !isBlank(source[pos])) ++pos;
    while (pos < source.size() && isBlank(source[pos])) ++pos;
  }
  if (pos >= source.size() || (source[pos] != '\'' && source[pos] != '"')) return std::nullopt;
  char quote = source[pos];
  QuotedScalarSource scalar;
  auto sawContent = [&scalar] {
    scalar.hasContent = true;
    scalar.trailingBreaks = 0;
  };
  for (++pos; pos < source.size(); ++pos) {
    char c = source[pos];
    if (c == quote) {
      // In single quotes '' is an escaped quote, not the end.
      if (quote == '\'' && pos + 1 < source.size() && source[pos + 1] == '\'') {
        sawContent();
        ++pos;
        continue;
      }
      scalar.closed = true;
      break;
    }
    if (quote == '"' && c == '\\') {
      sawContent();
      ++pos;  // the escaped character
    } else if (c == '\n') {
      ++scalar.trailingBreaks;
    } else if (!isBlank(c)) {
      sawContent();
    }
  }
  return scalar;
}

std::optional<std::string> repairTrailingLineBreaks(const QuotedScalarSource& scalar,
                                                    const std::string& text) {
  // n line breaks at the end fold to n - 1 "\n" (the first break only ends the line).
  if (!scalar.hasContent && scalar.trailingBreaks >= 2 && text.empty()) {
    return std::string(scalar.trailingBreaks - 1, '\n');
  }
  if (scalar.hasContent && scalar.trailingBreaks >= 3 && !text.empty() && text.back() == '\n') {
    return text + std::string(scalar.trailingBreaks - 2, '\n');
  }
  return std::nullopt;
}

std::optional<std::string> repairLatin1Escapes(const std::string& text) {
  if (text.find_first_of("\x85\xA0") == std::string::npos || !firstInvalidUtf8(text)) {
    return std::nullopt;
  }
  std::string out;
  out.reserve(text.size() + 8);
  for (std::size_t i = 0; i < text.size();) {
    int length = utf8SequenceLength(text, i);
    if (length > 0) {
      out.append(text, i, static_cast<std::size_t>(length));
      i += static_cast<std::size_t>(length);
      continue;
    }
    for (int k = 0; k < -length; ++k, ++i) {
      auto byte = static_cast<unsigned char>(text[i]);
      if (byte == 0x85 || byte == 0xA0) out += '\xC2';
      out += text[i];
    }
  }
  return out;
}

bool startsFollowingDocument(std::string_view text, std::size_t offset) {
  std::string_view rest = text.substr(std::min(offset, text.size()));
  if (rest.substr(0, 3) == "---" || rest.substr(0, 1) == "%") return true;
  // Otherwise the previous line that is neither blank nor a comment must be the `...` marker.
  std::size_t end = std::min(offset, text.size());
  while (end > 0) {
    std::size_t start = text.rfind('\n', end - 1);
    start = start == std::string_view::npos ? 0 : start + 1;
    std::string_view line = text.substr(start, end - start);
    auto first = line.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && line[first] != '#') {
      if (line.substr(0, 3) != "...") return false;
      auto after = line.find_first_not_of(" \t\r", 3);
      return after == std::string_view::npos || line[after] == '#';
    }
    end = start == 0 ? 0 : start - 1;
  }
  return false;
}

std::optional<std::size_t> firstNonPrintable(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return i;
  }
  return std::nullopt;
}

}  // namespace c2a
