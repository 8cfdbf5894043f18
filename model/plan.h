#pragma once
// The deployment plan: the order CloudFormation acts in when it updates a stack, foreseen from
// the diff (deployment-prediction/plan.h). Two phases, as a stack's status shows them: update
// (UPDATE_IN_PROGRESS: creations, updates and the new resources of replacements, in dependency
// order) and cleanup (UPDATE_COMPLETE_CLEANUP_IN_PROGRESS: deletions, in reverse dependency
// order). Each phase is a list of waves; the steps of one wave do not depend on each other, so
// CloudFormation may run them in parallel. docs/plan.md.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/operation.h"

namespace c2a {

/// What CloudFormation does to one resource in one phase.
enum class PlanAction {
  Create,     // update phase: an INSERT, or the new logical id of a RENAME
  Update,     // update phase: the resource's UPDATEs, applied together (or its nested stack's)
  Replace,    // update phase: the new physical resource of a REPLACE, under the same logical id
  DeleteOld,  // cleanup phase: the old physical resource of a REPLACE
  Delete,     // cleanup phase: a REMOVE, or the old logical id of a RENAME
};

/// "create", "update", "replace", "delete-old", "delete": the JSON report's words.
inline std::string_view toString(PlanAction action) {
  switch (action) {
    case PlanAction::Create: return "create";
    case PlanAction::Update: return "update";
    case PlanAction::Replace: return "replace";
    case PlanAction::DeleteOld: return "delete-old";
    case PlanAction::Delete: return "delete";
  }
  return "update";
}

struct StackPlan;

/// One resource acting in one phase.
struct PlanStep {
  std::string name;     // logical id: the new one for a creation, the old one for a deletion
  std::string subtype;  // the resource type
  PlanAction action = PlanAction::Update;
  /// Possible when the action rests on something known only at deploy time (a possible
  /// replacement: CloudFormation may update in place instead; a possible creation or deletion).
  Certainty certainty = Certainty::Definite;
  /// The operations it carries out (indexes into ModelDiff::operations), in report order. Empty
  /// for a nested stack resource that updates only because its nested stack changes.
  std::vector<std::size_t> changes;
  /// An AWS::CloudFormation::Stack resource: the plan of the stack it deploys (at most one).
  std::vector<StackPlan> nested;
};

/// Steps that wait only for earlier waves, sorted by logical id.
struct PlanWave {
  std::vector<PlanStep> steps;
};

struct StackPlan {
  std::string stack;              // "" for a lone template
  std::vector<PlanWave> update;   // UPDATE_IN_PROGRESS
  std::vector<PlanWave> cleanup;  // UPDATE_COMPLETE_CLEANUP_IN_PROGRESS
  /// Output changes: CloudFormation sets outputs once every resource of the update phase is done.
  std::vector<std::size_t> outputs;
  /// Resources that depend on each other in a circle (logical ids, sorted): CloudFormation
  /// refuses such a template ("Circular dependency between resources"); the plan puts each
  /// circle's steps in one wave so that it still ends.
  std::vector<std::vector<std::string>> cycles;

  [[nodiscard]] bool empty() const { return update.empty() && cleanup.empty() && outputs.empty(); }
};

/// One plan per top-level stack with a resource change, in the order a CDK app deploys them (a
/// stack after those it imports from, else by name); nested stacks inside the step of their stack
/// resource.
using Plan = std::vector<StackPlan>;

}  // namespace c2a
