#pragma once
// Turns an operand into the values an operator sees, under the current bindings: the JSON values a
// path reaches, the bound object itself, or a bound component with a path pattern.
#include <span>
#include <vector>

#include "rules/evaluation/bound.h"
#include "rules/evaluation/world.h"
#include "rules/evaluator.h"
#include "rules/operators.h"

namespace c2a::rules {

class OperandResolver {
 public:
  OperandResolver(const DiffWorld& world, const EvaluationContext& context)
      : world_(world), context_(context) {}

  /// Appends to `out` what `operand` yields in `mode`. Values: a literal yields itself (a list
  /// literal is one array); a path yields every value it reaches, zero or more. Entity: a bare
  /// bound binding yields its component or change. Pattern: a path rooted at a bound component
  /// yields that component with the path's segments as the pattern; a bare change yields the
  /// change.
  void resolve(const Operand& operand, OperandMode mode, std::span<const Bound> slots,
               std::vector<Value>& out) const;

 private:
  void pathValues(const PathOperand& path, const Bound& root, std::vector<Value>& out) const;
  void componentValues(WorldComponentId id, std::span<const PathSegment> segments,
                       std::vector<Value>& out) const;
  void changeValues(std::size_t operation, std::span<const PathSegment> segments,
                    std::vector<Value>& out) const;
  /// `path`, `old`, `new` (and `property.*` of them) of a change bound `level` levels above its
  /// value (bound.h); false for any other field, which reads as at the change itself.
  bool enclosingValues(std::size_t operation, std::size_t level,
                       std::span<const PathSegment> segments, std::vector<Value>& out) const;
  /// The same for a change read at the `inside`-th value inside its intrinsic function (bound.h).
  bool insideValues(std::size_t operation, std::size_t inside,
                    std::span<const PathSegment> segments, std::vector<Value>& out) const;

  const DiffWorld& world_;
  const EvaluationContext& context_;  // the inside levels, worked out once per change
};

}  // namespace c2a::rules
