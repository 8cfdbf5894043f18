#pragma once
// JSON text written as it is produced, no tree built first: the report and the change
// fingerprints hold whole resource bodies, and copying each into a DOM only to print it was a
// tenth of a run (issue 27). The text is byte for byte what nlohmann's dump gives for the same
// tree in the same style (tests/model/json_writer_test.cpp holds it to that).
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "model/json.h"

namespace c2a {

enum class JsonStyle {
  /// dump(2, ' ', true, replace): two-space indents, everything past ASCII as \u escapes (the
  /// report: a bidi override or a C1 control in a template cannot drive a terminal).
  Report,
  /// dump(-1, ' ', false, replace): no whitespace, UTF-8 as it is (what a fingerprint hashes).
  Canonical,
};

/// `text` as a JSON string, quotes included, byte for byte as nlohmann's dump writes it in `style`.
void appendQuoted(std::string& out, std::string_view text, JsonStyle style);

/// Invalid UTF-8 is replaced by U+FFFD in either style, never an error.
class JsonWriter {
 public:
  explicit JsonWriter(JsonStyle style) : style_(style) {}

  void beginObject();
  void endObject();
  void beginArray();
  void endArray();
  /// The next member's name (inside an object); its value is the next call.
  JsonWriter& key(std::string_view name);

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(bool flag);
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  void value(T number) {
    if constexpr (std::is_signed_v<T>) {
      wholeNumber(static_cast<std::int64_t>(number));
    } else {
      wholeNumber(static_cast<std::uint64_t>(number));
    }
  }
  void value(double number);
  void value(const Json& tree);
  void null();
  /// A pointer would otherwise be written as `true`.
  template <class T>
  void value(const T* pointer) = delete;
  /// A string, or null when it is empty (the contract's optional names).
  void textOrNull(std::string_view text);

  /// `key(name).value(v)` in one call.
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }

  [[nodiscard]] const std::string& text() const { return out_; }
  [[nodiscard]] std::string take() { return std::move(out_); }

 private:
  void wholeNumber(std::int64_t number);
  void wholeNumber(std::uint64_t number);
  void beforeValue();
  void open(char bracket);
  void close(char bracket);
  void quoted(std::string_view text);
  void newline(std::size_t depth);

  JsonStyle style_;
  std::string out_;
  // Per open container: how many members or elements it has so far.
  std::vector<std::size_t> open_;
  bool afterKey_ = false;
};

}  // namespace c2a
