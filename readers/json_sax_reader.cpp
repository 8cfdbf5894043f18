// JSON templates through nlohmann's SAX parser, for the exact located message when the one-pass
// reader finds the text malformed: a handler builds the ordered tree itself and records where
// every value starts, in the location table's tree (no pointer string per value).
// nlohmann reports no positions with its events, so the handler walks the text alongside: events
// arrive in text order, one per token, and between two tokens that make events there is only
// whitespace and at most one ',' or ':'.
#include <fmt/format.h>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "model/error.h"
#include "readers/json_readers.h"
#include "readers/limit_errors.h"
#include "readers/object_members.h"
#include "readers/source_document.h"
#include "readers/source_positions.h"

namespace c2a {
namespace {

bool isJsonWhitespace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// nlohmann's "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error
/// ..." without the id and the position, which the diagnostic carries in its own format.
std::string humanParseMessage(const std::string& what) {
  std::string message = what;
  if (message.rfind("[json.exception.", 0) == 0) {
    auto close = message.find("] ");
    if (close != std::string::npos) message.erase(0, close + 2);
  }
  if (message.rfind("parse error", 0) == 0) {
    auto colon = message.find(": ");
    if (colon != std::string::npos) message.erase(0, colon + 2);
  }
  // A value where '}' or ']' was expected is, nine times out of ten, a forgotten comma.
  bool expectedClose = message.find("; expected '}'") != std::string::npos ||
                       message.find("; expected ']'") != std::string::npos;
  bool unexpectedValue = false;
  for (const char* token : {"literal;", "'{';", "'[';"}) {
    unexpectedValue = unexpectedValue || message.find(token) != std::string::npos;
  }
  if (expectedClose && unexpectedValue) message += " (is a ',' missing before it?)";
  // "last read: '...'" quotes the input, which may not be valid UTF-8.
  return escapeNonAscii(message);
}

class JsonTreeBuilder {
 public:
  JsonTreeBuilder(std::string_view text, const std::string& file, const ReadLimits& limits,
                  LocationTable& table)
      : text_(text), file_(file), limits_(limits), positions_(text), table_(table) {}

  // nlohmann's SAX interface.
  bool null() { return addScalar(nullptr, skipToken(4)); }
  bool boolean(bool value) { return addScalar(value, skipToken(value ? 4 : 5)); }
  bool number_integer(std::int64_t value) { return addScalar(value, skipNumber()); }
  bool number_unsigned(std::uint64_t value) {
    // Same integer type as the YAML reader gives, so JSON and YAML twins compare equal.
    if (value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return addScalar(static_cast<std::int64_t>(value), skipNumber());
    }
    return addScalar(value, skipNumber());
  }
  bool number_float(double value, const std::string& /*raw*/) {
    return addScalar(value, skipNumber());
  }
  bool string(std::string& value) { return addScalar(std::move(value), skipString()); }
  bool binary(Json::binary_t& /*value*/) { return true; }  // never produced by the JSON format
  bool start_object(std::size_t /*size*/) { return startContainer(Json::object()); }
  bool start_array(std::size_t /*size*/) { return startContainer(Json::array()); }
  bool end_object() { return endContainer(); }
  bool end_array() { return endContainer(); }
  bool key(std::string& name) {
    Frame& frame = frames_.back();
    frame.keyOffset = skipString();
    frame.key = std::move(name);
    return true;
  }
  bool parse_error(std::size_t /*position*/, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& error) {
    // The failing token starts where the next token would: that is where a user should look.
    errorOffset_ = nextTokenStart();
    errorMessage_ = humanParseMessage(error.what());
    return false;
  }

  [[noreturn]] void throwParseError() const {
    throw C2aError(ErrorKind::InvalidInput, locate(errorOffset_), errorMessage_);
  }
  Json takeRoot() { return std::move(root_); }

 private:
  struct Frame {
    Json* container = nullptr;
    LocationTable::NodeId node = LocationTable::kRoot;  // the container's, in table_
    std::size_t nextIndex = 0;
    std::string key;            // of the member being read, in an object
    std::size_t keyOffset = 0;  // where that key starts: a member is located by its key
    ObjectMembers members;
  };

