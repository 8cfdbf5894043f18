// `a -> b` (also `references`): a refers to b (Ref, GetAtt, Sub, DependsOn...) before or after the
// change. A change stands for its component.
#include "rules/operators/entities.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool references(const Value& lhs, const Value& rhs, const EvaluationContext& context) {
  auto a = entityComponent(lhs, context);
  auto b = entityComponent(rhs, context);
  return a && b && dependsOn(context, *a, *b);
}

}  // namespace

OperatorInfo referencesOperator() {
  return {.name = "->",
          .aliases = {"references"},
          .lhs = OperandMode::Entity,
          .rhs = OperandMode::Entity,
          .summary = "a refers to b (Ref, GetAtt, Sub, DependsOn...) before or after the change",
          .apply = &references,
          .join = GraphJoin::References};
}

}  // namespace c2a::rules
