// The table of intrinsic functions: one line per function, its behaviour in its family's file.
#include "model/intrinsics/function_table.h"

#include <array>
#include <cstddef>

namespace c2a {
namespace {

constexpr std::size_t kFunctionCount = static_cast<std::size_t>(Fn::ValueOfAll) + 1;

// In the order of enum Fn: an entry's index is its id.
const std::array<IntrinsicFunction, kFunctionCount>& table() {
  static const std::array<IntrinsicFunction, kFunctionCount> kFunctions = {
      refFunction(),
      getAttFunction(),
      subFunction(),
      joinFunction(),
      selectFunction(),
      splitFunction(),
      base64Function(),
      cidrFunction(),
      getAZsFunction(),
      importValueFunction(),
      findInMapFunction(),
      ifFunction(),
      conditionFunction(),
      equalsFunction(),
      andFunction(),
      orFunction(),
      notFunction(),
      lengthFunction(),
      toJsonStringFunction(),
      transformFunction(),
      ruleFunction(Fn::Contains, "Fn::Contains"),
      ruleFunction(Fn::EachMemberEquals, "Fn::EachMemberEquals"),
      ruleFunction(Fn::EachMemberIn, "Fn::EachMemberIn"),
      ruleFunction(Fn::RefAll, "Fn::RefAll"),
      ruleFunction(Fn::ValueOf, "Fn::ValueOf"),
      ruleFunction(Fn::ValueOfAll, "Fn::ValueOfAll"),
  };
  return kFunctions;
}

constexpr std::string_view kFnPrefix = "Fn::";

}  // namespace

const IntrinsicFunction& intrinsicFunction(Fn function) {
  return table()[static_cast<std::size_t>(function)];
}

const IntrinsicFunction* intrinsicFunctionNamed(std::string_view key) {
  if (!isFunctionName(key) && key != "Condition") return nullptr;
  for (const auto& entry : table()) {
    if (entry.name == key) return &entry;
  }
  return nullptr;
}

std::string_view functionName(Fn function) {
  return intrinsicFunction(function).name;
}

std::optional<Fn> functionNamed(std::string_view key) {
  if (const auto* entry = intrinsicFunctionNamed(key)) return entry->id;
  return std::nullopt;
}

std::optional<Fn> calledFunction(const Json& value) {
  if (!isIntrinsic(value)) return std::nullopt;
  return functionNamed(value.begin().key());
}

bool calls(const Json& value, Fn function) {
  return isIntrinsic(value) && value.begin().key() == functionName(function);
}

Json call(Fn function, Json argument) {
  Json out = Json::object();
  out[std::string(functionName(function))] = std::move(argument);
  return out;
}

std::optional<Json> renamedCall(const Json& call, const LogicalIdRenames& renames) {
  const auto* function = intrinsicFunctionNamed(call.begin().key());
  if (function == nullptr || function->renamed == nullptr) return std::nullopt;
  return function->renamed(call.begin().value(), renames);
}

std::size_t pastConditionBranches(std::span<const std::string> steps, std::size_t at) {
  while (at + 1 < steps.size() && steps[at] == functionName(Fn::If) &&
         (steps[at + 1] == "1" || steps[at + 1] == "2")) {
    at += 2;
  }
  return at;
}

bool isForEachKey(std::string_view key) {
  return key.starts_with("Fn::ForEach::");
}

std::optional<std::string> functionKeyForTag(std::string_view tag) {
  if (tag.size() < 2 || tag[0] != '!') return std::nullopt;
  std::string_view name = tag.substr(1);
  for (const auto& entry : table()) {
    if (!entry.yamlShortForm) continue;
    std::string_view shortName = entry.name;
    if (shortName.starts_with(kFnPrefix)) shortName.remove_prefix(kFnPrefix.size());
    if (shortName == name) return std::string(entry.name);
  }
  return std::nullopt;
}

Json callFromScalar(const std::string& key, const std::string& text) {
  const auto* entry = intrinsicFunctionNamed(key);
  Json out = Json::object();
  out[key] = entry != nullptr && entry->scalarArgument != nullptr ? entry->scalarArgument(text)
                                                                  : Json(text);
  return out;
}

std::string readableName(std::string_view logicalId, const ReadableNames* names) {
  if (names != nullptr) {
    if (auto it = names->find(logicalId); it != names->end()) return it->second;
  }
  return std::string(logicalId);
}

std::string readablePlaceholder(std::string_view inner, const ReadableNames* names) {
  auto dot = inner.find('.');
  std::string out = readableName(inner.substr(0, dot), names);
  if (dot != std::string_view::npos) out.append(inner.substr(dot));
  return out;
}

}  // namespace c2a
