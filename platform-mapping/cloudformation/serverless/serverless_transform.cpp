#include "platform-mapping/cloudformation/serverless/serverless_transform.h"

#include <array>
#include <map>

#include "model/intrinsics.h"
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a {
namespace {

using serverless::Expansion;
using serverless::SamResource;

constexpr std::string_view kTransform = "AWS::Serverless-2016-10-31";

// One line per SAM type: the Globals section that applies to it and how it expands. APIs are
// built last, once every event has added its routes.
struct SamType {
  std::string_view type;
  std::string_view globals;
  void (*expand)(const SamResource&, Expansion&);
  bool api;
};

constexpr std::array kTypes{
    SamType{"AWS::Serverless::Function", "Function", &serverless::expandFunction, false},
    SamType{"AWS::Serverless::Api", "Api", &serverless::expandApi, true},
    SamType{"AWS::Serverless::HttpApi", "HttpApi", &serverless::expandHttpApi, true},
    SamType{"AWS::Serverless::SimpleTable", "SimpleTable", &serverless::expandSimpleTable, false},
    SamType{"AWS::Serverless::LayerVersion", "LayerVersion", &serverless::expandLayerVersion, false},
    SamType{"AWS::Serverless::StateMachine", "StateMachine", &serverless::expandStateMachine, false},
    SamType{"AWS::Serverless::Application", "", &serverless::expandApplication, false},
};

// Globals under a resource's own values: maps merge (the resource wins a key), lists add the
// resource's after the global ones, anything else is the resource's.
Json merged(const Json& global, const Json& own) {
  if (global.is_object() && own.is_object() && !isIntrinsic(global) && !isIntrinsic(own)) {
    Json out = global;
    for (auto it = own.begin(); it != own.end(); ++it) {
      out[it.key()] = out.contains(it.key()) ? merged(out[it.key()], *it) : *it;
    }
    return out;
  }
  if (global.is_array() && own.is_array()) {
    Json out = global;
    for (const auto& element : own) out.push_back(element);
    return out;
  }
  return own;
}

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
  std::vector<ExpandedEntry> plain;
  std::map<std::string, SamResource> apis;
  for (auto& entry : resources) {
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
      const Json& global = globals[std::string(known->globals)];
      resource.body["Properties"] = merged(global, resource.properties());
    }
    if (known->api) {
      apis.emplace(resource.id, std::move(resource));
    } else {
      known->expand(resource, expansion);
    }
  }
  serverless::finishApis(apis, expansion);
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
  return plain;
}

}  // namespace c2a
