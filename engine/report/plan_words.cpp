// The words the text and Markdown plans share, and where each foreseen failure shows in the plan.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "model/failure.h"
#include "engine/report/plan_render.h"
#include "engine/report/report_text.h"
#include "model/retention_policy.h"

namespace c2a {
namespace {

constexpr std::string_view kNestedStackType = "AWS::CloudFormation::Stack";

/// The RENAME among the step's changes, or null.
const Operation* renameOf(const Report& report, const PlanStep& step) {
  for (auto change : step.changes) {
    const Operation& op = report.diff.operations[change];
    if (!op.property && op.type == OperationType::Rename) return &op;
  }
  return nullptr;
}

/// What a deletion leaves behind, by the BEFORE resource's policy: DeletionPolicy for a deleted
/// resource, UpdateReplacePolicy for the old resource of a replacement. "" when it is deleted.
std::string policyNote(const Report& report, const PlanStep& step) {
  if (step.changes.empty()) return "";
  const Operation& op = report.diff.operations[step.changes.front()];
  if (!op.before) return "";
  const auto& component = report.before.component(*op.before);
  auto policy = retentionPolicy(component.properties, component.subtype,
                                step.action == PlanAction::DeleteOld);
  if (policy.written.empty()) return "";
  if (policy.outcome == Retention::Retain) {
    return fmt::format(" ({} {}: the physical resource is kept)", policy.key, policy.written);
  }
  if (policy.outcome == Retention::Snapshot) {
    return fmt::format(" ({} Snapshot: a final snapshot is taken)", policy.key);
  }
  return "";
}

/// Adds the steps of `plan` and of the nested stacks in its steps, each to its own phase.
void countSteps(const StackPlan& plan, std::size_t& update, std::size_t& cleanup) {
  for (const auto* phase : {&plan.update, &plan.cleanup}) {
    for (const auto& wave : *phase) {
      (phase == &plan.update ? update : cleanup) += wave.steps.size();
      for (const auto& step : wave.steps) {
        for (const auto& nested : step.nested) countSteps(nested, update, cleanup);
      }
    }
  }
}

/// Walks the plan in the order CloudFormation meets its steps, placing each failure once.
class FailurePlacer {
 public:
  explicit FailurePlacer(const Report& report) : report_(report) {}

  PlanFailures place() {
    // What CloudFormation refuses when it validates the template comes first; nothing stops at
    // a step then.
    std::map<std::string, const StackPlan*> topLevel;
    for (const auto& plan : report_.plan) topLevel[plan.stack] = &plan;
    for (const auto& failure : report_.failures) {
      if (!failure.change) {
        placed_.insert(&failure);
        out_.beforeActing.push_back(&failure);
      } else if (failure.beforeActing) {
        auto plan = topLevel.find(report_.diff.operations[*failure.change].stack);
        if (plan == topLevel.end()) continue;  // a nested stack's: at its step
        placed_.insert(&failure);
        out_.refusedStack[plan->second].push_back(&failure);
      }
    }
    for (const auto& plan : report_.plan) {
      stopped_ = !out_.beforeActing.empty() || out_.refusedStack.count(&plan) != 0;
      walk(plan);
    }
    for (const auto& failure : report_.failures) {
      if (placed_.count(&failure) == 0) out_.elsewhere.push_back(&failure);
    }
    return std::move(out_);
  }

 private:
  std::vector<const Failure*> take(const std::vector<std::size_t>& changes) {
    std::vector<const Failure*> out;
    for (auto change : changes) {
      for (const auto& failure : failuresOf(report_, change)) {
        if (placed_.insert(&failure).second) out.push_back(&failure);
      }
    }
    return out;
  }

  void mark(const void* place) {
    if (stopped_) return;
    stopped_ = true;
    out_.stops.push_back(place);
  }

  void walk(const StackPlan& plan) {
    for (const auto* phase : {&plan.update, &plan.cleanup}) {
      for (const auto& wave : *phase) {
        for (const auto& step : wave.steps) {
          auto failures = take(step.changes);
          if (!failures.empty()) {
            mark(&step);
            out_.atStep[&step] = std::move(failures);
          }
          for (const auto& nested : step.nested) walk(nested);
        }
      }
      if (phase == &plan.update) {
        auto failures = take(plan.outputs);
        if (!failures.empty()) {
          mark(&plan);
          out_.atOutputs[&plan] = std::move(failures);
        }
      }
    }
  }

