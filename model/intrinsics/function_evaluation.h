#pragma once
// What an intrinsic function's evaluation may ask (model/template_evaluation.cpp answers): the
// values nested in the call, conditions, parameters, pseudo parameters, mappings and zones, all
// in the stack and with the Defaults policy of the value being evaluated.
#include <cstddef>
#include <optional>
#include <string>

#include "model/json.h"
#include "model/template_evaluation.h"

namespace c2a {

class FunctionEvaluation {
 public:
  virtual ~FunctionEvaluation() = default;
  /// A value nested in the call, evaluated as far as known.
  virtual EvaluatedValue value(const Json& value, int depth) = 0;
  /// The same, with parameters' Defaults used whatever the caller asked (conditions' operands).
  virtual EvaluatedValue valueWithDefaults(const Json& value, int depth) = 0;
  /// The truth of a condition expression.
  virtual Evaluated truth(const Json& expression, int depth) = 0;
  /// The truth of the stack's condition `name`.
  virtual Evaluated condition(const std::string& name) = 0;
  /// Whether parameters' Defaults may be used (the answer is then `assumed`).
  [[nodiscard]] virtual bool useDefaults() const = 0;
  virtual std::optional<std::string> pseudoParameter(const std::string& name) = 0;
  virtual std::optional<Json> parameter(const std::string& name, bool& assumed) = 0;
  /// The stack's mapping `name` (its top-level keys and their entries); null when none.
  virtual const Json* mapping(const std::string& name) = 0;
  /// What `Fn::GetAZs region` gives, when the zones are given for that region.
  virtual std::optional<Json> availabilityZones(const Json& region) = 0;
};

/// A string evaluation makes (Fn::Sub, Fn::Join) longer than this stays as written: no deployable
/// value is this long, and a Fn::Sub variable used twice per level of nesting would otherwise
/// double the text at every level (2^64 bytes from a few kilobytes).
constexpr std::size_t kMaxEvaluatedText = std::size_t{1} << 20;

/// A known result.
EvaluatedValue evaluatedAs(Json value, bool assumed = false);
/// A function kept as written, its argument evaluated as far as it goes.
EvaluatedValue keptCall(std::string_view name, EvaluatedValue argument);
/// A value whose evaluation would be longer than kMaxEvaluatedText: unknown until deploy time.
EvaluatedValue tooLong(const Json& written);
bool isScalarValue(const Json& value);
/// `text` split at each `delimiter`, each part trimmed when `trim` (list parameters).
Json splitList(const std::string& text, const std::string& delimiter, bool trim);

}  // namespace c2a
