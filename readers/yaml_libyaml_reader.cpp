// YAML read by libyaml's event parser: the reading every well-formed template takes, several times
// faster than yaml-cpp's. What it refuses, for whatever reason, yaml_reader.cpp reads again with
// yaml-cpp, which either reads it or says where it is wrong; so this file never words an error.
// libyaml types stay in this file.
#include <yaml.h>

#include <algorithm>
#include <new>
#include <string>
#include <unordered_map>

#include "model/error.h"
#include "model/utf8.h"
#include "readers/yaml_readers.h"
#include "readers/yaml_tree_builder.h"

namespace c2a {
namespace {

/// libyaml reads by YAML 1.1's rules, where a lone CR, NEL (U+0085), LS (U+2028) and PS (U+2029)
/// break lines; YAML 1.2 and yaml-cpp break only at LF (CRLF counts as LF). And libyaml skips a
/// byte order mark (U+FEFF) at the start of any line, where yaml-cpp reads it as text. Such a text
/// would be read, and its positions counted, differently.
bool hasCharacterYaml11ReadsDifferently(std::string_view text) {
  constexpr std::string_view kStarts = "\r\xC2\xE2\xEF";
  for (std::size_t i = text.find_first_of(kStarts); i != std::string_view::npos;
       i = text.find_first_of(kStarts, i + 1)) {
    std::string_view rest = text.substr(i);
    if (rest[0] == '\r') {
      if (rest.substr(1, 1) != "\n") return true;
    } else if (rest.starts_with("\xC2\x85") || rest.starts_with("\xE2\x80\xA8") ||
               rest.starts_with("\xE2\x80\xA9") || rest.starts_with("\xEF\xBB\xBF")) {
      return true;
    }
  }
  return false;
}

/// Node properties libyaml and yaml-cpp read differently; a text with one goes to yaml-cpp. Only
/// where a node may start (after a blank, a line break, a flow indicator or nothing) is an `&`,
/// `*` or `!` a property: an `&` inside a plain scalar (`Subnets&3AZCondition:`, a real
/// template's condition name) is not one.
/// - YAML 1.2 (yaml-cpp) lets an anchor's or alias's name go on through `:`, `?`, `%`, `@` and a
///   backquote (`&Queue:` names "Queue:"); libyaml (YAML 1.1) ends the name there.
/// - libyaml decodes a tag's percent escapes (`!Re%66` is `!Ref`), and those of a `%TAG`
///   directive's prefix; yaml-cpp keeps them.
/// - A property followed by `:` and no blank (`[&a :x]`): libyaml reads an empty key with the
///   property, then a value; yaml-cpp reads the plain scalar ":x".
bool hasPropertyYaml11ReadsDifferently(std::string_view text) {
  auto isNameChar = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  };
  for (std::size_t at = text.find("%TAG"); at != std::string_view::npos;
       at = text.find("%TAG", at + 1)) {
    if (at > 0 && text[at - 1] != '\n') continue;  // a directive starts its line
    std::string_view directive = text.substr(at, text.find('\n', at) - at);
    if (directive.find('%', 1) != std::string_view::npos) return true;
  }
  // A tag runs to the next blank. One that starts inside a tag already scanned ends at the same
  // blank, so it holds no `%` and meets the same `:` after it: skipped, or `[![![!...` would scan
  // the rest of the text once per `!`.
  std::size_t tagsScannedTo = 0;
  for (std::size_t i = text.find_first_of("&*!"); i != std::string_view::npos;
       i = text.find_first_of("&*!", i + 1)) {
    if (i > 0 && std::string_view(" \t\r\n[{,").find(text[i - 1]) == std::string_view::npos) {
      continue;
    }
    std::size_t end = i + 1;
    if (text[i] == '!') {
      if (i < tagsScannedTo) continue;
      while (end < text.size() &&
             std::string_view(" \t\r\n").find(text[end]) == std::string_view::npos) {
        if (text[end] == '%') return true;
        ++end;
      }
      tagsScannedTo = end;
    } else {
      while (end < text.size() && isNameChar(text[end])) ++end;
      if (end > i + 1 && end < text.size() &&
          std::string_view("?:%@`").find(text[end]) != std::string_view::npos) {
        return true;
      }
    }
    std::size_t next = text.find_first_not_of(" \t\r\n", end);
    if (next != std::string_view::npos && text[next] == ':' && next + 1 < text.size() &&
        std::string_view(" \t\r\n").find(text[next + 1]) == std::string_view::npos) {
      return true;
    }
  }
  return false;
}

/// `~`, `null`, `Null`, `NULL` and the empty node, plain and untagged: what yaml-cpp gives as a
/// null event.
bool isNullWord(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

std::string_view textOf(const yaml_char_t* text) {
  return text == nullptr ? std::string_view() : reinterpret_cast<const char*>(text);
}

YamlMark markOf(const yaml_event_t& event) {
  // libyaml counts from 0, lines at LF and CRLF, columns in characters: as TextPositions does.
  return YamlMark{static_cast<int>(event.start_mark.line) + 1,
                  static_cast<int>(event.start_mark.column) + 1};
}

/// Where yaml-cpp places an empty node (`-` with nothing after it): at the token after it, past
/// blanks, line breaks and comments, where libyaml places it just after the indicator. libyaml's
/// marks count characters, so the text is walked to find the mark's byte; the events come in
/// document order, so the walk goes on from the previous empty node's mark and is linear over the
/// text, however many empty nodes a line holds.
class EmptyNodeMarks {
 public:
  explicit EmptyNodeMarks(std::string_view text) : text_(text) {}

  YamlMark yamlCppMark(YamlMark libyamlMark) {
    if (libyamlMark.line < cursor_.line ||
        (libyamlMark.line == cursor_.line && libyamlMark.column < cursor_.column)) {
      cursor_ = YamlMark{1, 1};  // not in document order: start again
      at_ = 0;
    }
    while (at_ < text_.size() && cursor_.line < libyamlMark.line) {
      if (text_[at_] == '\n') {
        ++cursor_.line;
        cursor_.column = 1;
        ++at_;
      } else {
        step(at_, cursor_);
      }
    }
    while (at_ < text_.size() && cursor_.column < libyamlMark.column) step(at_, cursor_);
    std::size_t at = at_;
    YamlMark mark = libyamlMark;
    while (at < text_.size()) {
      char c = text_[at];
      if (c == '\n') {
        ++mark.line;
        mark.column = 1;
      } else if (c == '#') {
        std::size_t end = text_.find('\n', at);
        if (end != std::string_view::npos) {
          at = end;
          continue;
        }
        // A comment that ends the text: the node is placed at the end, past it.
        while (at < text_.size()) step(at, mark);
        break;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++mark.column;
      } else {
        break;
      }
      ++at;
    }
    return mark;
  }

 private:
  /// One character further on the line.
  void step(std::size_t& at, YamlMark& mark) const {
    at += static_cast<std::size_t>(std::max(1, utf8SequenceLength(text_, at)));
    ++mark.column;
  }

  std::string_view text_;
  YamlMark cursor_{1, 1};  // the previous empty node's libyaml mark...
  std::size_t at_ = 0;     // ...and its byte
};

/// One libyaml parser over a text, and the event it gave last.
class EventStream {
 public:
  explicit EventStream(std::string_view text) {
    if (yaml_parser_initialize(&parser_) == 0) throw std::bad_alloc();
    yaml_parser_set_encoding(&parser_, YAML_UTF8_ENCODING);
    yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()),
                                 text.size());
  }
  ~EventStream() {
    release();
    yaml_parser_delete(&parser_);
  }
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  /// The next event; nullptr where libyaml finds the text malformed.
  const yaml_event_t* next() {
    release();
    if (yaml_parser_parse(&parser_, &event_) == 0) {
      if (parser_.error == YAML_MEMORY_ERROR) throw std::bad_alloc();
      return nullptr;
    }
    held_ = true;
    return &event_;
  }