  SourceLocation locate(std::size_t offset) const {
    auto where = positions_.at(offset);
    return SourceLocation{file_, where.line, where.column};
  }

  std::size_t nextTokenStart() const {
    std::size_t pos = cursor_;
    while (pos < text_.size() && isJsonWhitespace(text_[pos])) ++pos;
    if (pos < text_.size() && (text_[pos] == ',' || text_[pos] == ':')) {
      ++pos;
      while (pos < text_.size() && isJsonWhitespace(text_[pos])) ++pos;
    }
    return pos;
  }

  // Each returns where the token of the current event starts and moves past it. The parser has
  // already validated the token, so these only need to find its end.
  std::size_t skipToken(std::size_t length) {
    std::size_t start = nextTokenStart();
    cursor_ = start + length;
    return start;
  }
  std::size_t skipNumber() {
    std::size_t start = nextTokenStart();
    std::size_t pos = start;
    while (pos < text_.size() &&
           std::string_view("0123456789+-.eE").find(text_[pos]) != std::string_view::npos) {
      ++pos;
    }
    cursor_ = pos;
    return start;
  }
  std::size_t skipString() {
    std::size_t start = nextTokenStart();
    std::size_t pos = start + 1;
    while (pos < text_.size() && text_[pos] != '"') pos += text_[pos] == '\\' ? 2 : 1;
    cursor_ = pos + 1;
    return start;
  }

  void countValue(std::size_t offset) {
    if (++values_ > limits_.maxNodes) failTooManyValues(locate(offset), limits_);
  }

  /// Puts `value` where the next value goes and records its position (a member's is its key's;
  /// a duplicate key's later position wins, as its later value does); returns the stored value
  /// and sets `node` to its id in the table.
  Json& place(Json value, std::size_t tokenOffset, LocationTable::NodeId& node) {
    countValue(tokenOffset);
    if (frames_.empty()) {
      auto where = positions_.at(tokenOffset);
      table_.setRoot(where.line, where.column);
      node = LocationTable::kRoot;
      root_ = std::move(value);
      return root_;
    }
    Frame& parent = frames_.back();
    if (parent.container->is_object()) {
      auto where = positions_.at(parent.keyOffset);
      node = table_.addChild(parent.node, parent.key, where.line, where.column);
      // A duplicate key keeps its first place in the order and takes the last value.
      return parent.members.set(*parent.container, std::move(parent.key), std::move(value));
    }
    auto where = positions_.at(tokenOffset);
    node = table_.addElement(parent.node, parent.nextIndex++, where.line, where.column);
    parent.container->push_back(std::move(value));
    return parent.container->back();
  }

  bool addScalar(Json value, std::size_t tokenOffset) {
    LocationTable::NodeId node = LocationTable::kRoot;
    place(std::move(value), tokenOffset, node);
    return true;
  }

  bool startContainer(Json empty) {
    std::size_t offset = skipToken(1);
    if (frames_.size() + 1 > static_cast<std::size_t>(limits_.maxDepth)) {
      failTooDeep(locate(offset), limits_);
    }
    LocationTable::NodeId node = LocationTable::kRoot;
    Json& container = place(std::move(empty), offset, node);
    Frame frame;
    frame.container = &container;
    frame.node = node;
    frames_.push_back(std::move(frame));
    return true;
  }

  bool endContainer() {
    skipToken(1);
    frames_.pop_back();
    return true;
  }

  std::string_view text_;
  const std::string& file_;
  const ReadLimits& limits_;
  TextPositions positions_;
  LocationTable& table_;
  std::size_t cursor_ = 0;  // just past the token of the last event
  std::size_t values_ = 0;
  Json root_;
  // Pointers into root_ stay valid: a container only grows while it is the innermost one.
  std::vector<Frame> frames_;
  std::size_t errorOffset_ = 0;
  std::string errorMessage_;
};

}  // namespace

SourceDocument readJsonWithMessages(std::string_view body, const std::string& file,
                                    const ReadLimits& limits) {
  auto table = std::make_shared<LocationTable>(file);
  JsonTreeBuilder builder(body, file, limits, *table);
  if (!Json::sax_parse(body.begin(), body.end(), &builder)) builder.throwParseError();
  return SourceDocument{builder.takeRoot(), std::move(table)};
}

}  // namespace c2a
