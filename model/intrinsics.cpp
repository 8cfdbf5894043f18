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

}  // namespace c2a
