// `a << b` (also `enclosedBy`): a is inside the stack or construct b, at any depth. A change stands
// for its component.
#include "rules/operators/entities.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool enclosedBy(const Value& lhs, const Value& rhs, const EvaluationContext& context) {
  auto a = entityComponent(lhs, context);
  auto b = entityComponent(rhs, context);
  return a && b && encloses(context, *b, *a);
}

}  // namespace

OperatorInfo enclosedByOperator() {
  return {.name = "<<",
          .aliases = {"enclosedBy"},
          .lhs = OperandMode::Entity,
          .rhs = OperandMode::Entity,
          .summary = "a is inside the stack or construct b, at any depth",
          .apply = &enclosedBy};
}

}  // namespace c2a::rules
