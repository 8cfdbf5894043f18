#include "rules/operators/loose_json.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string_view>

namespace c2a::rules {
namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::optional<double> parseNumber(std::string_view text) {
  double number = 0;
  const char* end = text.data() + text.size();
  auto [last, error] = std::from_chars(text.data(), end, number);
  if (text.empty() || error != std::errc{} || last != end || !std::isfinite(number)) {
    return std::nullopt;
  }
  return number;
}

bool scalarEqualsString(const Json& scalar, const std::string& text) {
  if (scalar.is_boolean()) return equalsIgnoringCase(text, scalar.get<bool>() ? "true" : "false");
  if (scalar.is_number()) {
    auto number = parseNumber(text);
    return number && *number == scalar.get<double>();
  }
  return false;
}

}  // namespace

const Json* jsonOf(const Value& value) {
  if (value.kind != Value::Kind::Json) return nullptr;
  return value.owned ? value.owned.get() : value.json;
}

bool looseEquals(const Json& a, const Json& b) {
  if (a.is_number() && b.is_number()) return a == b;  // nlohmann compares 5 and 5.0 by value
  if (a.is_string() && !b.is_string())
    return scalarEqualsString(b, a.get_ref<const std::string&>());
  if (b.is_string() && !a.is_string())
    return scalarEqualsString(a, b.get_ref<const std::string&>());
  if (a.type() != b.type()) return false;
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!looseEquals(a[i], b[i])) return false;
    }
    return true;
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto it = a.begin(); it != a.end(); ++it) {
      auto other = b.find(it.key());
      if (other == b.end() || !looseEquals(it.value(), *other)) return false;
    }
    return true;
  }
  return a == b;
}

std::optional<double> numberOf(const Json& value) {
  if (value.is_number()) return value.get<double>();
  if (!value.is_string()) return std::nullopt;
  return parseNumber(value.get_ref<const std::string&>());
}

std::optional<std::pair<double, double>> numberPair(const Value& lhs, const Value& rhs) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  if (!a || !b) return std::nullopt;
  auto x = numberOf(*a);
  auto y = numberOf(*b);
  if (!x || !y) return std::nullopt;
  return std::pair{*x, *y};
}

std::optional<std::string_view> textOf(const Json& value, std::string& buffer) {
  if (value.is_string()) return std::string_view(value.get_ref<const std::string&>());
  if (value.is_number() || value.is_boolean()) {
    buffer = value.dump();
    return std::string_view(buffer);
  }
  return std::nullopt;
}

bool holds(const Json& container, const Json& item) {
  if (container.is_array()) {
    for (const auto& element : container) {
      if (looseEquals(element, item)) return true;
    }
    return false;
  }
  if (!container.is_string()) return false;
  std::string buffer;
  auto text = textOf(item, buffer);
  return text && container.get_ref<const std::string&>().find(*text) != std::string::npos;
}

bool textsSatisfy(const Value& lhs, const Value& rhs,
                  bool (*test)(std::string_view text, std::string_view part)) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  if (!a || !b) return false;
  std::string textBuffer;
  std::string partBuffer;
  auto text = textOf(*a, textBuffer);
  auto part = textOf(*b, partBuffer);
  return text && part && test(*text, *part);
}

}  // namespace c2a::rules
