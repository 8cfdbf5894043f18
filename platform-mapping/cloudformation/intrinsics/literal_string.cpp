#include "platform-mapping/cloudformation/intrinsics/literal_string.h"

#include <map>

#include "model/intrinsics.h"
#include "model/sub_placeholders.h"

namespace c2a {
namespace {

constexpr std::string_view kStackName = "AWS::StackName";

// Plain text of a Sub string: `${!X}` is written for a literal `${X}`.
void appendSubText(std::string& out, std::string_view text) {
  std::size_t pos = 0;
  while (true) {
    auto escape = text.find("${!", pos);
    out.append(text.substr(pos, escape - pos));
    if (escape == std::string_view::npos) return;
    out += "${";
    pos = escape + 3;
  }
}

std::optional<std::string> sub(const Json& argument, std::string_view stackName) {
  const Json* text = &argument;
  std::map<std::string, std::string, std::less<>> variables;
  if (argument.is_array()) {
    if (argument.size() != 2 || !argument[1].is_object()) return std::nullopt;
    text = &argument[0];
    for (const auto& [name, value] : argument[1].items()) {
      auto known = literalString(value, stackName);
      if (!known) return std::nullopt;
      variables.emplace(name, std::move(*known));
    }
  }
  if (!text->is_string()) return std::nullopt;
  std::string_view source = text->get_ref<const std::string&>();
  std::string out;
  std::size_t pos = 0;
  for (const auto& placeholder : subPlaceholders(source)) {
    appendSubText(out, source.substr(pos, placeholder.offset - pos));
    if (auto it = variables.find(placeholder.expression); it != variables.end()) {
      out += it->second;
    } else if (placeholder.expression == kStackName && !stackName.empty()) {
      out += stackName;
    } else {
      return std::nullopt;
    }
    pos = placeholder.offset + placeholder.length;
  }
  appendSubText(out, source.substr(pos));
  return out;
}

std::optional<std::string> join(const Json& argument, std::string_view stackName) {
  if (!argument.is_array() || argument.size() != 2 || !argument[0].is_string() ||
      !argument[1].is_array()) {
    return std::nullopt;
  }
  const auto& separator = argument[0].get_ref<const std::string&>();
  std::string out;
  bool first = true;
  for (const auto& part : argument[1]) {
    auto known = literalString(part, stackName);
    if (!known) return std::nullopt;
    if (!first) out += separator;
    out += *known;
    first = false;
  }
  return out;
}

}  // namespace

std::optional<std::string> literalString(const Json& value, std::string_view stackName) {
  if (value.is_string()) return value.get<std::string>();
  auto function = calledFunction(value);
  if (!function) return std::nullopt;
  const auto& argument = value.begin().value();
  switch (*function) {
    case Fn::Sub: return sub(argument, stackName);
    case Fn::Join: return join(argument, stackName);
    case Fn::Ref:
      if (argument == kStackName && !stackName.empty()) return std::string(stackName);
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace c2a
