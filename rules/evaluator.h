#pragma once
// Evaluates a compiled rule set over a diff: binds identifiers to components and changes, checks
// conditions, and decides each operation (risk, action, deciding rules). Combination is
// order-independent: risk = the highest of the matching effects (high > unknown > low); action =
// reject if any matching effect rejects, else approve if one approves and the risk is not high,
// else none.
#include <cstddef>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "model/decision.h"
#include "model/diff.h"
#include "model/error.h"
#include "model/failure.h"
#include "model/parallel_work.h"
#include "rules/ast.h"
#include "rules/value.h"

namespace c2a::rules {

/// What operators may consult: the diff and both models.
struct InsideLevel;  // evaluation/inside_levels.h

class EvaluationContext {
 public:
  explicit EvaluationContext(const ModelDiff& diff);
  ~EvaluationContext();
  EvaluationContext(const EvaluationContext&) = delete;
  EvaluationContext& operator=(const EvaluationContext&) = delete;

  [[nodiscard]] const ModelDiff& diff() const { return diff_; }
  [[nodiscard]] const InfraModel& before() const { return *diff_.before; }
  [[nodiscard]] const InfraModel& after() const { return *diff_.after; }
  /// insideLevels of the operation's property change (empty without one), worked out the first
  /// time it is asked for and kept: a tree-level query asks once per candidate binding, and
  /// each answer normalises and compares both values (issue 27). Evaluation threads share it.
  [[nodiscard]] const std::vector<InsideLevel>& insideLevels(std::size_t operation) const;

 private:
  const ModelDiff& diff_;
  LazySlots<std::vector<InsideLevel>> insideLevels_;
};

/// Facts about resource types that rules read and the diff does not hold: the specification's.
/// The rules stage includes no other stage; the pipeline fills these from the spec (analyze.cpp).
struct ResourceFacts {
  /// True for resource types that hold data a replacement or a deletion loses (buckets, tables,
  /// databases...): `x.stateful`. Unset: no type is stateful.
  std::function<bool(std::string_view resourceType)> isStateful;
};

/// About 4 seconds of the costliest rules on the project's machine; all the presets together try
/// at most 21,454 on the 644 corpus pairs (`C2A_TIMINGS=1` prints the count).
inline constexpr std::size_t kDefaultMaxRuleCandidates = 20'000'000;

struct EvaluationOptions {
  ResourceFacts facts;
  /// The failures foreseen for the diff (deployment-prediction/), read as `change.failures` (the
  /// codes of a change's failures); null: none.
  const Failures* failures = nullptr;
  /// Candidate bindings all the rules together may try (`--max-rule-candidates`): rules whose
  /// bindings multiply out to billions of combinations must not hang the tool, one or many. A
  /// top-level rule (with its `then` children) may use at most half, so that one runaway rule
  /// leaves the others theirs.
  std::size_t maxCandidates = kDefaultMaxRuleCandidates;
  /// Threads the top-level rules are spread over (--jobs; at least one): the decisions, the
  /// warnings and the candidates counted are the same for any number.
  unsigned jobs = 1;
};

struct RuleOutcome {
  /// One per operation of the diff, same order: risk, action and the labels and ids of the rules
  /// whose effects reached it. An operation no rule reaches is risk unknown, action none: it
  /// needs review.
  Decisions decisions;
  /// One per rule stopped at its own limit, and one when the shared budget ran out, naming the
  /// rules that spent it and those it stopped (effects found before are kept: each comes from a
  /// real match); marked notAnalysed: the verdict is at least review.
  Diagnostics warnings;
  /// Candidate bindings tried, all rules together.
  std::size_t candidates = 0;
};

/// Decides every operation of `diff`; the diff itself is left as it is.
RuleOutcome applyRules(const RuleSet& rules, const ModelDiff& diff,
                       const EvaluationOptions& options = {});

}  // namespace c2a::rules
