// YAML 1.2 core-schema resolution of scalars (https://yaml.org/spec/1.2.2/#1023-core-schema),
// with one deliberate difference: decimal digits with a leading zero ("0123", "01.5") stay
// strings. The core schema would make 0123 the number 123, which silently drops the zero of an
// account id or a zero-padded code; keeping the text is the safe reading of such values.
#include "readers/yaml_scalars.h"

#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>

namespace c2a {
namespace {

constexpr std::string_view kStandardTagPrefix = "tag:yaml.org,2002:";

bool allOf(std::string_view text, bool (*accept)(char)) {
  for (char c : text) {
    if (!accept(c)) return false;
  }
  return true;
}
bool isDecimalDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isOctalDigit(char c) {
  return c >= '0' && c <= '7';
}
bool isHexDigit(char c) {
  return isDecimalDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool isNull(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

std::optional<bool> parseBoolean(std::string_view text) {
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  return std::nullopt;
}

/// Integers that do not fit in 64 bits give nothing, so the caller keeps the text.
std::optional<std::int64_t> parseInteger(std::string_view text) {
  int base = 10;
  std::string_view digits = text;
  bool negative = false;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'o')) {
    base = text[1] == 'x' ? 16 : 8;
    digits.remove_prefix(2);
    if (!allOf(digits, base == 16 ? isHexDigit : isOctalDigit)) return std::nullopt;
  } else {
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) {
      negative = digits[0] == '-';
      digits.remove_prefix(1);
    }
    if (digits.empty() || !allOf(digits, isDecimalDigit)) return std::nullopt;
    if (digits.size() > 1 && digits[0] == '0') return std::nullopt;  // see the file comment
  }
  // Parse the magnitude unsigned so that the most negative value fits too.
  std::uint64_t magnitude = 0;
  auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
  if (error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (negative) {
    if (magnitude > kMax + 1) return std::nullopt;
    return magnitude == kMax + 1 ? std::numeric_limits<std::int64_t>::min()
                                 : -static_cast<std::int64_t>(magnitude);
  }
  if (magnitude > kMax) return std::nullopt;
  return static_cast<std::int64_t>(magnitude);
}

/// [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?, plus .inf and .nan.
std::optional<double> parseFloat(std::string_view text) {
  std::string_view body = text;
  bool negative = false;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == ".inf" || body == ".Inf" || body == ".INF") {
    return negative ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  }
  if (text == ".nan" || text == ".NaN" || text == ".NAN") {
    return std::numeric_limits<double>::quiet_NaN();
  }
  std::size_t pos = 0;
  auto digitsFrom = [&](std::size_t from) {
    std::size_t end = from;
    while (end < body.size() && isDecimalDigit(body[end])) ++end;
    return end - from;
  };
  std::size_t integerDigits = digitsFrom(pos);
  if (integerDigits > 1 && body[0] == '0') return std::nullopt;  // see the file comment
  pos += integerDigits;
  std::size_t fractionDigits = 0;
  bool hasPoint = pos < body.size() && body[pos] == '.';
  if (hasPoint) {
    fractionDigits = digitsFrom(pos + 1);
    pos += 1 + fractionDigits;
  }
  if (integerDigits == 0 && fractionDigits == 0) return std::nullopt;
  bool hasExponent = pos < body.size() && (body[pos] == 'e' || body[pos] == 'E');
  if (hasExponent) {
    std::size_t from = pos + 1;
    if (from < body.size() && (body[from] == '-' || body[from] == '+')) ++from;
    std::size_t exponentDigits = digitsFrom(from);
    if (exponentDigits == 0) return std::nullopt;
    pos = from + exponentDigits;
  }
  if (pos != body.size() || (!hasPoint && !hasExponent)) return std::nullopt;
  double value = 0;
  auto [end, error] = std::from_chars(body.data(), body.data() + body.size(), value);
  // Out of range (1e999) keeps the text rather than turning into infinity or zero.
  if (error != std::errc{} || end != body.data() + body.size()) return std::nullopt;
  return negative ? -value : value;
}

}  // namespace

bool isStandardTag(std::string_view tag) {
  return tag.substr(0, kStandardTagPrefix.size()) == kStandardTagPrefix;
}

Json resolvePlainScalar(const std::string& text) {
  if (isNull(text)) return nullptr;
  if (auto boolean = parseBoolean(text)) return *boolean;
  if (auto integer = parseInteger(text)) return *integer;
  if (auto number = parseFloat(text)) return *number;
  return text;
}

Json resolveStandardTaggedScalar(std::string_view tag, const std::string& text) {
  std::string_view name = tag.substr(kStandardTagPrefix.size());
  if (name == "null" && isNull(text)) return nullptr;
  if (name == "bool") {
    if (auto boolean = parseBoolean(text)) return *boolean;
  } else if (name == "int") {
    if (auto integer = parseInteger(text)) return *integer;
  } else if (name == "float") {
    if (auto number = parseFloat(text)) return *number;
    if (auto integer = parseInteger(text)) return static_cast<double>(*integer);
  } else if (name != "null") {
    return text;  // str, and binary, timestamp and the like, which JSON can only hold as text
  }
  return resolvePlainScalar(text);
}

}  // namespace c2a
