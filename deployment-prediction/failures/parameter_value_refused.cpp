// CloudFormation checks every parameter value against its declaration before it acts, and refuses
// the whole deployment when one fails ("Parameter 'Env' must be one of AllowedValues").
#include <fmt/format.h>
#include <re2/re2.h>

#include <cstdlib>
#include <optional>

#include "deployment-prediction/failures/failure_list.h"
#include "model/same_value.h"
#include "model/utf8.h"

namespace c2a::prediction {
namespace {

constexpr std::string_view kParameterValueRefused = "parameter-value-refused";

constexpr std::size_t kShown = 60;

std::optional<double> number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (end == nullptr || *end != '\0') return std::nullopt;
  return value;
}

std::optional<double> numberOf(const Json& declaration, const char* key) {
  auto it = declaration.find(key);
  if (it == declaration.end()) return std::nullopt;
  if (it->is_number()) return it->get<double>();
  return it->is_string() ? number(it->get<std::string>()) : std::nullopt;
}

// Why `value` breaks the declaration, or "" when it does not.
std::string refusal(const Json& declaration, const std::string& value) {
  auto shown = cutUtf8(value, kShown);
  if (auto allowed = declaration.find("AllowedValues");
      allowed != declaration.end() && allowed->is_array()) {
    bool found = false;
    for (const auto& each : *allowed) found = found || scalarText(each) == value;
    if (!found) return fmt::format("`{}` is not one of its AllowedValues", shown);
  }
  if (auto pattern = declaration.find("AllowedPattern");
      pattern != declaration.end() && pattern->is_string()) {
    RE2::Options options;
    options.set_log_errors(false);
    RE2 regex(pattern->get<std::string>(), options);
    if (regex.ok() && !RE2::FullMatch(value, regex)) {
      return fmt::format("`{}` does not match its AllowedPattern", shown);
    }
  }
  if (auto least = numberOf(declaration, "MinLength");
      least && static_cast<double>(utf8Length(value)) < *least) {
    return fmt::format("`{}` is shorter than its MinLength {}", shown, *least);
  }
  if (auto most = numberOf(declaration, "MaxLength");
      most && static_cast<double>(utf8Length(value)) > *most) {
    return fmt::format("`{}` is longer than its MaxLength {}", shown, *most);
  }
  auto type = declaration.value("Type", std::string());
  if (type == "Number") {
    auto n = number(value);
    if (!n) return fmt::format("`{}` is not a number", shown);
    if (auto least = numberOf(declaration, "MinValue"); least && *n < *least) {
      return fmt::format("{} is below its MinValue {}", shown, *least);
    }
    if (auto most = numberOf(declaration, "MaxValue"); most && *n > *most) {
      return fmt::format("{} is above its MaxValue {}", shown, *most);
    }
  }
  return "";
}

// The parameter's own operation (an UPDATE of its Value), if the diff has one.
std::optional<std::size_t> operationOf(const ModelDiff& diff, ComponentIndex parameter) {
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    const auto& op = diff.operations[i];
    if (op.after == parameter && op.componentType == ComponentType::Parameter) return i;
  }
  return std::nullopt;
}

void parameterValuesRefused(const ModelDiff& diff, TemplateEvaluator& after,
                            const std::map<std::string, SourceLocation>& given, Failures& out) {
  const InfraModel& model = *diff.after;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& parameter = model.component(i);
    if (parameter.type != ComponentType::Parameter) continue;
    auto value = after.given(parameter.stack, parameter.name);
    if (!value) continue;
    std::string why;
    auto type = parameter.properties.value("Type", std::string());
    bool list = type == "CommaDelimitedList" || type.starts_with("List<");
    if (list) {
      // Each member of a list is checked on its own.
      std::size_t start = 0;
      while (why.empty()) {
        auto comma = value->find(',', start);
        auto member = value->substr(start, comma == std::string::npos ? comma : comma - start);
        auto first = member.find_first_not_of(' ');
        auto last = member.find_last_not_of(' ');
        why = refusal(parameter.properties,
                      first == std::string::npos ? "" : member.substr(first, last - first + 1));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else {
      why = refusal(parameter.properties, *value);
    }
    if (why.empty()) continue;
    Failure failure;
    failure.code = std::string(kParameterValueRefused);
    failure.message = fmt::format(
        "the value given for parameter {}{}: {}; CloudFormation checks every parameter before it "
        "acts and refuses the whole deployment",
        parameter.name, parameter.stack.empty() ? "" : " of stack " + parameter.stack, why);
    failure.change = operationOf(diff, i);
    if (auto where = given.find(parameter.name); where != given.end()) {
      failure.where = where->second;
    }
    out.push_back(std::move(failure));
  }
}

}  // namespace

FailureKind parameterValueRefusedKind() {
  return {kParameterValueRefused, "A parameter value its declaration refuses", true,
          [](const FailureInputs& inputs, Failures& out) {
            parameterValuesRefused(inputs.diff, inputs.after, inputs.given, out);
          }};
}

}  // namespace c2a::prediction
