#include "model/get_att.h"

namespace c2a {

std::optional<GetAttArguments> parseGetAtt(const Json& argument) {
  GetAttArguments result;
  if (argument.is_string()) {
    const auto& text = argument.get_ref<const std::string&>();
    auto dot = text.find('.');
    result.logicalId = text.substr(0, dot);
    if (dot != std::string::npos) result.attribute = text.substr(dot + 1);
  } else if (argument.is_array() && !argument.empty() && argument[0].is_string()) {
    result.logicalId = argument[0].get<std::string>();
    if (argument.size() > 1) {
      const auto& attribute = argument[1];
      if (attribute.is_string()) {
        result.attribute = attribute.get<std::string>();
      } else {
        result.attributeExpression = &attribute;
      }
    }
  } else {
    return std::nullopt;
  }
  if (result.logicalId.empty()) return std::nullopt;
  return result;
}

}  // namespace c2a
