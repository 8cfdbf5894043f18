#include "model/intrinsics/function_evaluation.h"

namespace c2a {
namespace {

std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t\n\r");
  if (first == std::string::npos) return "";
  auto last = text.find_last_not_of(" \t\n\r");
  return text.substr(first, last - first + 1);
}

}  // namespace

EvaluatedValue evaluatedAs(Json value, bool assumed) {
  EvaluatedValue out;
  out.value = std::move(value);
  out.assumed = assumed;
  return out;
}

EvaluatedValue keptCall(std::string_view name, EvaluatedValue argument) {
  EvaluatedValue out;
  out.value = Json::object();
  out.value[std::string(name)] = std::move(argument.value);
  out.complete = false;
  out.assumed = argument.assumed;
  return out;
}

EvaluatedValue tooLong(const Json& written) {
  EvaluatedValue out = evaluatedAs(written);
  out.complete = false;
  return out;
}

bool isScalarValue(const Json& value) {
  return value.is_string() || value.is_number() || value.is_boolean();
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

}  // namespace c2a
