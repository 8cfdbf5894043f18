// JSON templates in one pass: from the bytes straight to the ordered tree, the line and column of
// every value counted as the parser walks (no offset-to-line lookup, no second table). Strict
// RFC 8259, as nlohmann's parser is: the first thing it does not accept ends the pass, and
// json_reader.cpp reads the text again with nlohmann's parser, for its located message.
#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "model/error.h"
#include "readers/json_readers.h"
#include "readers/limit_errors.h"
#include "readers/object_members.h"
#include "readers/source_positions.h"

namespace c2a {
namespace {

/// Not well-formed JSON: the pass ends, the reason is left to nlohmann's parser.
struct NotWellFormed {};

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void appendUtf8(std::string& out, std::uint32_t codePoint) {
  if (codePoint < 0x80) {
    out += static_cast<char>(codePoint);
  } else if (codePoint < 0x800) {
    out += static_cast<char>(0xC0 | (codePoint >> 6));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  } else if (codePoint < 0x10000) {
    out += static_cast<char>(0xE0 | (codePoint >> 12));
    out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (codePoint >> 18));
    out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  }
}

class OnePassReader {
 public:
  OnePassReader(std::string_view text, const std::string& file, const ReadLimits& limits,
                LocationTable& table)
      : at_(text.data()),
        end_(text.data() + text.size()),
        lineStart_(text.data()),
        file_(file),
        limits_(limits),
        table_(table) {}

  Json read() {
    skipSpace();
    value(here());
    while (!frames_.empty()) {
      Frame& frame = frames_.back();
      skipSpace();
      if (peek() == (frame.object ? '}' : ']')) {
        ++at_;
        frames_.pop_back();
        continue;
      }
      if (!frame.empty) {
        expect(',');
        skipSpace();
      }
      frame.empty = false;
      if (frame.object) {
        // A member is located by its key.
        frame.keyAt = here();
        if (peek() != '"') throw NotWellFormed{};
        frame.key = string();
        skipSpace();
        expect(':');
        skipSpace();
      }
      value(frame.object ? frame.keyAt : here());
    }
    skipSpace();
    if (at_ != end_) throw NotWellFormed{};
    return std::move(root_);
  }

 private:
  struct Position {
    int line = 0;
    int column = 0;
  };
  struct Frame {
    Json* container = nullptr;
    LocationTable::NodeId node = LocationTable::kRoot;  // the container's, in table_
    bool object = false;
    bool empty = true;  // nothing read yet: no ',' before the first member
    std::size_t nextIndex = 0;
    std::string key;  // of the member being read, in an object
    Position keyAt;
    ObjectMembers members;
  };

  char peek() const { return at_ < end_ ? *at_ : '\0'; }
  void expect(char c) {
    if (peek() != c) throw NotWellFormed{};
    ++at_;
  }

  /// Columns count characters: bytes on this line before `at_`, less the UTF-8 continuation
  /// bytes among them (only strings hold any, and a string never spans lines).
  Position here() const {
    return Position{line_, static_cast<int>(at_ - lineStart_) - continuations_ + 1};
  }

  void skipSpace() {
    while (at_ < end_ && isSpace(*at_)) {
      if (*at_ == '\n') {
        ++line_;
        lineStart_ = at_ + 1;
        continuations_ = 0;
      }
      ++at_;
    }
  }

  /// A value starting at at_, recorded at `where` (a member's key). A limit it exceeds is
  /// reported where the value itself starts, as the other reader does.
  void value(Position where) {
    Position token = here();
    char c = peek();
    if (c == '{' || c == '[') {
      ++at_;
      if (frames_.size() + 1 > static_cast<std::size_t>(limits_.maxDepth)) {
        failTooDeep(locate(token), limits_);
      }
      LocationTable::NodeId node = LocationTable::kRoot;
      Json& container = place(c == '{' ? Json::object() : Json::array(), where, token, node);
      Frame frame;
      frame.container = &container;
      frame.node = node;
      frame.object = c == '{';
      frames_.push_back(std::move(frame));
      return;
    }
    LocationTable::NodeId node = LocationTable::kRoot;
    place(scalar(c), where, token, node);
  }

