#include "model/component.h"

#include <array>
#include <utility>

namespace c2a {
namespace {

constexpr std::array<std::pair<ComponentType, std::string_view>, 7> kNames{{
    {ComponentType::Resource, "Resource"},
    {ComponentType::Parameter, "Parameter"},
    {ComponentType::Output, "Output"},
    {ComponentType::Condition, "Condition"},
    {ComponentType::Mapping, "Mapping"},
    {ComponentType::Construct, "Construct"},
    {ComponentType::Stack, "Stack"},
}};

}  // namespace

std::string_view toString(ComponentType type) {
  for (const auto& [value, name] : kNames) {
    if (value == type) return name;
  }
  return "Resource";
}

std::optional<ComponentType> componentTypeFromString(std::string_view text) {
  for (const auto& [value, name] : kNames) {
    if (name == text) return value;
  }
  return std::nullopt;
}

std::string Component::id() const {
  std::string out;
  if (!stack.empty() && type != ComponentType::Stack) {
    out += stack;
    out += '/';
  }
  out += toString(type);
  out += ':';
  out += name;
  return out;
}

std::string Component::constructPath() const {
  if (!properties.is_object()) return "";
  auto metadata = properties.find("Metadata");
  if (metadata == properties.end() || !metadata->is_object()) return "";
  auto path = metadata->find("aws:cdk:path");
  if (path == metadata->end() || !path->is_string()) return "";
  return path->get<std::string>();
}

std::string Component::constructLabel() const {
  std::string path = constructPath();
  auto slash = path.find('/');
  if (slash == std::string::npos) return path;
  path.erase(0, slash + 1);
  for (std::string_view own : {"/Resource", "/Default"}) {
    if (path.size() > own.size() && path.ends_with(own)) {
      path.resize(path.size() - own.size());
      break;
    }
  }
  return path;
}

SourceLocation Component::location(const Path& path) const {
  if (!locations) return {};
  return locations->find(pointer + toPointer(path));
}

}  // namespace c2a
