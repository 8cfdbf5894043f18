#include "model/intrinsics.h"

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

}  // namespace c2a
