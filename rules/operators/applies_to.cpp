// `change appliesTo bucket`, `change appliesTo bucket.Properties.Tags.*`: C2A's operator tying a
// change to a component, or to an area of a component's properties.
#include "rules/evaluation/inside_levels.h"
#include "rules/evaluator.h"
#include "rules/operators/entities.h"
#include "rules/operators/operator_list.h"
#include "rules/operators/path_pattern.h"

namespace c2a::rules {
namespace {

bool appliesTo(const Value& lhs, const Value& rhs, const EvaluationContext& context) {
  if (lhs.kind != Value::Kind::Change || lhs.change >= context.diff().operations.size()) {
    return false;
  }
  const auto& operation = context.diff().operations[lhs.change];
  auto target = entityComponent(rhs, context);
  if (!target || !sameComponent({operation.before, operation.after}, *target)) return false;
  if (rhs.kind != Value::Kind::Pattern || rhs.pattern.empty()) return true;
  // A change bound at an enclosing level, or inside an intrinsic function (evaluation/bound.h),
  // applies where the pattern matches that level's path exactly: C2A's rules bind the container
  // the pattern names.
  if (lhs.inside > 0) {
    if (!operation.property) return false;
    const auto& levels = context.insideLevels(lhs.change);
    if (lhs.inside > levels.size()) return false;
    return matchesExactly(levels[lhs.inside - 1].path, rhs.pattern);
  }
  if (lhs.level > 0) {
    if (!operation.property || lhs.level >= operation.property->path.size()) return false;
    const auto& full = operation.property->path;
    return matchesExactly(std::span<const std::string>(full.data(), full.size() - lhs.level),
                          rhs.pattern);
  }
  // A component-level operation (REPLACE, INSERT...) is not "in" any property area.
  return operation.property && touches(*operation.property, rhs.pattern);
}

}  // namespace

OperatorInfo appliesToOperator() {
  return {
      .name = "appliesTo",
      .aliases = {},
      .lhs = OperandMode::Entity,
      .rhs = OperandMode::Pattern,
      .summary = "the change is on the component (and, with a path, touches that property area)",
      .apply = &appliesTo,
      .join = GraphJoin::ChangeOnComponent};
}

}  // namespace c2a::rules
