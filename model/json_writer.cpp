#include "model/json_writer.h"

#include <array>
#include <charconv>

namespace c2a {
namespace {

// Printable ASCII but the quote and the backslash: written as it is in either style. Anything
// else (escapes, UTF-8, invalid bytes) goes through nlohmann's own escaping, so that the rare
// string is exactly what dump gives.
constexpr std::array<bool, 256> kPlainBytes = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x7F; ++c) plain[c] = c != '"' && c != '\\';
  return plain;
}();

bool plain(std::string_view text) {
  for (unsigned char c : text) {
    if (!kPlainBytes[c]) return false;
  }
  return true;
}

template <class Whole>
void appendDigits(std::string& out, Whole number) {
  std::array<char, 24> digits{};
  auto end = std::to_chars(digits.data(), digits.data() + digits.size(), number).ptr;
  out.append(digits.data(), end);
}

}  // namespace

void JsonWriter::newline(std::size_t depth) {
  if (style_ != JsonStyle::Report) return;
  out_ += '\n';
  out_.append(2 * depth, ' ');
}

void JsonWriter::beforeValue() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (open_.empty()) return;  // the document itself
  if (open_.back()++ > 0) out_ += ',';
  newline(open_.size());
}

void JsonWriter::close(char bracket) {
  const auto count = open_.back();
  open_.pop_back();
  if (count > 0) newline(open_.size());
  out_ += bracket;
}

void appendQuoted(std::string& out, std::string_view text, JsonStyle style) {
  if (plain(text)) {
    out += '"';
    out += text;
    out += '"';
    return;
  }
  out += Json(std::string(text))
             .dump(-1, ' ', style == JsonStyle::Report, Json::error_handler_t::replace);
}

void JsonWriter::quoted(std::string_view text) {
  appendQuoted(out_, text, style_);
}

void JsonWriter::open(char bracket) {
  beforeValue();
  out_ += bracket;
  open_.push_back(0);
}

void JsonWriter::beginObject() {
  open('{');
}

void JsonWriter::endObject() {
  close('}');
}

void JsonWriter::beginArray() {
  open('[');
}

void JsonWriter::endArray() {
  close(']');
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (open_.back()++ > 0) out_ += ',';
  newline(open_.size());
  quoted(name);
  out_ += style_ == JsonStyle::Report ? ": " : ":";
  afterKey_ = true;
  return *this;
}

void JsonWriter::value(std::string_view text) {
  beforeValue();
  quoted(text);
}

void JsonWriter::value(bool flag) {
  beforeValue();
  out_ += flag ? "true" : "false";
}

void JsonWriter::wholeNumber(std::int64_t number) {
  beforeValue();
  appendDigits(out_, number);
}

void JsonWriter::wholeNumber(std::uint64_t number) {
  beforeValue();
  appendDigits(out_, number);
}

void JsonWriter::value(double number) {
  beforeValue();
  out_ += Json(number).dump();  // nlohmann's shortest round-trip form, as dump writes it
}

void JsonWriter::null() {
  beforeValue();
  out_ += "null";
}

void JsonWriter::textOrNull(std::string_view text) {
  if (text.empty()) {
    null();
  } else {
    value(text);
  }
}

void JsonWriter::value(const Json& tree) {
  switch (tree.type()) {
    case Json::value_t::object:
      beginObject();
      for (const auto& [name, member] : tree.items()) {
        key(name);
        value(member);
      }
      endObject();
      return;
    case Json::value_t::array:
      beginArray();
      for (const auto& element : tree) value(element);
      endArray();
      return;
    case Json::value_t::string: value(std::string_view(tree.get_ref<const std::string&>())); return;
    case Json::value_t::boolean: value(tree.get<bool>()); return;
    case Json::value_t::number_integer: wholeNumber(tree.get<std::int64_t>()); return;
    case Json::value_t::number_unsigned: wholeNumber(tree.get<std::uint64_t>()); return;
    case Json::value_t::null: null(); return;
    case Json::value_t::number_float: value(tree.get<double>()); return;
    default:  // binary, which no reader makes: nlohmann's compact text for it
      beforeValue();
      out_ += tree.dump(-1, ' ', style_ == JsonStyle::Report, Json::error_handler_t::replace);
      return;
  }
}

}  // namespace c2a
