#include "platform-mapping/cdk/constructs.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace c2a {
namespace {

constexpr std::string_view kCdkPathKey = "aws:cdk:path";

struct PathOwner {
  ComponentIndex resource;
  std::string path;
};

// Collected before any construct is added: adding components may move the graph's storage.
std::vector<PathOwner> resourcesWithPaths(const InfraModel& model, const std::string& stack) {
  std::vector<PathOwner> owners;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Resource || component.stack != stack) continue;
    const auto& body = component.properties;
    if (!body.is_object()) continue;
    auto metadata = body.find("Metadata");
    if (metadata == body.end() || !metadata->is_object()) continue;
    auto path = metadata->find(kCdkPathKey);
    if (path == metadata->end() || !path->is_string()) continue;
    owners.push_back({i, path->get<std::string>()});
  }
  return owners;
}

// Offsets of the '/' separators; empty when the path has an empty segment (not one CDK wrote).
std::vector<std::size_t> separators(std::string_view path) {
  std::vector<std::size_t> slashes;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '/') slashes.push_back(i);
  }
  bool emptySegment = path.empty() || path.front() == '/' || path.back() == '/';
  for (std::size_t i = 1; i < slashes.size() && !emptySegment; ++i) {
    emptySegment = slashes[i] == slashes[i - 1] + 1;
  }
  if (emptySegment) slashes.clear();
  return slashes;
}

// How many leading segments of `path` name the stack itself.
std::size_t stackSegments(std::string_view path, std::string_view stackPath) {
  if (!stackPath.empty() && path.size() > stackPath.size() && path.starts_with(stackPath) &&
      path[stackPath.size()] == '/') {
    return static_cast<std::size_t>(std::count(stackPath.begin(), stackPath.end(), '/')) + 1;
  }
  return 1;
}

}  // namespace

void addConstructs(InfraModel& model, const std::string& stack, ComponentIndex stackComponent,
                   std::string_view stackPath) {
  const Relationship structural{RelationshipKind::Structural, ReferenceKind::None, {}, {}};
  for (const auto& [resource, path] : resourcesWithPaths(model, stack)) {
    auto slashes = separators(path);
    // Segments: [stack...][construct...][the L1 resource's own id]. The last one ("Resource",
    // "Default" or a plain id) is the resource itself, so constructs are the prefixes in between.
    std::size_t segments = slashes.size() + 1;
    std::size_t first = stackSegments(path, stackPath) + 1;
    if (slashes.empty() || first >= segments) continue;

    // The construct points at the metadata that names it, so findings about it can be located.
    const auto& owner = model.component(resource);
    LocationTablePtr locations = owner.locations;
    std::string pointer = owner.pointer + "/Metadata/" + std::string(kCdkPathKey);

    ComponentIndex parent = stackComponent;
    for (std::size_t length = first; length < segments; ++length) {
      std::string_view name = std::string_view(path).substr(0, slashes[length - 1]);
      // Resources of one construct share its prefixes: the first of them makes it.
      auto index = model.find(stack, ComponentType::Construct, name);
      if (!index) {
        Component construct;
        construct.type = ComponentType::Construct;
        construct.name = name;
        construct.stack = stack;
        construct.properties = Json::object();
        construct.properties.get_ref<Json::object_t&>().append("path", name);
        construct.locations = locations;
        construct.pointer = pointer;
        index = model.addComponent(std::move(construct));
      }
      model.addRelationship(parent, *index, structural);
      parent = *index;
    }
    // C2A drops the Stack → resource edges once constructs exist; we keep them so every resource
    // stays reachable from its stack whether or not CDK metadata is present, and so a lone template
    // and the same template in an assembly give the same stack structure.
    model.addRelationship(parent, resource, structural);
  }
}

std::string nestedStackConstructPath(std::string_view resourcePath) {
  constexpr std::string_view kHost = ".NestedStack/";
  constexpr std::string_view kResource = ".NestedStackResource";
  if (!resourcePath.ends_with(kResource)) return {};
  auto host = resourcePath.rfind(kHost);
  if (host == std::string_view::npos) return {};
  auto idStart = host + kHost.size();
  auto id = resourcePath.substr(idStart, resourcePath.size() - kResource.size() - idStart);
  auto scopeEnd = resourcePath.rfind('/', host);
  auto hostId = resourcePath.substr(scopeEnd == std::string_view::npos ? 0 : scopeEnd + 1,
                                    host - (scopeEnd == std::string_view::npos ? 0 : scopeEnd + 1));
  if (id.empty() || id != hostId) return {};
  return std::string(resourcePath.substr(0, host));
}

}  // namespace c2a
