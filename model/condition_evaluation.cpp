#include "model/condition_evaluation.h"

namespace c2a {
namespace {

constexpr int kMaxDepth = 64;

Evaluated known(bool value, bool fromDefaults) {
  return {value ? Truth::True : Truth::False, fromDefaults};
}

}  // namespace

Evaluated ConditionEvaluator::existence(const Component& resource) {
  auto attribute = resource.properties.find("Condition");
  if (attribute == resource.properties.end()) return known(true, false);
  if (!attribute->is_string()) return {};
  return condition(resource.stack, attribute->get<std::string>());
}

Evaluated ConditionEvaluator::condition(const std::string& stack, const std::string& name) {
  auto key = std::make_pair(stack, name);
  if (auto it = done_.find(key); it != done_.end()) return it->second;
  if (!active_.insert(key).second) return {};
  Evaluated out;
  if (auto index = model_.find(stack, ComponentType::Condition, name)) {
    out = expression(stack, model_.component(*index).properties, 0);
  }
  active_.erase(key);
  done_[key] = out;
  return out;
}

Evaluated ConditionEvaluator::expression(const std::string& stack, const Json& value, int depth) {
  if (depth > kMaxDepth || !value.is_object() || value.size() != 1) return {};
  const std::string& function = value.begin().key();
  const Json& args = value.begin().value();
  if (function == "Condition") {
    return args.is_string() ? condition(stack, args.get<std::string>()) : Evaluated{};
  }
  if (function == "Fn::Equals") {
    if (!args.is_array() || args.size() != 2) return {};
    bool fromDefaults = false;
    auto left = scalar(stack, args[0], fromDefaults);
    auto right = scalar(stack, args[1], fromDefaults);
    if (!left || !right) return {};
    return known(*left == *right, fromDefaults);
  }
  if (function == "Fn::Not") {
    if (!args.is_array() || args.size() != 1) return {};
    auto inner = expression(stack, args[0], depth + 1);
    if (inner.truth == Truth::Unknown) return inner;
    return known(inner.truth == Truth::False, inner.fromDefaults);
  }
  if (function == "Fn::And" || function == "Fn::Or") {
    if (!args.is_array() || args.empty()) return {};
    // The deciding value (false for And, true for Or) decides even beside unknowns.
    const Truth deciding = function == "Fn::And" ? Truth::False : Truth::True;
    bool unknown = false, fromDefaults = false, decided = false, decidedFromDefaults = true;
    for (const auto& part : args) {
      auto each = expression(stack, part, depth + 1);
      if (each.truth == Truth::Unknown) {
        unknown = true;
      } else if (each.truth == deciding) {
        decided = true;
        decidedFromDefaults = decidedFromDefaults && each.fromDefaults;
      }
      fromDefaults = fromDefaults || each.fromDefaults;
    }
    if (decided) return {deciding, decidedFromDefaults};
    if (unknown) return {};
    return {deciding == Truth::False ? Truth::True : Truth::False, fromDefaults};
  }
  return {};
}

// The text a value compares as in Fn::Equals: literals as written, a parameter's Default.
std::optional<std::string> ConditionEvaluator::scalar(const std::string& stack, const Json& value,
                                                      bool& fromDefaults) const {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number()) return value.dump();
  if (!value.is_object() || value.size() != 1 || !value.contains("Ref") ||
      !value["Ref"].is_string()) {
    return std::nullopt;
  }
  auto parameter = model_.find(stack, ComponentType::Parameter, value["Ref"].get<std::string>());
  if (!parameter) return std::nullopt;  // a pseudo parameter, or a resource: known at deploy time
  const Json& body = model_.component(*parameter).properties;
  auto fallback = body.find("Default");
  if (fallback == body.end()) return std::nullopt;
  fromDefaults = true;
  if (fallback->is_string()) return fallback->get<std::string>();
  if (fallback->is_number()) return fallback->dump();
  if (fallback->is_boolean()) return fallback->get<bool>() ? "true" : "false";
  return std::nullopt;
}

}  // namespace c2a