 private:
  void release() {
    if (held_) yaml_event_delete(&event_);
    held_ = false;
  }

  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool held_ = false;
};

/// libyaml names anchors; the builder numbers them as yaml-cpp does, a new number for each
/// definition, an alias taking the latest (0, which no anchor has, when there is none yet).
class AnchorNumbers {
 public:
  YamlAnchor define(const yaml_char_t* name) {
    if (name == nullptr) return 0;
    YamlAnchor number = ++last_;
    numbers_[std::string(textOf(name))] = number;
    return number;
  }
  [[nodiscard]] YamlAnchor find(const yaml_char_t* name) const {
    auto found = numbers_.find(std::string(textOf(name)));
    return found == numbers_.end() ? 0 : found->second;
  }

 private:
  std::unordered_map<std::string, YamlAnchor> numbers_;
  YamlAnchor last_ = 0;
};

/// yaml-cpp refuses nesting deeper than about 500 levels (fewer in some constructs) with its own
/// message; deeper than this, which only a --max-depth above it lets through, is left to it.
constexpr int kMostNesting = 200;

/// Gives the first document's events to the builder. False where libyaml refuses the text, or
/// finds anything but a further document (`---`) or the end after the first.
bool buildFirstDocument(std::string_view text, EventStream& events, YamlTreeBuilder& builder) {
  AnchorNumbers anchors;
  EmptyNodeMarks emptyNodes(text);
  bool inDocument = false;
  int nesting = 0;
  while (const yaml_event_t* event = events.next()) {
    switch (event->type) {
      case YAML_STREAM_START_EVENT:
      case YAML_NO_EVENT: break;
      case YAML_DOCUMENT_START_EVENT:
        if (inDocument) return true;  // a further document: only the first is read
        inDocument = true;
        break;
      case YAML_DOCUMENT_END_EVENT: break;
      case YAML_STREAM_END_EVENT: return true;
      case YAML_ALIAS_EVENT:
        builder.onAlias(markOf(*event), anchors.find(event->data.alias.anchor));
        break;
      case YAML_SCALAR_EVENT: {
        const auto& scalar = event->data.scalar;
        YamlAnchor anchor = anchors.define(scalar.anchor);
        std::string_view value(reinterpret_cast<const char*>(scalar.value), scalar.length);
        std::string_view tag = textOf(scalar.tag);
        if (scalar.tag == nullptr) {
          bool plain = scalar.style == YAML_PLAIN_SCALAR_STYLE;
          if (plain && isNullWord(value)) {
            bool empty = value.empty() && anchor == 0;
            builder.onNull(empty ? emptyNodes.yamlCppMark(markOf(*event)) : markOf(*event), anchor);
            break;
          }
          tag = plain ? kYamlPlainTag : kYamlQuotedTag;
        }
        builder.onScalar(markOf(*event), tag, anchor, std::string(value));
        break;
      }
      case YAML_SEQUENCE_START_EVENT: {
        if (++nesting > kMostNesting) return false;
        const auto& sequence = event->data.sequence_start;
        std::string_view tag = sequence.tag == nullptr ? kYamlPlainTag : textOf(sequence.tag);
        builder.onSequenceStart(markOf(*event), tag, anchors.define(sequence.anchor));
        break;
      }
      case YAML_MAPPING_START_EVENT: {
        if (++nesting > kMostNesting) return false;
        const auto& mapping = event->data.mapping_start;
        std::string_view tag = mapping.tag == nullptr ? kYamlPlainTag : textOf(mapping.tag);
        builder.onMapStart(markOf(*event), tag, anchors.define(mapping.anchor));
        break;
      }
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        --nesting;
        builder.onCollectionEnd();
        break;
    }
  }
  return false;
}

}  // namespace

std::optional<SourceDocument> readYamlWithLibyaml(std::string_view text, const std::string& file,
                                                  const ReadLimits& limits) {
  if (hasCharacterYaml11ReadsDifferently(text) || hasPropertyYaml11ReadsDifferently(text))
    return std::nullopt;
  try {
    YamlTreeBuilder builder(file, limits, text.size());
    EventStream events(text);
    if (!buildFirstDocument(text, events, builder)) return std::nullopt;
    return std::move(builder).finish();
  } catch (const C2aError&) {
    // A limit, a key, an alias or a merge the builder refuses, or an empty document: yaml-cpp's
    // reading words it, at yaml-cpp's position.
    return std::nullopt;
  }
}

}  // namespace c2a
