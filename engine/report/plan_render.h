#pragma once
// The deployment plan (model/plan.h) for `c2a plan`: its formats (text, markdown, and json: the
// JSON report, whose `plan` section is plan_json.h's), the entries of the one format table
// (report_formats.cpp) that render a plan, and the words the text and Markdown renderings share.
// Plain text: each renderer escapes it for its medium.
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/report/report.h"
#include "engine/report/report_format.h"

namespace c2a {

struct PlanFormat {
  std::string_view name;     // what `c2a plan --format` takes
  std::string_view summary;  // one line for --help
  std::string (*render)(const Report& report, const RenderOptions& options);
};

/// The formats of the one table that render a plan, in its order.
const std::vector<PlanFormat>& planFormats();
/// The format named `name`, or null.
const PlanFormat* findPlanFormat(std::string_view name);

std::string renderPlanText(const Report& report, const RenderOptions& options);
std::string renderPlanMarkdown(const Report& report, const RenderOptions& options);

/// What the step does, in words: "create", "replace: create the new resource", "delete the old
/// resource, if it was replaced", "update the nested stack", "create (renamed from Old)"...
std::string planStepWords(const Report& report, const PlanStep& step);

/// "The template" for a lone template's stack (""), else "Stack NAME"; "Nested stack NAME".
std::string planStackTitle(const StackPlan& plan, bool nested);

/// A phase: its name, the stack status CloudFormation shows during it, and its order.
struct PlanPhaseWords {
  std::string_view name;    // "Update phase"
  std::string_view status;  // "UPDATE_IN_PROGRESS"
  std::string_view order;   // "each resource after what it depends on"
};
PlanPhaseWords planPhaseWords(bool cleanup);
/// "Update phase (UPDATE_IN_PROGRESS): each resource after what it depends on".
std::string planPhaseTitle(bool cleanup);

/// "Deployment plan: 3 steps in the update phase, 3 in cleanup." / "...: nothing to deploy (no
/// resource or output changes)."; nested stacks' steps counted.
std::string planSummaryLine(const Report& report);
/// The BEFORE and AFTER inputs as the command line named them ("" where the report has none).
std::pair<std::string, std::string> planInputs(const Report& report);

/// The steps of `plan` in both phases, its nested stacks' included.
std::size_t planStepCount(const StackPlan& plan);

/// "Circular dependency between A and B: CloudFormation refuses the template; ...".
std::string planCycleLine(const std::vector<std::string>& names);

/// "CloudFormation stops here and rolls the stack back: nothing after this step happens."
std::string_view planStopLine();

/// Where each foreseen failure shows in the plan: at the first step (in plan order, a nested
/// stack's steps inside its stack resource's step) or output list carrying its change; what
/// CloudFormation never reaches a step for, elsewhere. CloudFormation stops at the first failure
/// of each top-level stack and rolls it back.
struct PlanFailures {
  std::map<const PlanStep*, std::vector<const Failure*>> atStep;
  std::map<const StackPlan*, std::vector<const Failure*>> atOutputs;  // set with the outputs
  std::vector<const void*> stops;  // the step or StackPlan (its outputs) where a stack stops
  std::vector<const Failure*> elsewhere;
  /// Refused when CloudFormation validates the parameters, with no change of a stack to say
  /// which: before any step of any stack.
  std::vector<const Failure*> beforeActing;
  /// Refused when CloudFormation validates a top-level stack's template: before any of its steps
  /// (a nested stack's template is validated at its step, and its failures stay there).
  std::map<const StackPlan*, std::vector<const Failure*>> refusedStack;

  [[nodiscard]] bool stopsAt(const void* place) const;
};
PlanFailures placeFailures(const Report& report);
/// "CloudFormation refuses this deployment before it acts: none of these steps happens."
std::string_view planRefusedLine();
/// "CloudFormation refuses this stack's template before it acts: none of its steps happens."
std::string_view planStackRefusedLine();

}  // namespace c2a
