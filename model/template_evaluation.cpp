#include "model/template_evaluation.h"

#include <optional>

#include "model/intrinsics.h"
#include "model/intrinsics/function_evaluation.h"
#include "model/intrinsics/function_table.h"
#include "model/same_value.h"

namespace c2a {
namespace {

constexpr int kMaxDepth = 64;  // of nested functions and conditions; deeper stays as written
constexpr std::size_t kMaxConditionChain = 256;  // conditions naming conditions

Evaluated known(bool value, bool fromDefaults) {
  return {value ? Truth::True : Truth::False, fromDefaults};
}

// An SSM parameter type (`AWS::SSM::Parameter::Value<...>`): what the template is given, and its
// Default, is the Parameter Store key; the value is what the store holds at deploy time.
bool isSsmType(const Json& declaration) {
  auto type = declaration.find("Type");
  return type != declaration.end() && type->is_string() &&
         type->get_ref<const std::string&>().starts_with("AWS::SSM::Parameter::Value<");
}

// A list parameter's value is the list of its comma-separated members, each trimmed.
bool isListType(const Json& declaration) {
  auto type = declaration.find("Type");
  if (type == declaration.end() || !type->is_string()) return false;
  const auto& text = type->get_ref<const std::string&>();
  return text == "CommaDelimitedList" || text.starts_with("List<") ||
         text.starts_with("AWS::SSM::Parameter::Value<List<");
}

}  // namespace

// What a function's entry in the intrinsic table asks, answered for one value of one stack.
struct TemplateEvaluator::Context : FunctionEvaluation {
  Context(TemplateEvaluator& evaluator, const std::string& stack, bool useDefaults)
      : evaluator(evaluator), stack(stack), defaults(useDefaults) {}

  EvaluatedValue value(const Json& value, int depth) override {
    return evaluator.evaluate(*this, value, depth);
  }
  EvaluatedValue valueWithDefaults(const Json& value, int depth) override {
    Context withDefaults{evaluator, stack, true};
    return evaluator.evaluate(withDefaults, value, depth);
  }
  Evaluated truth(const Json& expression, int depth) override {
    return evaluator.expression(stack, expression, depth);
  }
  Evaluated condition(const std::string& name) override { return evaluator.condition(stack, name); }
  [[nodiscard]] bool useDefaults() const override { return defaults; }
  std::optional<std::string> pseudoParameter(const std::string& name) override {
    return evaluator.pseudoParameter(stack, name);
  }
  std::optional<Json> parameter(const std::string& name, bool& assumed) override {
    return evaluator.parameter(stack, name, defaults, assumed);
  }
  const Json* mapping(const std::string& name) override {
    auto index = evaluator.model_.find(stack, ComponentType::Mapping, name);
    return index ? &evaluator.model_.component(*index).properties : nullptr;
  }
  std::optional<Json> availabilityZones(const Json& region) override {
    return evaluator.availabilityZones(stack, region);
  }

