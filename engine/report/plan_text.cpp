// `c2a plan` for people: each stack's phases, waves and steps with the change ids each step
// carries out, nested stacks inside their stack resource's step, and each foreseen failure at
// the step where CloudFormation would stop.
#include <fmt/format.h>

#include "engine/report/escape.h"
#include "engine/report/plan_render.h"
#include "engine/report/report_text.h"

namespace c2a {
namespace {

class PlanText {
 public:
  explicit PlanText(const Report& report) : report_(report), failures_(placeFailures(report)) {}

  std::string render() {
    header();
    out_ += planSummaryLine(report_) + "\n";
    if (!failures_.beforeActing.empty()) {
      out_ += "\n" + std::string(planRefusedLine()) + "\n";
      for (const auto* failure : failures_.beforeActing) {
        out_ += fmt::format("  {}: {}\n", terminalSafe(placeOf(*failure)),
                            terminalSafe(failureLine(*failure)));
      }
    }
    for (const auto& plan : report_.plan) {
      out_ += "\n";
      stack(plan, "", false);
    }
    footer();
    return out_;
  }

 private:
  void header() {
    auto [before, after] = planInputs(report_);
    if (before.empty() && after.empty()) return;
    out_ += fmt::format("c2a plan {} -> {}\n\n", terminalSafe(before), terminalSafe(after));
  }

  std::string ids(const std::vector<std::size_t>& changes) const {
    std::string out;
    for (auto change : changes) {
      out += (out.empty() ? "" : ", ") + terminalSafe(report_.diff.operations[change].id);
    }
    return out;
  }

  void failureLines(const std::vector<const Failure*>& failures, const void* place,
                    const std::string& indent) {
    for (const auto* failure : failures) {
      out_ += indent + terminalSafe(failureLine(*failure)) + "\n";
    }
    if (failures_.stopsAt(place)) out_ += indent + std::string(planStopLine()) + "\n";
  }

  void stack(const StackPlan& plan, const std::string& indent, bool nested) {
    out_ += indent + terminalSafe(planStackTitle(plan, nested)) + "\n";
    if (auto it = failures_.refusedStack.find(&plan); it != failures_.refusedStack.end()) {
      out_ += indent + "  " + std::string(planStackRefusedLine()) + "\n";
      for (const auto* failure : it->second) {
        out_ += indent + "    " + terminalSafe(placeOf(*failure)) + ": " +
                terminalSafe(failureLine(*failure)) + "\n";
      }
    }
    for (const auto& cycle : plan.cycles) {
      out_ += indent + "  " + terminalSafe(planCycleLine(cycle)) + "\n";
    }
    phase(plan, false, indent + "  ");
    phase(plan, true, indent + "  ");
  }

  void phase(const StackPlan& plan, bool cleanup, const std::string& indent) {
    const auto& waves = cleanup ? plan.cleanup : plan.update;
    const bool outputs = !cleanup && !plan.outputs.empty();
    if (waves.empty() && !outputs) return;
    out_ += indent + planPhaseTitle(cleanup) + "\n";
    for (std::size_t i = 0; i < waves.size(); ++i) {
      out_ += fmt::format("{}  Wave {}\n", indent, i + 1);
      for (const auto& step : waves[i].steps) stepLines(step, indent + "    ");
    }
    if (outputs) {
      out_ +=
          indent + "  Then the outputs, once every resource is done: " + ids(plan.outputs) + "\n";
      if (auto it = failures_.atOutputs.find(&plan); it != failures_.atOutputs.end()) {
        failureLines(it->second, &plan, indent + "    ");
      }
    }
  }

  void stepLines(const PlanStep& step, const std::string& indent) {
    out_ += fmt::format("{}{} ({}): {}\n", indent, terminalSafe(step.name),
                        terminalSafe(step.subtype), terminalSafe(planStepWords(report_, step)));
    if (!step.changes.empty()) out_ += indent + "  changes: " + ids(step.changes) + "\n";
    if (auto it = failures_.atStep.find(&step); it != failures_.atStep.end()) {
      failureLines(it->second, &step, indent + "  ");
    }
    for (const auto& nested : step.nested) stack(nested, indent + "  ", true);
  }

  std::string placeOf(const Failure& failure) const {
    return failure.change ? report_.diff.operations[*failure.change].id
                          : std::string("the deployment");
  }

  void footer() {
    if (!failures_.elsewhere.empty()) {
      out_ += "\nFailures foreseen outside the plan's steps:\n";
      for (const auto* failure : failures_.elsewhere) {
        out_ += fmt::format("  {}: {}\n", terminalSafe(placeOf(*failure)),
                            terminalSafe(failureLine(*failure)));
      }
    }
    auto failures = failuresSummaryLine(report_);
    out_ += "\n" + (failures.empty() ? "No deployment failure foreseen." : failures) + "\n";
  }

  const Report& report_;
  PlanFailures failures_;
  std::string out_;
};

}  // namespace

std::string renderPlanText(const Report& report, const RenderOptions& /*options*/) {
  return PlanText(report).render();
}

}  // namespace c2a
