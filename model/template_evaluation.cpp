#include "model/template_evaluation.h"

#include <openssl/evp.h>

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "model/intrinsics.h"
#include "model/same_value.h"
#include "model/sub_placeholders.h"

namespace c2a {
namespace {

constexpr int kMaxDepth = 64;  // of nested functions and conditions; deeper stays as written
constexpr std::size_t kMaxConditionChain = 256;  // conditions naming conditions
// A string evaluation makes (Fn::Sub, Fn::Join) longer than this stays as written: no deployable
// value is this long, and a Fn::Sub variable used twice per level of nesting would otherwise double
// the text at every level (2^64 bytes from a few kilobytes).
constexpr std::size_t kMaxEvaluatedText = std::size_t{1} << 20;

Evaluated known(bool value, bool fromDefaults) {
  return {value ? Truth::True : Truth::False, fromDefaults};
}

EvaluatedValue result(Json value, bool assumed = false) {
  EvaluatedValue out;
  out.value = std::move(value);
  out.assumed = assumed;
  return out;
}

// A function kept as written, its arguments evaluated as far as they go.
EvaluatedValue unevaluated(const std::string& name, EvaluatedValue args) {
  EvaluatedValue out;
  out.value = Json{{name, std::move(args.value)}};
  out.complete = false;
  out.assumed = args.assumed;
  return out;
}

// A value whose evaluation would be longer than kMaxEvaluatedText: unknown until deploy time.
EvaluatedValue tooLong(const Json& written) {
  EvaluatedValue out = result(written);
  out.complete = false;
  return out;
}

bool isScalar(const Json& value) {
  return value.is_string() || value.is_number() || value.is_boolean();
}

std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t\n\r");
  if (first == std::string::npos) return "";
  auto last = text.find_last_not_of(" \t\n\r");
  return text.substr(first, last - first + 1);
}

Json splitList(const std::string& text, const std::string& delimiter, bool trim) {
  Json out = Json::array();
  if (delimiter.empty()) {
    out.push_back(text);
    return out;
  }
  std::size_t start = 0;
  while (true) {
    auto at = text.find(delimiter, start);
    std::string part = text.substr(start, at == std::string::npos ? std::string::npos : at - start);
    out.push_back(trim ? trimmed(part) : part);
    if (at == std::string::npos) break;
    start = at + delimiter.size();
  }
  return out;
}

std::string base64(const std::string& text) {
  std::string out(4 * ((text.size() + 2) / 3) + 1, '\0');
  int length = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                               reinterpret_cast<const unsigned char*>(text.data()),
                               static_cast<int>(text.size()));
  out.resize(static_cast<std::size_t>(std::max(length, 0)));
  return out;
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

struct TemplateEvaluator::Context {
  const std::string& stack;
  bool useDefaults;
};

TemplateEvaluator::TemplateEvaluator(const InfraModel& model, DeploymentValues values)
    : model_(model), values_(std::move(values)) {}

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

Evaluated TemplateEvaluator::expression(const std::string& stack, const Json& value, int depth) {
  if (depth > kMaxDepth || !value.is_object() || value.size() != 1) return {};
  const std::string& function = value.begin().key();
  const Json& args = value.begin().value();
  if (function == "Condition") {
    return args.is_string() ? condition(stack, args.get<std::string>()) : Evaluated{};
  }
  if (function == "Fn::Equals") {
    if (!args.is_array() || args.size() != 2) return {};
    // Conditions are evaluated with the Defaults too: the answer then says it rests on them.
    Context context{stack, true};
    auto left = evaluate(context, args[0], depth + 1);
    auto right = evaluate(context, args[1], depth + 1);
    if (!left.complete || !right.complete || !isScalar(left.value) || !isScalar(right.value)) {
      return {};
    }
    return known(scalarText(left.value) == scalarText(right.value), left.assumed || right.assumed);
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
      if (!isScalar(*fallback)) return std::nullopt;
      text = scalarText(*fallback);
    } else {
      auto passed = value(feed->parent, *feed->passed, useDefaults);
      if (!passed.complete || passed.absent) return std::nullopt;
      assumed = assumed || passed.assumed;
      if (passed.value.is_array()) {  // a list passed on: the nested stack reads it joined
        for (std::size_t i = 0; i < passed.value.size(); ++i) {
          if (!isScalar(passed.value[i])) return std::nullopt;
          text += (i == 0 ? "" : ",") + scalarText(passed.value[i]);
        }
      } else if (isScalar(passed.value)) {
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
    if (fallback->is_array()) {  // a list Default written as a list
      assumed = true;
      return *fallback;
    }
    if (!isScalar(*fallback)) return std::nullopt;
    text = scalarText(*fallback);
    assumed = true;
  }
  if (isListType(declaration)) return splitList(text, ",", true);
  return Json(text);
}

EvaluatedValue TemplateEvaluator::value(const std::string& stack, const Json& written,
                                        bool useDefaults) {
  Context context{stack, useDefaults};
  return evaluate(context, written, 0);
}

EvaluatedValue TemplateEvaluator::evaluate(Context& context, const Json& value, int depth) {
  if (depth > kMaxDepth) {
    EvaluatedValue out = result(value);
    out.complete = false;
    return out;
  }
  if (value.is_array()) {
    EvaluatedValue out = result(Json::array());
    for (const auto& element : value) {
      auto each = evaluate(context, element, depth + 1);
      out.complete = out.complete && each.complete;
      out.assumed = out.assumed || each.assumed;
      if (!each.absent) out.value.push_back(std::move(each.value));  // NoValue drops an element
    }
    return out;
  }
  if (!value.is_object()) return result(value);
  if (isIntrinsic(value) && !isConditionReference(value)) {
    return function(context, value.begin().key(), value.begin().value(), value, depth);
  }
  EvaluatedValue out = result(Json::object());
  auto& members = out.value.get_ref<Json::object_t&>();
  members.makeRoom(value.size());
  for (const auto& [key, member] : value.items()) {
    auto each = evaluate(context, member, depth + 1);
    out.complete = out.complete && each.complete;
    out.assumed = out.assumed || each.assumed;
    if (!each.absent) members.emplace_back(key, std::move(each.value));  // NoValue drops a key
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

// Long (one case per intrinsic function, each a few lines) until the functions become the
// intrinsic table of issue 28, one file per family, each entry saying how it evaluates.
EvaluatedValue TemplateEvaluator::function(Context& context, const std::string& name,
                                           const Json& args, const Json& written, int depth) {
  auto kept = [&] { return unevaluated(name, evaluate(context, args, depth + 1)); };
  if (name == "Ref") {
    if (!args.is_string()) return kept();
    const auto& target = args.get_ref<const std::string&>();
    if (target == "AWS::NoValue") {
      EvaluatedValue out = result(Json());
      out.absent = true;
      return out;
    }
    if (auto pseudo = pseudoParameter(context.stack, target)) return result(*pseudo);
    bool assumed = false;
    if (auto deployed = parameter(context.stack, target, context.useDefaults, assumed)) {
      return result(std::move(*deployed), assumed);
    }
    return unevaluated(name, result(args));
  }
  if (name == "Fn::If") {
    if (!args.is_array() || args.size() != 3 || !args[0].is_string()) return kept();
    auto holds = condition(context.stack, args[0].get<std::string>());
    if (holds.truth == Truth::Unknown || (holds.fromDefaults && !context.useDefaults)) {
      return kept();
    }
    auto chosen = evaluate(context, args[holds.truth == Truth::True ? 1 : 2], depth + 1);
    chosen.assumed = chosen.assumed || holds.fromDefaults;
    return chosen;
  }
  if (name == "Fn::FindInMap") {
    auto evaluated = evaluate(context, args, depth + 1);
    const Json& parts = evaluated.value;
    if (!evaluated.complete || !parts.is_array() || parts.size() < 3 || !parts[0].is_string() ||
        !isScalar(parts[1]) || !isScalar(parts[2])) {
      return unevaluated(name, std::move(evaluated));
    }
    if (auto mapping =
            model_.find(context.stack, ComponentType::Mapping, parts[0].get<std::string>())) {
      const Json& entries = model_.component(*mapping).properties;
      auto top = entries.find(scalarText(parts[1]));
      if (top != entries.end() && top->is_object()) {
        auto entry = top->find(scalarText(parts[2]));
        if (entry != top->end()) return result(*entry, evaluated.assumed);
      }
      // AWS::LanguageExtensions: a lookup that finds nothing takes its DefaultValue.
      if (parts.size() == 4 && parts[3].is_object() && parts[3].contains("DefaultValue")) {
        return result(parts[3]["DefaultValue"], evaluated.assumed);
      }
    }
    return unevaluated(name, std::move(evaluated));
  }
  if (name == "Fn::Sub") {
    const Json* text = args.is_string() ? &args : nullptr;
    const Json* variables = nullptr;
    if (args.is_array() && args.size() == 2 && args[0].is_string() && args[1].is_object()) {
      text = &args[0];
      variables = &args[1];
    }
    if (text == nullptr) return kept();
    const auto& source = text->get_ref<const std::string&>();
    // Two renderings at once: `plain`, the deployed text (`${!Literal}` escapes of the template's
    // own text become `${Literal}`, substituted values stay as they are), and `out`, the text
    // still to substitute at deploy time (the template's text as written, substituted values
    // escaped so that a `${` in them is no placeholder).
    std::string plain, out;
    auto literal = [&](std::size_t start, std::size_t end) {
      out.append(source, start, end - start);
      for (std::size_t i = start; i < end; ++i) {
        if (i + 2 < end && source.compare(i, 3, "${!") == 0) {
          plain += "${";
          i += 2;
        } else {
          plain += source[i];
        }
      }
    };
    bool complete = true;
    bool assumed = false;
    std::size_t from = 0;
    // Each variable is evaluated once, however often its placeholder appears: nested Fn::Subs
    // that use a variable twice stay linear in their depth.
    std::map<std::string, EvaluatedValue, std::less<>> evaluatedVariables;
    for (const auto& placeholder : subPlaceholders(source)) {
      literal(from, placeholder.offset);
      from = placeholder.offset + placeholder.length;
      const EvaluatedValue* part = nullptr;
      std::optional<EvaluatedValue> reference;
      if (variables != nullptr && variables->contains(placeholder.expression)) {
        auto [it, added] = evaluatedVariables.try_emplace(placeholder.expression);
        if (added) it->second = evaluate(context, (*variables)[placeholder.expression], depth + 1);
        part = &it->second;
      } else if (placeholder.attribute.empty()) {
        reference = function(context, "Ref", Json(placeholder.expression), written, depth + 1);
        part = &*reference;
      }
      if (part != nullptr && part->complete && isScalar(part->value)) {
        auto value = scalarText(part->value);
        plain += value;
        for (std::size_t i = 0; i < value.size(); ++i) {
          out += value[i];
          if (value.compare(i, 2, "${") == 0) {
            out += "{!";
            ++i;
          }
        }
        assumed = assumed || part->assumed;
      } else {
        out.append(source, placeholder.offset, placeholder.length);  // kept for deploy time
        complete = false;
      }
      if (plain.size() > kMaxEvaluatedText || out.size() > kMaxEvaluatedText) {
        return tooLong(written);
      }
    }
    literal(from, source.size());
    if (complete) return result(plain, assumed);
    EvaluatedValue partial;
    partial.complete = false;
    partial.assumed = assumed;
    if (variables == nullptr) {
      partial.value = Json{{name, out}};
    } else {
      // Variables used are inlined; the rest stay in the map for deploy time.
      Json rest = Json::object();
      for (const auto& [key, variable] : variables->items()) {
        if (out.find("${" + key + "}") != std::string::npos) rest[key] = variable;
      }
      partial.value = rest.empty() ? Json{{name, out}} : Json{{name, Json::array({out, rest})}};
    }
    return partial;
  }
  if (name == "Fn::GetAZs") {
    if (auto zones = availabilityZones(context.stack, args)) return result(std::move(*zones));
    return kept();
  }
  auto evaluated = evaluate(context, args, depth + 1);
  const Json& parts = evaluated.value;
  if (!evaluated.complete) return unevaluated(name, std::move(evaluated));
  if (name == "Fn::Join" && parts.is_array() && parts.size() == 2 && parts[0].is_string() &&
      parts[1].is_array()) {
    std::string joined;
    for (std::size_t i = 0; i < parts[1].size(); ++i) {
      if (!isScalar(parts[1][i])) return unevaluated(name, std::move(evaluated));
      if (i > 0) joined += parts[0].get<std::string>();
      joined += scalarText(parts[1][i]);
      if (joined.size() > kMaxEvaluatedText) return tooLong(written);
    }
    return result(joined, evaluated.assumed);
  }
  if (name == "Fn::Select" && parts.is_array() && parts.size() == 2 && isScalar(parts[0]) &&
      parts[1].is_array()) {
    const auto text = scalarText(parts[0]);
    if (!text.empty() &&
        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        text.size() < 9) {
      auto index = static_cast<std::size_t>(std::stoul(text));
      if (index < parts[1].size()) return result(parts[1][index], evaluated.assumed);
    }
    return unevaluated(name, std::move(evaluated));
  }
  if (name == "Fn::Split" && parts.is_array() && parts.size() == 2 && parts[0].is_string() &&
      isScalar(parts[1])) {
    return result(splitList(scalarText(parts[1]), parts[0].get<std::string>(), false),
                  evaluated.assumed);
  }
  if (name == "Fn::Base64" && isScalar(parts)) {
    return result(base64(scalarText(parts)), evaluated.assumed);
  }
  if (name == "Fn::Length" && parts.is_array()) {
    return result(Json(parts.size()), evaluated.assumed);
  }
  if (name == "Fn::ToJsonString" && (parts.is_object() || parts.is_array())) {
    return result(parts.dump(), evaluated.assumed);
  }
  // Fn::GetAtt, Fn::ImportValue, Fn::GetAZs, Fn::Cidr...: known at deploy time only.
  return unevaluated(name, std::move(evaluated));
}

}  // namespace c2a
