#include "model/intrinsics.h"

#include <optional>

#include "model/intrinsics/function_table.h"

namespace c2a {

bool isFunctionName(std::string_view key) {
  return key == "Ref" || key.starts_with("Fn::");
}

bool isConditionReference(const Json& value) {
  return value.is_object() && value.size() == 1 && value.begin().key() == "Condition" &&
         value.begin().value().is_string();
}

bool isIntrinsic(const Json& value) {
  if (!value.is_object() || value.size() != 1) return false;
  return isFunctionName(value.begin().key()) || isConditionReference(value);
}

bool hasConditionalValue(const Json& value) {
  if (value.is_object()) {
    if (calls(value, Fn::If)) return true;
    for (const auto& [key, member] : value.items()) {
      if (hasConditionalValue(member)) return true;
    }
  } else if (value.is_array()) {
    for (const auto& element : value) {
      if (hasConditionalValue(element)) return true;
    }
  }
  return false;
}

bool isPlainValue(const Json& value) {
  if (value.is_string())
    return value.get_ref<const std::string&>().find("{{resolve:") == std::string::npos;
  if (value.is_object()) {
    if (isIntrinsic(value)) return false;
    for (const auto& [key, member] : value.items()) {
      if (!isPlainValue(member)) return false;
    }
  } else if (value.is_array()) {
    for (const auto& element : value) {
      if (!isPlainValue(element)) return false;
    }
  }
  return true;
}

namespace {

// As the function's entry in the intrinsic table reads it; nothing: shown as JSON.
std::optional<std::string> shortForm(const Json& call, const ReadableNames* names) {
  const auto* function = intrinsicFunctionNamed(call.begin().key());
  if (function == nullptr || function->readable == nullptr) return std::nullopt;
  return function->readable(call.begin().value(), names);
}

}  // namespace

std::string readableText(const Json& value, const ReadableNames* names) {
  if (value.is_string()) return value.get<std::string>();
  if (isIntrinsic(value)) {
    if (auto text = shortForm(value, names)) return *text;
  }
  return readableJson(value, names).dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json readableJson(const Json& value, const ReadableNames* names) {
  if (isIntrinsic(value)) {
    if (auto text = shortForm(value, names)) return *text;
    auto call = value.begin();
    return Json{{call.key(), readableJson(call.value(), names)}};
  }
  if (value.is_object()) {
    Json out = Json::object();
    for (const auto& [key, member] : value.items()) out[key] = readableJson(member, names);
    return out;
  }
  if (value.is_array()) {
    Json out = Json::array();
    for (const auto& element : value) out.push_back(readableJson(element, names));
    return out;
  }
  return value;
}

}  // namespace c2a
