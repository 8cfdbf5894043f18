#include "model-diffing/reference_renames.h"

#include "model/same_value.h"
#include "model/sub_placeholders.h"

namespace c2a::diffing {
namespace {

const std::string* renamed(const RenameMap& renames, const std::string& name) {
  auto it = renames.find(name);
  return it == renames.end() ? nullptr : &it->second;
}

// `${Name}` and `${Name.Attr}` placeholders of a Fn::Sub string; `${!Literal}` is text.
std::string renameSubText(const std::string& text, const RenameMap& renames) {
  std::string out;
  out.reserve(text.size());
  std::size_t at = 0;
  for (const auto& placeholder : subPlaceholders(text)) {
    const auto* to = renamed(renames, placeholder.name);
    if (to == nullptr) continue;
    out.append(text, at, placeholder.offset - at);
    out += "${" + *to;
    if (placeholder.expression.size() > placeholder.name.size()) {
      out.append(placeholder.expression, placeholder.name.size(), std::string::npos);
    }
    out += '}';
    at = placeholder.offset + placeholder.length;
  }
  out.append(text, at, std::string::npos);
  return out;
}

Json rename(const Json& value, const RenameMap& renames, bool topLevel) {
  if (value.is_array()) {
    Json out = Json::array();
    for (const auto& element : value) out.push_back(rename(element, renames, false));
    return out;
  }
  if (!value.is_object()) return value;
  if (isIntrinsic(value)) {
    const auto& key = value.begin().key();
    const auto& argument = value.begin().value();
    if (key == "Ref" && argument.is_string()) {
      if (const auto* to = renamed(renames, argument.get<std::string>())) return Json{{"Ref", *to}};
      return value;
    }
    if (key == "Fn::GetAtt" && argument.is_array() && !argument.empty() &&
        argument[0].is_string()) {
      Json out = rename(argument, renames, false);
      if (const auto* to = renamed(renames, argument[0].get<std::string>())) out[0] = *to;
      return Json{{key, std::move(out)}};
    }
    if (key == "Fn::Sub") {
      if (argument.is_string()) {
        return Json{{key, renameSubText(argument.get<std::string>(), renames)}};
      }
      if (argument.is_array() && !argument.empty() && argument[0].is_string()) {
        Json out = rename(argument, renames, false);
        out[0] = renameSubText(argument[0].get<std::string>(), renames);
        return Json{{key, std::move(out)}};
      }
    }
  }
  Json out = Json::object();
  for (const auto& [key, member] : value.items()) {
    if (topLevel && key == "DependsOn") {
      Json names = member;
      if (names.is_string()) {
        if (const auto* to = renamed(renames, names.get<std::string>())) names = *to;
      } else if (names.is_array()) {
        for (auto& name : names) {
          if (!name.is_string()) continue;
          if (const auto* to = renamed(renames, name.get<std::string>())) name = *to;
        }
      }
      out[key] = std::move(names);
      continue;
    }
    out[key] = rename(member, renames, false);
  }
  return out;
}

}  // namespace

Json applyRenames(const Json& value, const RenameMap& renames) {
  if (renames.empty()) return value;
  return rename(value, renames, true);
}

}  // namespace c2a::diffing
