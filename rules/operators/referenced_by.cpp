// `a <- b` (also `referencedBy`): b refers to a, before or after the change. A change stands for
// its component.
#include "rules/operators/entities.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool referencedBy(const Value& lhs, const Value& rhs, const EvaluationContext& context) {
  auto a = entityComponent(lhs, context);
  auto b = entityComponent(rhs, context);
  return a && b && dependsOn(context, *b, *a);
}

}  // namespace

OperatorInfo referencedByOperator() {
  return {.name = "<-",
          .aliases = {"referencedBy"},
          .lhs = OperandMode::Entity,
          .rhs = OperandMode::Entity,
          .summary = "b refers to a, before or after the change",
          .apply = &referencedBy,
          .join = GraphJoin::ReferencedBy};
}

}  // namespace c2a::rules