  TemplateEvaluator& evaluator;
  const std::string& stack;
  bool defaults;
};

TemplateEvaluator::TemplateEvaluator(const InfraModel& model, DeploymentValues values)
    : model_(model), values_(std::move(values)) {
  settleConditions();
}

Evaluated TemplateEvaluator::existence(const Component& resource) {
  auto attribute = resource.properties.find("Condition");
  if (attribute == resource.properties.end()) return known(true, false);
  if (!attribute->is_string()) return {};
  return condition(resource.stack, attribute->get<std::string>());
}

Evaluated TemplateEvaluator::condition(const std::string& stack, const std::string& name) {
  auto key = std::make_pair(stack, name);
  if (auto it = done_.find(key); it != done_.end()) return it->second;
  // A cycle is unknown, never a hang; so is a chain of conditions deeper than any real template
  // (each link restarts the expression's depth).
  if (active_.size() > kMaxConditionChain || !active_.insert(key).second) return {};
  Evaluated out;
  if (auto index = model_.find(stack, ComponentType::Condition, name)) {
    out = expression(stack, model_.component(*index).properties, 0);
  }
  active_.erase(key);
  done_[key] = out;
  return out;
}

void TemplateEvaluator::settleConditions() {
  for (std::size_t i = 0; i < model_.componentCount(); ++i) {
    const auto& component = model_.component(i);
    if (component.type == ComponentType::Condition) condition(component.stack, component.name);
  }
}

Evaluated TemplateEvaluator::expression(const std::string& stack, const Json& value, int depth) {
  if (depth > kMaxDepth || !value.is_object() || value.size() != 1) return {};
  const auto* function = intrinsicFunctionNamed(value.begin().key());
  if (function == nullptr || function->decide == nullptr) return {};
  Context context{*this, stack, true};
  return function->decide(context, value.begin().value(), depth);
}

std::optional<TemplateEvaluator::NestedFeed> TemplateEvaluator::nestedFeed(
    const std::string& stack, const std::string& name) const {
  auto slash = stack.rfind('/');
  if (slash == std::string::npos) return std::nullopt;
  NestedFeed feed{stack.substr(0, slash)};
  auto resource = model_.find(feed.parent, ComponentType::Resource, stack.substr(slash + 1));
  if (!resource) return std::nullopt;  // a top-level stack whose name has a slash
  const Component& stackResource = model_.component(*resource);
  if (stackResource.subtype != "AWS::CloudFormation::Stack") return std::nullopt;
  const Json& entry = stackResource.properties;
  auto properties = entry.find("Properties");
  if (properties == entry.end()) return feed;
  // Properties or Parameters chosen by a function (an Fn::If of two maps): which is passed is not
  // known here.
  if (!properties->is_object() || isIntrinsic(*properties)) {
    feed.unknown = true;
    return feed;
  }
  auto parameters = properties->find("Parameters");
  if (parameters == properties->end()) return feed;
  if (!parameters->is_object() || isIntrinsic(*parameters)) {
    feed.unknown = true;
    return feed;
  }
  if (auto passed = parameters->find(name); passed != parameters->end()) feed.passed = &*passed;
  return feed;
}

std::optional<std::string> TemplateEvaluator::given(const std::string& stack,
                                                    const std::string& name) const {
  auto index = model_.find(stack, ComponentType::Parameter, name);
  if (!index) return std::nullopt;
  // A nested stack's parameter is fed by its parent, never by the deployment's values.
  if (nestedFeed(stack, name)) return std::nullopt;
  bool nested = false;
  model_.forEachOutgoing(*index, [&](ComponentIndex, ComponentIndex, const Relationship& edge) {
    if (edge.reference == ReferenceKind::NestedStackParameter) nested = true;
  });
  if (nested) return std::nullopt;
  auto it = values_.parameters.find(name);
  if (it == values_.parameters.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> TemplateEvaluator::ssmKey(const std::string& stack,
                                                     const std::string& name) const {
  auto index = model_.find(stack, ComponentType::Parameter, name);
  if (!index) return std::nullopt;
  const Json& declaration = model_.component(*index).properties;
  if (!isSsmType(declaration)) return std::nullopt;
  auto value = given(stack, name);
  auto fallback = declaration.find("Default");
  if (fallback != declaration.end() && fallback->is_string() &&
      (!value || *value == fallback->get_ref<const std::string&>())) {
    return fallback->get<std::string>();
  }
  return std::nullopt;
}

std::optional<Json> TemplateEvaluator::parameter(const std::string& stack, const std::string& name,
                                                 bool useDefaults, bool& assumed) {
  auto index = model_.find(stack, ComponentType::Parameter, name);
  if (!index) return std::nullopt;
  const Json& declaration = model_.component(*index).properties;
  auto fallback = declaration.find("Default");
  if (isSsmType(declaration)) {
    // The key is not the value: known only where the value itself is given (not the key again).
    auto value = given(stack, name);
    if (!value || (fallback != declaration.end() && fallback->is_string() &&
                   *value == fallback->get_ref<const std::string&>())) {
      return std::nullopt;
    }
    return isListType(declaration) ? splitList(*value, ",", true) : Json(*value);
  }
  std::string text;
  if (auto feed = nestedFeed(stack, name)) {
    if (feed->unknown) return std::nullopt;
    if (feed->passed == nullptr) {
      // The parent passes nothing: CloudFormation uses the Default, and nothing else can change
      // that, so it is no assumption.
      if (fallback == declaration.end()) return std::nullopt;
      if (fallback->is_array()) return *fallback;
      if (!isScalarValue(*fallback)) return std::nullopt;
      text = scalarText(*fallback);
    } else {
      auto passed = value(feed->parent, *feed->passed, useDefaults);
      if (!passed.complete || passed.absent) return std::nullopt;
      assumed = assumed || passed.assumed;
      if (passed.value.is_array()) {  // a list passed on: the nested stack reads it joined
        for (std::size_t i = 0; i < passed.value.size(); ++i) {
          if (!isScalarValue(passed.value[i])) return std::nullopt;
          text += (i == 0 ? "" : ",") + scalarText(passed.value[i]);
        }
      } else if (isScalarValue(passed.value)) {
        text = scalarText(passed.value);
      } else {
        return std::nullopt;
      }
    }
  } else if (auto value = given(stack, name)) {
    text = *value;
  } else {
    bool nested = false;
    model_.forEachOutgoing(*index, [&](ComponentIndex, ComponentIndex, const Relationship& edge) {
      if (edge.reference == ReferenceKind::NestedStackParameter) nested = true;
    });
    if (nested || !useDefaults || fallback == declaration.end()) return std::nullopt;
    if (values_.previousValues.count({stack, name}) != 0) return std::nullopt;
    if (fallback->is_array()) {  // a list Default written as a list
      assumed = true;
      return *fallback;
    }
    if (!isScalarValue(*fallback)) return std::nullopt;
    text = scalarText(*fallback);
    assumed = true;
  }
  if (isListType(declaration)) return splitList(text, ",", true);
  return Json(text);
}

EvaluatedValue TemplateEvaluator::value(const std::string& stack, const Json& written,
                                        bool useDefaults) {
  Context context{*this, stack, useDefaults};
  return evaluate(context, written, 0);
}

EvaluatedValue TemplateEvaluator::evaluate(Context& context, const Json& value, int depth) {
  if (depth > kMaxDepth) {
    EvaluatedValue out = evaluatedAs(value);
    out.complete = false;
    return out;
  }
  if (value.is_array()) {
    EvaluatedValue out = evaluatedAs(Json::array());
    for (const auto& element : value) {
      auto each = evaluate(context, element, depth + 1);
      out.complete = out.complete && each.complete;
      out.assumed = out.assumed || each.assumed;
      if (!each.absent) out.value.push_back(std::move(each.value));  // NoValue drops an element
    }
    return out;
  }
  if (!value.is_object()) return evaluatedAs(value);
  if (isIntrinsic(value) && !isConditionReference(value)) {
    // A function c2a has no evaluation for is known at deploy time only: kept, its argument
    // evaluated as far as it goes.
    const auto& name = value.begin().key();
    const auto& argument = value.begin().value();
    const auto* function = intrinsicFunctionNamed(name);
    if (function != nullptr && function->evaluate != nullptr) {
      return function->evaluate(context, argument, value, depth);
    }
    return keptCall(name, evaluate(context, argument, depth + 1));
  }
  EvaluatedValue out = evaluatedAs(Json::object());
  auto& members = out.value.get_ref<Json::object_t&>();
  members.makeRoom(value.size());
  for (const auto& [key, member] : value.items()) {
    auto each = evaluate(context, member, depth + 1);
    out.complete = out.complete && each.complete;
    out.assumed = out.assumed || each.assumed;
    if (!each.absent) members.append(key, std::move(each.value));  // NoValue drops a key
  }
  return out;
}

namespace {

// The partition a region is in (the CDK and CloudFormation agree on these prefixes).
std::string partitionOf(const std::string& region) {
  if (region.rfind("cn-", 0) == 0) return "aws-cn";
  if (region.rfind("us-gov-", 0) == 0) return "aws-us-gov";
  if (region.rfind("us-isob-", 0) == 0) return "aws-iso-b";
  if (region.rfind("us-iso-", 0) == 0) return "aws-iso";
  if (region.rfind("eu-isoe-", 0) == 0) return "aws-iso-e";
  return "aws";
}

}  // namespace

std::optional<std::string> TemplateEvaluator::pseudoParameter(const std::string& stack,
                                                              const std::string& name) const {
  // Where the stack deploys, as its cloud assembly says, first: it is per stack, the options
  // (--region, --account, --partition) are for every stack and fill in what it leaves unknown.
  const auto& environment = model_.environment(stack);
  auto given = [this](const char* key) -> std::optional<std::string> {
    auto found = values_.pseudo.find(key);
    if (found == values_.pseudo.end()) return std::nullopt;
    return found->second;
  };
  auto region = environment.region.empty() ? given("AWS::Region") : environment.region;
  auto partition = environment.region.empty() ? given("AWS::Partition")
                                              : std::optional(partitionOf(environment.region));
  if (name == "AWS::Region") return region;
  if (name == "AWS::AccountId") {
    return environment.account.empty() ? given("AWS::AccountId") : environment.account;
  }
  if (name == "AWS::StackName") {
    return environment.stackName.empty() ? given("AWS::StackName") : environment.stackName;
  }
  if (name == "AWS::Partition") return partition;
  if (name == "AWS::URLSuffix") {
    if (auto suffix = given("AWS::URLSuffix")) return suffix;
    if (!partition) return std::nullopt;
    return *partition == "aws-cn" ? "amazonaws.com.cn" : "amazonaws.com";
  }
  return given(name.c_str());
}

std::optional<Json> TemplateEvaluator::availabilityZones(const std::string& stack,
                                                         const Json& region) const {
  if (values_.availabilityZones.empty()) return std::nullopt;
  // The zones given are those of the deployment's region: `""` and `!Ref AWS::Region` name it,
  // and so does its name written out.
  const bool deploymentRegion =
      (region.is_string() && region.get_ref<const std::string&>().empty()) ||
      (isIntrinsic(region) && region.begin().key() == "Ref" &&
       region.begin().value() == "AWS::Region");
  auto given = values_.pseudo.find("AWS::Region");
  const auto& stackRegion = model_.environment(stack).region;
  const bool named = region.is_string() && given != values_.pseudo.end() &&
                     region.get_ref<const std::string&>() == given->second;
  if (!deploymentRegion && !named) return std::nullopt;
  // A stack its assembly places in a region gets the zones only when they are that region's (an
  // assembly may deploy to several).
  if (!stackRegion.empty() && (given == values_.pseudo.end() || stackRegion != given->second)) {
    return std::nullopt;
  }
  Json zones = Json::array();
  for (const auto& zone : values_.availabilityZones) zones.push_back(zone);
  return zones;
}

}  // namespace c2a
