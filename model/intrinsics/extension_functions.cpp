// The functions of the AWS::LanguageExtensions transform that c2a evaluates (Fn::Length,
// Fn::ToJsonString) and Fn::Transform, a macro run at deploy time. Fn::ForEach is a key, not a
// call (model/intrinsics.h isForEachKey); platform-mapping expands it.
#include "model/intrinsics/function_evaluation.h"
#include "model/intrinsics/function_table.h"

namespace c2a {
namespace {

EvaluatedValue lengthEvaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                              int depth) {
  auto evaluated = evaluation.value(argument, depth + 1);
  if (evaluated.complete && evaluated.value.is_array()) {
    return evaluatedAs(Json(evaluated.value.size()), evaluated.assumed);
  }
  return keptCall(functionName(Fn::Length), std::move(evaluated));
}

EvaluatedValue toJsonStringEvaluate(FunctionEvaluation& evaluation, const Json& argument,
                                    const Json&, int depth) {
  auto evaluated = evaluation.value(argument, depth + 1);
  if (evaluated.complete && (evaluated.value.is_object() || evaluated.value.is_array())) {
    return evaluatedAs(evaluated.value.dump(), evaluated.assumed);
  }
  return keptCall(functionName(Fn::ToJsonString), std::move(evaluated));
}

}  // namespace

IntrinsicFunction lengthFunction() {
  return {.id = Fn::Length, .name = "Fn::Length", .evaluate = lengthEvaluate};
}

IntrinsicFunction toJsonStringFunction() {
  return {.id = Fn::ToJsonString, .name = "Fn::ToJsonString", .evaluate = toJsonStringEvaluate};
}

IntrinsicFunction transformFunction() {
  return {.id = Fn::Transform, .name = "Fn::Transform"};
}

}  // namespace c2a
