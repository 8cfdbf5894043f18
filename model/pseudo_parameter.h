#pragma once
#include <string_view>

namespace c2a {

/// `AWS::Region`, `AWS::StackName`, `AWS::NoValue`...: values CloudFormation supplies, never a
/// logical id of the template (logical ids are alphanumeric, so the prefix is enough).
inline bool isPseudoParameter(std::string_view name) {
  return name.starts_with("AWS::");
}

}  // namespace c2a
