// `a >> b` (also `encloses`): the stack or construct a contains b, at any depth. A change stands
// for its component.
#include "rules/operators/entities.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

bool encloses(const Value& lhs, const Value& rhs, const EvaluationContext& context) {
  auto a = entityComponent(lhs, context);
  auto b = entityComponent(rhs, context);
  return a && b && encloses(context, *a, *b);
}

}  // namespace

OperatorInfo enclosesOperator() {
  return {.name = ">>",
          .aliases = {"encloses"},
          .lhs = OperandMode::Entity,
          .rhs = OperandMode::Entity,
          .summary = "the stack or construct a contains b, at any depth",
          .apply = &encloses};
}

}  // namespace c2a::rules