  Json scalar(char c) {
    switch (c) {
      case '"': return string();
      case 't': literal("true"); return true;
      case 'f': literal("false"); return false;
      case 'n': literal("null"); return nullptr;
      default: return number();
    }
  }

  void literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - at_) < word.size() ||
        std::string_view(at_, word.size()) != word) {
      throw NotWellFormed{};
    }
    at_ += word.size();
  }

  /// '-'? ('0' | [1-9][0-9]*) ('.' [0-9]+)? ([eE] [+-]? [0-9]+)?. Whole numbers are 64-bit
  /// integers where they fit (unsigned only above the signed range), as the YAML reader gives;
  /// the rest doubles, as nlohmann's parser makes them.
  Json number() {
    const char* start = at_;
    bool negative = peek() == '-';
    if (negative) ++at_;
    if (peek() == '0') {
      ++at_;
    } else if (isDigit(peek())) {
      while (isDigit(peek())) ++at_;
    } else {
      throw NotWellFormed{};
    }
    bool whole = true;
    if (peek() == '.') {
      whole = false;
      ++at_;
      if (!isDigit(peek())) throw NotWellFormed{};
      while (isDigit(peek())) ++at_;
    }
    if (peek() == 'e' || peek() == 'E') {
      whole = false;
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!isDigit(peek())) throw NotWellFormed{};
      while (isDigit(peek())) ++at_;
    }
    if (whole) {
      if (negative) {
        std::int64_t signedValue = 0;
        if (std::from_chars(start, at_, signedValue).ec == std::errc{}) return signedValue;
      } else {
        std::uint64_t unsignedValue = 0;
        if (std::from_chars(start, at_, unsignedValue).ec == std::errc{}) {
          if (unsignedValue <=
              static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            return static_cast<std::int64_t>(unsignedValue);
          }
          return unsignedValue;
        }
      }
    }
    // Too large for an integer, or a fraction: a double, and one that must be finite (an
    // overflow, or an underflow from_chars calls out of range, is left to nlohmann's parser).
    double floating = 0;
    auto parsed = std::from_chars(start, at_, floating);
    if (parsed.ec != std::errc{} || parsed.ptr != at_) throw NotWellFormed{};
    return floating;
  }

  /// A string token at at_ (its opening quote), decoded.
  std::string string() {
    ++at_;
    const char* start = at_;
    while (at_ < end_) {
      auto byte = static_cast<unsigned char>(*at_);
      if (byte == '"') {
        std::string plain(start, at_);
        ++at_;
        return plain;
      }
      if (byte == '\\' || byte < 0x20 || byte >= 0x80) break;
      ++at_;
    }
    std::string decoded(start, at_);
    while (true) {
      if (at_ >= end_) throw NotWellFormed{};
      auto byte = static_cast<unsigned char>(*at_);
      if (byte == '"') {
        ++at_;
        return decoded;
      }
      if (byte < 0x20) throw NotWellFormed{};
      if (byte == '\\') {
        escape(decoded);
      } else if (byte >= 0x80) {
        utf8Character(decoded);
      } else {
        decoded += static_cast<char>(byte);
        ++at_;
      }
    }
  }

  void escape(std::string& out) {
    ++at_;
    char c = peek();
    ++at_;
    switch (c) {
      case '"':
      case '\\':
      case '/': out += c; return;
      case 'b': out += '\b'; return;
      case 'f': out += '\f'; return;
      case 'n': out += '\n'; return;
      case 'r': out += '\r'; return;
      case 't': out += '\t'; return;
      case 'u': break;
      default: throw NotWellFormed{};
    }
    std::uint32_t codePoint = hex4();
    if (codePoint >= 0xDC00 && codePoint <= 0xDFFF) throw NotWellFormed{};  // a lone low half
    if (codePoint >= 0xD800 && codePoint <= 0xDBFF) {
      // A high surrogate must be followed by an escaped low one.
      if (end_ - at_ < 2 || at_[0] != '\\' || at_[1] != 'u') throw NotWellFormed{};
      at_ += 2;
      std::uint32_t low = hex4();
      if (low < 0xDC00 || low > 0xDFFF) throw NotWellFormed{};
      codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (low - 0xDC00);
    }
    appendUtf8(out, codePoint);
  }

  std::uint32_t hex4() {
    if (end_ - at_ < 4) throw NotWellFormed{};
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
      int digit = hexValue(at_[i]);
      if (digit < 0) throw NotWellFormed{};
      value = (value << 4) | static_cast<std::uint32_t>(digit);
    }
    at_ += 4;
    return value;
  }

  /// One well-formed UTF-8 character of two to four bytes (RFC 3629: no overlong forms, no
  /// surrogates, nothing above U+10FFFF), copied; its continuation bytes are counted for columns.
  void utf8Character(std::string& out) {
    auto lead = static_cast<unsigned char>(*at_);
    int length = 0;
    unsigned char low = 0x80;  // the second byte's range
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      throw NotWellFormed{};
    }
    if (end_ - at_ < length) throw NotWellFormed{};
    for (int i = 1; i < length; ++i) {
      auto byte = static_cast<unsigned char>(at_[i]);
      unsigned char from = i == 1 ? low : 0x80;
      unsigned char to = i == 1 ? high : 0xBF;
      if (byte < from || byte > to) throw NotWellFormed{};
    }
    out.append(at_, static_cast<std::size_t>(length));
    at_ += length;
    continuations_ += length - 1;
  }

  SourceLocation locate(Position where) const {
    return SourceLocation{file_, where.line, where.column};
  }

  /// Puts `value` where the next value goes, counted against --max-nodes (an excess reported at
  /// `token`), and records its position `where` (a duplicate key's later position wins, as its
  /// later value does, and keeps its first place in the order); returns the stored value and sets
  /// `node` to its table id.
  Json& place(Json value, Position where, Position token, LocationTable::NodeId& node) {
    if (++values_ > limits_.maxNodes) failTooManyValues(locate(token), limits_);
    if (frames_.empty()) {
      table_.setRoot(where.line, where.column);
      node = LocationTable::kRoot;
      root_ = std::move(value);
      return root_;
    }
    Frame& parent = frames_.back();
    if (parent.object) {
      node = table_.addChild(parent.node, parent.key, where.line, where.column);
      return parent.members.set(*parent.container, std::move(parent.key), std::move(value));
    }
    node = table_.addElement(parent.node, parent.nextIndex++, where.line, where.column);
    parent.container->push_back(std::move(value));
    return parent.container->back();
  }

  const char* at_;
  const char* end_;
  const char* lineStart_;
  int line_ = 1;
  int continuations_ = 0;  // UTF-8 continuation bytes on this line before at_
  const std::string& file_;
  const ReadLimits& limits_;
  LocationTable& table_;
  std::size_t values_ = 0;
  Json root_;
  // Pointers into root_ stay valid: a container only grows while it is the innermost one.
  std::vector<Frame> frames_;
};

}  // namespace

std::optional<SourceDocument> readJsonOnePass(std::string_view text, const std::string& file,
                                              const ReadLimits& limits) {
  auto table = std::make_shared<LocationTable>(file);
  // About a value every 32 bytes in a pretty-printed template (more in a minified one).
  table->reserve(guessedValueCount(text.size(), 32));
  try {
    OnePassReader reader(text, file, limits, *table);
    Json root = reader.read();
    return SourceDocument{std::move(root), std::move(table)};
  } catch (const NotWellFormed&) {
    return std::nullopt;
  }
}

}  // namespace c2a
