#include "readers/yaml_tags.h"

#include <algorithm>
#include <array>

namespace c2a {
namespace {

// The short forms CloudFormation accepts, each written `!Name` for `Fn::Name`. The condition and
// rule functions (And, Contains, ValueOf...) are among them; Ref and Condition have no `Fn::`.
constexpr std::array<std::string_view, 24> kFunctionTags = {
    "And",          "Base64",      "Cidr",      "Contains",   "EachMemberEquals",
    "EachMemberIn", "Equals",      "FindInMap", "GetAZs",     "GetAtt",
    "If",           "ImportValue", "Join",      "Length",     "Not",
    "Or",           "RefAll",      "Select",    "Split",      "Sub",
    "ToJsonString", "Transform",   "ValueOf",   "ValueOfAll",
};

}  // namespace

std::optional<std::string> intrinsicKeyForTag(std::string_view tag) {
  if (tag.size() < 2 || tag[0] != '!') return std::nullopt;
  std::string_view name = tag.substr(1);
  if (name == "Ref" || name == "Condition") return std::string(name);
  if (std::find(kFunctionTags.begin(), kFunctionTags.end(), name) != kFunctionTags.end()) {
    return "Fn::" + std::string(name);
  }
  return std::nullopt;
}

Json intrinsicFromScalar(const std::string& key, const std::string& text) {
  Json call = Json::object();
  auto dot = text.find('.');
  if (key == "Fn::GetAtt" && dot != std::string::npos) {
    call[key] = Json::array({text.substr(0, dot), text.substr(dot + 1)});
  } else {
    // A scalar argument is always text: `!Ref 123` names the logical id "123".
    call[key] = text;
  }
  return call;
}

}  // namespace c2a
