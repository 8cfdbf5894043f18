#pragma once
// The table of intrinsic functions (issue 28): one entry per function, each saying what the
// function references, how it evaluates with what the deployment is known to pass, how it
// normalises for "same value", how a rename of logical ids rewrites it, how a reviewer reads it
// and its YAML short form. The entries live in one file per family (reference_functions.cpp,
// text_functions.cpp, condition_functions.cpp, lookup_functions.cpp, extension_functions.cpp);
// function_table.cpp lists them, one line each. Model code asks the table; stages ask
// model/intrinsics.h.
#include <optional>
#include <string>
#include <string_view>

#include "model/intrinsics.h"
#include "model/json.h"

namespace c2a {

class ReferenceWalk;
class FunctionEvaluation;
struct EvaluatedValue;
struct Evaluated;

struct IntrinsicFunction {
  Fn id;
  std::string_view name;  // as a template spells it
  /// Written `!Name` in YAML (Ref and Condition keep their name; the others drop `Fn::`).
  bool yamlShortForm = true;
  /// The argument of a scalar short form (`!GetAtt A.B` → ["A", "B"]); null: the text itself.
  Json (*scalarArgument)(const std::string& text) = nullptr;
  /// The references the call makes; null: only those nested in its argument.
  void (*references)(ReferenceWalk& walk, const Json& argument) = nullptr;
  /// Its value with what is known; null: known at deploy time only (kept, its argument
  /// evaluated as far as it goes).
  EvaluatedValue (*evaluate)(FunctionEvaluation& evaluation, const Json& argument,
                             const Json& written, int depth) = nullptr;
  /// Its truth, for the functions of condition expressions; null: not one of them.
  Evaluated (*decide)(FunctionEvaluation& evaluation, const Json& argument, int depth) = nullptr;
  /// The one canonical way to write the same call (model/same_value.h), once its argument is
  /// canonical; nothing: it is written so already.
  std::optional<Json> (*canonical)(const Json& argument) = nullptr;
  /// The call once logical ids are renamed; nothing: only the values nested in it change.
  std::optional<Json> (*renamed)(const Json& argument, const LogicalIdRenames& renames) = nullptr;
  /// On one line as a reviewer reads it (`${Bucket.Arn}`); nothing: shown as JSON.
  std::optional<std::string> (*readable)(const Json& argument,
                                         const ReadableNames* names) = nullptr;
};

/// A logical id as `names` shows it (readableText); the id itself when `names` has none for it.
std::string readableName(std::string_view logicalId, const ReadableNames* names);
/// A `${...}` placeholder's inside (`Bucket`, `Bucket.Arn`, `AWS::Region`) with the resource it
/// names shown by readableName.
std::string readablePlaceholder(std::string_view inner, const ReadableNames* names);

/// The entry of a known function.
const IntrinsicFunction& intrinsicFunction(Fn function);
/// The entry a key names; null for other keys and for functions c2a does not know.
const IntrinsicFunction* intrinsicFunctionNamed(std::string_view key);

// The family files' entries, listed by function_table.cpp.
IntrinsicFunction refFunction();
IntrinsicFunction getAttFunction();
IntrinsicFunction importValueFunction();
IntrinsicFunction subFunction();
IntrinsicFunction joinFunction();
IntrinsicFunction selectFunction();
IntrinsicFunction splitFunction();
IntrinsicFunction base64Function();
IntrinsicFunction cidrFunction();
IntrinsicFunction ifFunction();
IntrinsicFunction conditionFunction();
IntrinsicFunction equalsFunction();
IntrinsicFunction andFunction();
IntrinsicFunction orFunction();
IntrinsicFunction notFunction();
IntrinsicFunction ruleFunction(Fn id, std::string_view name);
IntrinsicFunction findInMapFunction();
IntrinsicFunction getAZsFunction();
IntrinsicFunction lengthFunction();
IntrinsicFunction toJsonStringFunction();
IntrinsicFunction transformFunction();

}  // namespace c2a
