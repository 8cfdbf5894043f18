#include "deployment-prediction/failures/custom_names.h"

#include <algorithm>

#include "model/utf8.h"

namespace c2a::prediction {
namespace {

constexpr std::size_t kShownValueLength = 80;

}  // namespace

std::vector<CustomName> customNames(const Component& component, const DeploymentFacts& facts) {
  std::vector<CustomName> out;
  if (component.type != ComponentType::Resource || !facts.physicalNameProperties) return out;
  auto properties = component.properties.find("Properties");
  if (properties == component.properties.end() || !properties->is_object()) return out;
  for (const auto& name : facts.physicalNameProperties(component.subtype)) {
    auto value = properties->find(name);
    // An empty name, or one removed by a condition, lets CloudFormation generate the name.
    if (value == properties->end() || value->is_null() ||
        (value->is_string() && value->get_ref<const std::string&>().empty())) {
      continue;
    }
    out.push_back({name, &*value});
  }
  return out;
}

std::vector<CustomName> keptNames(const Component& before, const Component& after,
                                  const DeploymentFacts& facts) {
  auto old = customNames(before, facts);
  std::vector<CustomName> kept;
  for (const auto& name : customNames(after, facts)) {
    auto same = std::find_if(old.begin(), old.end(), [&](const CustomName& was) {
      return was.property == name.property && *was.value == *name.value;
    });
    if (same != old.end()) kept.push_back(name);
  }
  return kept;
}

std::string shownValue(const Json& value) {
  return cutUtf8(value.is_string() ? value.get<std::string>() : value.dump(), kShownValueLength);
}

const Component* side(const ModelDiff& diff, const Operation& op, bool after) {
  const auto& index = after ? op.after : op.before;
  const InfraModel* model = after ? diff.after : diff.before;
  if (!index || model == nullptr) return nullptr;
  return &model->component(*index);
}

}  // namespace c2a::prediction
