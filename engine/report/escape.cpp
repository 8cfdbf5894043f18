#include "engine/report/escape.h"

#include <fmt/format.h>

#include "model/utf8.h"

namespace c2a {

namespace {

// Characters a reviewer cannot see or that change how the text around them reads: format
// characters (Unicode category Cf: zero-width spaces and joiners, the byte order mark, bidi
// controls, invisible operators, tag characters), line and paragraph separators, and the fillers
// and selectors that render as nothing. Shown escaped, a changed condition `aws:SourceIp` with a
// U+200B inside it never reads like the old one.
bool invisible(char32_t code) {
  struct Range {
    char32_t first, last;
  };
  static constexpr Range kInvisible[] = {
      {0x00AD, 0x00AD},   {0x034F, 0x034F},   {0x061C, 0x061C},   {0x115F, 0x1160},
      {0x17B4, 0x17B5},   {0x180B, 0x180F},   {0x200B, 0x200F},   {0x2028, 0x202E},
      {0x2060, 0x206F},   {0x3164, 0x3164},   {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF},
      {0xFFA0, 0xFFA0},   {0xFFF9, 0xFFFB},   {0x1D173, 0x1D17A}, {0xE0000, 0xE007F},
      {0xE0100, 0xE01EF},
  };
  for (const auto& range : kInvisible) {
    if (code < range.first) return false;
    if (code <= range.last) return true;
  }
  return false;
}

// The code point of the well-formed sequence of `length` bytes at text[i].
char32_t codePoint(std::string_view text, std::size_t i, int length) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  switch (length) {
    case 2: return (char32_t{byte(0)} & 0x1Fu) << 6 | (byte(1) & 0x3Fu);
    case 3: return (char32_t{byte(0)} & 0x0Fu) << 12 | (byte(1) & 0x3Fu) << 6 | (byte(2) & 0x3Fu);
    default:
      return (char32_t{byte(0)} & 0x07u) << 18 | (byte(1) & 0x3Fu) << 12 |
             (byte(2) & 0x3Fu) << 6 | (byte(3) & 0x3Fu);
  }
}

}  // namespace

std::string terminalSafe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
      ++i;
      continue;
    }
    int length = c < 0x80 ? 1 : utf8SequenceLength(text, i);
    if (length <= 1) {  // ASCII, or a byte that is not UTF-8: left to validUtf8 where it matters
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    char32_t code = codePoint(text, i, length);
    // C1 controls (U+009B starts an escape sequence on some terminals) and invisible characters.
    if ((code >= 0x80 && code <= 0x9F) || invisible(code)) {
      out += code > 0xFFFF ? fmt::format("\\U{:08x}", static_cast<unsigned>(code))
                           : fmt::format("\\u{:04x}", static_cast<unsigned>(code));
    } else {
      out.append(text.substr(i, static_cast<std::size_t>(length)));
    }
    i += static_cast<std::size_t>(length);
  }
  return out;
}

std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

std::string validUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    int length = utf8SequenceLength(text, i);
    if (length > 0) {
      out.append(text.substr(i, static_cast<std::size_t>(length)));
      i += static_cast<std::size_t>(length);
    } else {
      out += kReplacement;
      i += static_cast<std::size_t>(-length);
    }
  }
  return out;
}

std::string xmlEscape(std::string_view raw) {
  // Invalid UTF-8 would make the whole document ill-formed: parsers refuse it, not just the value.
  std::string text = validUtf8(raw);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\t':
      case '\n':
      case '\r': out += fmt::format("&#{};", c); break;
      default:
        if (c < 0x20) {
          // XML 1.0 cannot carry other C0 controls at all, not even as references.
          out += fmt::format("\\x{:02x}", c);
        } else if (c == 0xEF && i + 2 < text.size() && text[i + 1] == '\xBF' &&
                   (text[i + 2] == '\xBE' || text[i + 2] == '\xBF')) {
          // Nor the noncharacters U+FFFE and U+FFFF.
          out += text[i + 2] == '\xBE' ? "\\uFFFE" : "\\uFFFF";
          i += 2;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

namespace {

// U+200D ZERO WIDTH JOINER: invisible, but no mention, autolink or reference parser reads
// across it.
constexpr std::string_view kJoiner = "\xE2\x80\x8D";

// Characters CommonMark, GFM or GitLab give a meaning wherever they are in a line, and the
// characters HTML gives one (the text may land in an HTML block such as a <summary> line).
bool isMarkup(char c) {
  return std::string_view("\\`*_~[]()<>&#|!\"'$").find(c) != std::string_view::npos;
}

// Characters that start a block (list, setext underline, indented code) only at a line's start.
bool isLineStartMarkup(char c) {
  return c == '-' || c == '+' || c == '=' || c == ' ' || (c >= '0' && c <= '9');
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// "www" (any case) just before `at`: the start of a GFM extended www autolink.
bool afterWww(std::string_view text, std::size_t at) {
  if (at < 3) return false;
  for (std::size_t k = at - 3; k < at; ++k) {
    if (text[k] != 'w' && text[k] != 'W') return false;
  }
  return true;
}

}  // namespace

std::string markdownEscape(std::string_view raw) {
  // Invalid UTF-8 replaced (a host may refuse the whole comment for it), then controls and
  // bidirectional overrides shown as in the terminal; the backslashes that show them are escaped
  // below like any other backslash.
  std::string text = terminalSafe(validUtf8(raw));
  std::string out;
  out.reserve(text.size() + text.size() / 4);
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '.' && afterWww(text, i)) out += kJoiner;
    if (isMarkup(c) || (i == 0 && isLineStartMarkup(c))) {
      // A numeric reference means the character itself in Markdown text and in HTML alike,
      // where a backslash escape would show in an HTML block.
      out += fmt::format("&#{};", static_cast<int>(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
    bool reference = (c == '#' || c == '!' || c == '&') && isDigit(next);
    bool autolink = c == ':' && text.compare(i + 1, 2, "//") == 0;
    if (c == '@' || reference || autolink) out += kJoiner;
  }
  return out;
}

std::string xmlText(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    auto end = text.find('\n', start);
    out += xmlEscape(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    out += '\n';
    start = end + 1;
  }
}

std::string workflowCommandEscape(std::string_view text, bool property) {
  // Line by line: terminalSafe would show a line break as `\x0a`; here it is encoded below.
  std::string safe;
  for (std::size_t start = 0; start <= text.size();) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    safe += terminalSafe(text.substr(start, end - start));
    if (end < text.size()) safe += '\n';
    start = end + 1;
  }
  std::string out;
  out.reserve(safe.size());
  for (char c : safe) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace c2a
