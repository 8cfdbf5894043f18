// The functions that look a value up: Fn::FindInMap (a template's mapping) and Fn::GetAZs (the
// region's availability zones, when they are given).
#include "model/intrinsics/function_evaluation.h"
#include "model/intrinsics/function_table.h"
#include "model/intrinsics/reference_walk.h"
#include "model/same_value.h"

namespace c2a {
namespace {

void findInMapReferences(ReferenceWalk& walk, const Json& argument) {
  referToNamedFirstInList(walk, ReferenceKind::FindInMap, argument);
}

// [mapping, top-level key, second-level key(, {"DefaultValue": ...})], each key known.
EvaluatedValue findInMapEvaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                                 int depth) {
  auto evaluated = evaluation.value(argument, depth + 1);
  const Json& parts = evaluated.value;
  if (!evaluated.complete || !parts.is_array() || parts.size() < 3 || !parts[0].is_string() ||
      !isScalarValue(parts[1]) || !isScalarValue(parts[2])) {
    return keptCall(functionName(Fn::FindInMap), std::move(evaluated));
  }
  if (const Json* entries = evaluation.mapping(parts[0].get<std::string>())) {
    auto top = entries->find(scalarText(parts[1]));
    if (top != entries->end() && top->is_object()) {
      auto entry = top->find(scalarText(parts[2]));
      if (entry != top->end()) return evaluatedAs(*entry, evaluated.assumed);
    }
    // AWS::LanguageExtensions: a lookup that finds nothing takes its DefaultValue.
    if (parts.size() == 4 && parts[3].is_object() && parts[3].contains("DefaultValue")) {
      return evaluatedAs(parts[3]["DefaultValue"], evaluated.assumed);
    }
  }
  return keptCall(functionName(Fn::FindInMap), std::move(evaluated));
}

EvaluatedValue getAZsEvaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                              int depth) {
  if (auto zones = evaluation.availabilityZones(argument)) return evaluatedAs(std::move(*zones));
  return keptCall(functionName(Fn::GetAZs), evaluation.value(argument, depth + 1));
}

}  // namespace

IntrinsicFunction findInMapFunction() {
  return {.id = Fn::FindInMap,
          .name = "Fn::FindInMap",
          .references = findInMapReferences,
          .evaluate = findInMapEvaluate};
}

IntrinsicFunction getAZsFunction() {
  return {.id = Fn::GetAZs, .name = "Fn::GetAZs", .evaluate = getAZsEvaluate};
}

}  // namespace c2a
