#include "platform-mapping/cloudformation/serverless/serverless_transform.h"

#include <array>
#include <map>

#include <fmt/format.h>

#include "model/intrinsics.h"
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a {
namespace {

using serverless::Expansion;
using serverless::SamResource;

constexpr std::string_view kTransform = "AWS::Serverless-2016-10-31";
// One line per SAM type: the Globals section that applies to it and how it expands. APIs are
// built once every event has added its routes, connectors last, once both their ends are.
enum class Order : std::uint8_t { Now, Api, Connector };
struct SamType {
  std::string_view type;
  std::string_view globals;
  void (*expand)(const SamResource&, Expansion&);
  Order order;
};

constexpr std::array kTypes{
    SamType{"AWS::Serverless::Function", "Function", &serverless::expandFunction, Order::Now},
    SamType{"AWS::Serverless::Api", "Api", &serverless::expandApi, Order::Api},
    SamType{"AWS::Serverless::HttpApi", "HttpApi", &serverless::expandHttpApi, Order::Api},
    SamType{"AWS::Serverless::SimpleTable", "SimpleTable", &serverless::expandSimpleTable, Order::Now},
    SamType{"AWS::Serverless::LayerVersion", "LayerVersion", &serverless::expandLayerVersion, Order::Now},
    SamType{"AWS::Serverless::StateMachine", "StateMachine", &serverless::expandStateMachine, Order::Now},
    SamType{"AWS::Serverless::Application", "", &serverless::expandApplication, Order::Now},
    SamType{"AWS::Serverless::Connector", "", nullptr, Order::Connector},
};

const SamType* samType(const std::string& type) {
  for (const auto& entry : kTypes) {
    if (entry.type == type) return &entry;
  }
  return nullptr;
}

}  // namespace

bool usesServerlessTransform(const Json& root) {
  if (!root.is_object()) return false;
  auto transform = root.find("Transform");
  if (transform == root.end()) return false;
  if (transform->is_string()) return *transform == kTransform;
  if (transform->is_array()) {
    for (const auto& name : *transform) {
      if (name == kTransform) return true;
    }
  }
  return false;
}

std::vector<ExpandedEntry> expandServerless(const Json& root, std::vector<ExpandedEntry> resources,
                                            const std::string& stack, Diagnostics& warnings,
                                            const LocationTablePtr& locations) {
  static const Json kNone = Json::object();
  const Json& globals = root.contains("Globals") && root["Globals"].is_object() ? root["Globals"] : kNone;
  Expansion expansion(stack, warnings, locations);
  std::map<std::string, std::size_t> globalsBytes;  // a section's text, measured once
  std::vector<ExpandedEntry> plain;
  std::map<std::string, SamResource> apis;
  std::vector<SamResource> connectors;
  for (auto& entry : resources) {
    // Any resource of a SAM template may embed connectors: an attribute CloudFormation never sees.
    if (entry.value.is_object() && entry.value.contains("Connectors")) {
      auto embedded = serverless::embeddedConnectors(entry.key, entry.value["Connectors"],
                                                     entry.pointer, expansion);
      connectors.insert(connectors.end(), std::make_move_iterator(embedded.begin()),
                        std::make_move_iterator(embedded.end()));
      entry.value.erase("Connectors");
    }
    const Json* type = entry.value.is_object() && entry.value.contains("Type") ? &entry.value["Type"] : nullptr;
    std::string typeName = type != nullptr && type->is_string() ? type->get<std::string>() : "";
    if (typeName.rfind("AWS::Serverless::", 0) != 0) {
      plain.push_back(std::move(entry));
      continue;
    }
    SamResource resource{entry.key, typeName, entry.value, entry.pointer};
    const SamType* known = samType(typeName);
    if (known == nullptr) {
      // A SAM type c2a does not expand stays as written, unseen while it changes.
      expansion.unseen(resource, "a resource type", true);
      plain.push_back(std::move(entry));
      continue;
    }
    if (!known->globals.empty() && globals.contains(std::string(known->globals))) {
      std::string section(known->globals);
      const Json& global = globals[section];
      // Globals are copied into every resource of their type: a few kilobytes over thousands
      // of functions would make gigabytes from a small template.
      auto [size, fresh] = globalsBytes.try_emplace(section, 0);
      if (fresh) size->second = global.dump().size();
      expansion.charge(size->second, "/Globals/" + section,
                       fmt::format("Globals.{} is {} bytes", section, size->second));
      resource.body["Properties"] = serverless::mergeGlobals(global, resource.properties());
    }
    switch (known->order) {
      case Order::Now: known->expand(resource, expansion); break;
      case Order::Api: apis.emplace(resource.id, std::move(resource)); break;
      case Order::Connector: connectors.push_back(std::move(resource)); break;
    }
  }
  serverless::finishApis(apis, globals, expansion);
  auto made = expansion.take();
  // S3 events add their notifications to the template's buckets.
  for (auto& entry : plain) {
    auto notifications = expansion.bucketNotifications().find(entry.key);
    if (notifications == expansion.bucketNotifications().end()) continue;
    auto& configurations =
        entry.value["Properties"]["NotificationConfiguration"]["LambdaConfigurations"];
    if (!configurations.is_array()) configurations = Json::array();
    for (const auto& configuration : notifications->second) configurations.push_back(configuration);
  }
  plain.insert(plain.end(), std::make_move_iterator(made.begin()), std::make_move_iterator(made.end()));
  auto granted = serverless::expandConnectors(connectors, plain, expansion);
  plain.insert(plain.end(), std::make_move_iterator(granted.begin()),
               std::make_move_iterator(granted.end()));
  return plain;
}

}  // namespace c2a
