#include "model/intrinsics.h"

#include <optional>

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
    if (isIntrinsic(value) && value.begin().key() == "Fn::If") return true;
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

std::string joined(const Json& args) {
  if (!args.is_array() || args.size() != 2 || !args[0].is_string() || !args[1].is_array()) {
    return {};
  }
  std::string out;
  const auto& separator = args[0].get_ref<const std::string&>();
  bool first = true;
  for (const auto& part : args[1]) {
    if (!first) out += separator;
    first = false;
    out += readableText(part);
  }
  return out;
}

// `Fn::Sub` text with the variables its map gives put in place (`${Name}` stays for the others).
std::string substituted(const Json& args) {
  if (args.is_string()) return args.get<std::string>();
  if (!args.is_array() || args.size() != 2 || !args[0].is_string() || !args[1].is_object()) {
    return {};
  }
  std::string text = args[0].get<std::string>();
  for (const auto& [name, value] : args[1].items()) {
    std::string placeholder = "${" + name + "}";
    std::string replacement = readableText(value);
    for (auto at = text.find(placeholder); at != std::string::npos;
         at = text.find(placeholder, at + replacement.size())) {
      text.replace(at, placeholder.size(), replacement);
    }
  }
  return text;
}

// Ref, Fn::GetAtt, Fn::Join, Fn::Sub and Fn::ImportValue as text; nothing for other calls.
std::optional<std::string> shortForm(const Json& call) {
  auto it = call.begin();
  const std::string& name = it.key();
  const Json& args = it.value();
  if (name == "Ref" && args.is_string()) return "${" + args.get<std::string>() + "}";
  if (name == "Fn::GetAtt") {
    if (args.is_string()) return "${" + args.get<std::string>() + "}";
    if (args.is_array() && args.size() == 2 && args[0].is_string() && args[1].is_string()) {
      return "${" + args[0].get<std::string>() + "." + args[1].get<std::string>() + "}";
    }
  }
  if (name == "Fn::ImportValue") return "${Import:" + readableText(args) + "}";
  std::string text = name == "Fn::Join" ? joined(args) : name == "Fn::Sub" ? substituted(args) : "";
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace

std::string readableText(const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (isIntrinsic(value)) {
    if (auto text = shortForm(value)) return *text;
  }
  return readableJson(value).dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json readableJson(const Json& value) {
  if (isIntrinsic(value)) {
    if (auto text = shortForm(value)) return *text;
    auto call = value.begin();
    return Json{{call.key(), readableJson(call.value())}};
  }
  if (value.is_object()) {
    Json out = Json::object();
    for (const auto& [key, member] : value.items()) out[key] = readableJson(member);
    return out;
  }
  if (value.is_array()) {
    Json out = Json::array();
    for (const auto& element : value) out.push_back(readableJson(element));
    return out;
  }
  return value;
}

}  // namespace c2a