  const Report& report_;
  PlanFailures out_;
  std::set<const Failure*> placed_;
  bool stopped_ = false;
};

}  // namespace

std::string planStepWords(const Report& report, const PlanStep& step) {
  const bool possible = step.certainty == Certainty::Possible;
  const bool stack = step.subtype == kNestedStackType;
  const Operation* rename = renameOf(report, step);
  switch (step.action) {
    case PlanAction::Create: {
      std::string words = stack ? "create the nested stack" : "create";
      if (rename != nullptr) words += " (renamed from " + rename->oldName + ")";
      return possible ? words + " (possible)" : words;
    }
    case PlanAction::Update: {
      std::string words = stack ? "update the nested stack" : "update";
      return possible ? words + " (possible)" : words;
    }
    case PlanAction::Replace:
      return possible ? "replace (possible): create a new resource, or update in place"
                      : "replace: create the new resource";
    case PlanAction::DeleteOld:
      return (possible ? "delete the old resource, if it was replaced"
                       : "delete the old resource") +
             policyNote(report, step);
    case PlanAction::Delete: {
      std::string words = stack ? "delete the nested stack" : "delete";
      if (rename != nullptr) words += " (renamed to " + rename->name + ")";
      return (possible ? words + " (possible)" : words) + policyNote(report, step);
    }
  }
  return "update";
}

std::string planStackTitle(const StackPlan& plan, bool nested) {
  if (nested) return "Nested stack " + plan.stack;
  return plan.stack.empty() ? "The template" : "Stack " + plan.stack;
}

PlanPhaseWords planPhaseWords(bool cleanup) {
  if (cleanup) {
    return {"Cleanup phase", "UPDATE_COMPLETE_CLEANUP_IN_PROGRESS",
            "each deletion before those of what it depends on"};
  }
  return {"Update phase", "UPDATE_IN_PROGRESS", "each resource after what it depends on"};
}

std::string planPhaseTitle(bool cleanup) {
  auto words = planPhaseWords(cleanup);
  return fmt::format("{} ({}): {}", words.name, words.status, words.order);
}

std::string planSummaryLine(const Report& report) {
  if (report.plan.empty()) {
    return "Deployment plan: nothing to deploy (no resource or output changes).";
  }
  std::size_t update = 0, cleanup = 0;
  for (const auto& plan : report.plan) countSteps(plan, update, cleanup);
  return fmt::format("Deployment plan: {} step{} in the update phase, {} in cleanup.", update,
                     update == 1 ? "" : "s", cleanup == 0 ? "none" : std::to_string(cleanup));
}

std::size_t planStepCount(const StackPlan& plan) {
  std::size_t update = 0, cleanup = 0;
  countSteps(plan, update, cleanup);
  return update + cleanup;
}

std::string planCycleLine(const std::vector<std::string>& names) {
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) {
    list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  }
  return "Circular dependency between " + list +
         ": CloudFormation refuses the template (\"Circular dependency between resources\"); "
         "the plan puts their steps in one wave.";
}

std::string_view planStopLine() {
  return "CloudFormation stops here and rolls the stack back: nothing after this step happens.";
}

std::pair<std::string, std::string> planInputs(const Report& report) {
  std::pair<std::string, std::string> out;
  for (const auto& source : report.metadata.sources) {
    if (source.role == "before") out.first = source.path;
    if (source.role == "after") out.second = source.path;
  }
  return out;
}

std::string_view planStackRefusedLine() {
  return "CloudFormation refuses this stack's template before it acts: none of its steps happens.";
}

std::string_view planRefusedLine() {
  return "CloudFormation refuses this deployment before it acts: none of these steps happens.";
}

bool PlanFailures::stopsAt(const void* place) const {
  return std::find(stops.begin(), stops.end(), place) != stops.end();
}

PlanFailures placeFailures(const Report& report) {
  return FailurePlacer(report).place();
}

}  // namespace c2a
