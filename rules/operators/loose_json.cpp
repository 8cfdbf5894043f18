#include "rules/operators/loose_json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "model/same_value.h"

namespace c2a::rules {
namespace {

std::optional<double> parseNumber(std::string_view text) {
  double number = 0;
  const char* end = text.data() + text.size();
  auto [last, error] = std::from_chars(text.data(), end, number);
  if (text.empty() || error != std::errc{} || last != end || !std::isfinite(number)) {
    return std::nullopt;
  }
  return number;
}

}  // namespace

const Json* jsonOf(const Value& value) {
  if (value.kind != Value::Kind::Json) return nullptr;
  return value.owned ? value.owned.get() : value.json;
}

// The differ's definition (model/same_value.h): a rule and the diff never disagree on whether two
// values are the same.
bool looseEquals(const Json& a, const Json& b) {
  return equivalent(a, b);
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
