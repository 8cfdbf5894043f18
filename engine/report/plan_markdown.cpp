// `c2a plan --format markdown`: the plan as a pull-request comment. One table per phase of each
// stack (a row per step: wave, resource, type, what happens, its change ids, and the failures
// foreseen there), nested stacks after their parent under their own heading.
//
// Template text reaches the comment through markdownEscape only. A large plan is cut after
// kMaxRows steps (hosts refuse comments over 65,536 characters); the JSON report has the rest.
#include <fmt/format.h>

#include <algorithm>

#include "engine/report/escape.h"
#include "engine/report/plan_render.h"
#include "engine/report/report_text.h"

namespace c2a {
namespace {

constexpr std::size_t kMaxRows = 200;

class PlanMarkdown {
 public:
  explicit PlanMarkdown(const Report& report) : report_(report), failures_(placeFailures(report)) {}

  std::string render() {
    out_ += "## Deployment plan\n\n";
    header();
    out_ += markdownEscape(planSummaryLine(report_)) + "\n";
    auto failures = failuresSummaryLine(report_);
    if (!failures.empty()) out_ += "\n**Deployment will fail**: " + markdownEscape(failures) + "\n";
    if (!failures_.beforeActing.empty()) {
      out_ += "\n**" + markdownEscape(planRefusedLine()) + "**\n\n";
      for (const auto* failure : failures_.beforeActing) {
        out_ += fmt::format(
            "- {}: **WILL FAIL ({})**: {}\n",
            markdownEscape(failure->change ? report_.diff.operations[*failure->change].id
                                           : std::string("the deployment")),
            markdownEscape(failure->code), markdownEscape(failure->message));
      }
    }
    for (const auto& plan : report_.plan) stack(plan, 3, "");
    footer();
    return out_;
  }

 private:
  void header() {
    auto [before, after] = planInputs(report_);
    if (before.empty() && after.empty()) return;
    out_ += fmt::format("{} → {}\n\n", markdownEscape(before), markdownEscape(after));
  }

  std::string ids(const std::vector<std::size_t>& changes) const {
    std::string out;
    for (auto change : changes) {
      out += (out.empty() ? "" : "<br>") + markdownEscape(report_.diff.operations[change].id);
    }
    return out;
  }

  std::string failureText(const std::vector<const Failure*>& failures, const void* place) const {
    std::string out;
    for (const auto* failure : failures) {
      out += fmt::format("<br>**WILL FAIL ({})**: {}", markdownEscape(failure->code),
                         markdownEscape(failure->message));
    }
    if (failures_.stopsAt(place)) out += "<br>**" + markdownEscape(planStopLine()) + "**";
    return out;
  }

  /// `where`: for a nested stack, the step of its parent that deploys it.
  void stack(const StackPlan& plan, int level, const std::string& where) {
    if (rows_ >= kMaxRows) {
      rows_ += planStepCount(plan);  // counted for the footer, not shown
      return;
    }
    out_ += fmt::format("\n{} {}\n", std::string(static_cast<std::size_t>(std::min(level, 6)), '#'),
                        markdownEscape(planStackTitle(plan, !where.empty())));
    if (!where.empty()) out_ += "\n" + where + "\n";
    if (auto it = failures_.refusedStack.find(&plan); it != failures_.refusedStack.end()) {
      out_ += "\n**" + markdownEscape(planStackRefusedLine()) + "**\n\n";
      for (const auto* failure : it->second) {
        out_ += fmt::format("- {}: **WILL FAIL ({})**: {}\n",
                            markdownEscape(report_.diff.operations[*failure->change].id),
                            markdownEscape(failure->code), markdownEscape(failure->message));
      }
    }
    for (const auto& cycle : plan.cycles)
      out_ += "\n" + markdownEscape(planCycleLine(cycle)) + "\n";
    std::vector<std::pair<const StackPlan*, std::string>> nested;
    phase(plan, false, nested);
    phase(plan, true, nested);
    for (const auto& [child, deployedBy] : nested) stack(*child, level + 1, deployedBy);
  }

  void phase(const StackPlan& plan, bool cleanup,
             std::vector<std::pair<const StackPlan*, std::string>>& nested) {
    const auto& waves = cleanup ? plan.cleanup : plan.update;
    if (!waves.empty()) {
      // Our own words: no template text, so written as Markdown.
      auto words = planPhaseWords(cleanup);
      out_ += fmt::format("\n**{}** (`{}`): {}\n\n", words.name, words.status, words.order);
      out_ += "| wave | resource | type | what happens | changes |\n";
      out_ += "| ---: | --- | --- | --- | --- |\n";
    }
    for (std::size_t i = 0; i < waves.size(); ++i) {
      for (const auto& step : waves[i].steps) {
        row(step, i + 1);
        for (const auto& child : step.nested) {
          nested.emplace_back(
              &child, fmt::format("Deployed by {} (wave {} of the {} phase of {}).",
                                  markdownEscape(step.name), i + 1, cleanup ? "cleanup" : "update",
                                  markdownEscape(planStackTitle(plan, false))));
        }
      }
    }
    if (!cleanup && !plan.outputs.empty()) {
      out_ += "\nThen the outputs, once every resource is done: " + ids(plan.outputs);
      if (auto it = failures_.atOutputs.find(&plan); it != failures_.atOutputs.end()) {
        out_ += failureText(it->second, &plan);
      }
      out_ += "\n";
    }
  }

  void row(const PlanStep& step, std::size_t wave) {
    if (++rows_ > kMaxRows) return;
    std::string changes = ids(step.changes);
    if (changes.empty() && !step.nested.empty()) changes = "its nested stack's, below";
    if (auto it = failures_.atStep.find(&step); it != failures_.atStep.end()) {
      changes += failureText(it->second, &step);
    }
    out_ += fmt::format("| {} | {} | {} | {} | {} |\n", wave, markdownEscape(step.name),
                        markdownEscape(step.subtype), markdownEscape(planStepWords(report_, step)),
                        changes);
  }

  void footer() {
    if (rows_ > kMaxRows) {
      out_ += fmt::format(
          "\n{} more steps are not shown: `c2a plan --format json` has the whole plan.\n",
          rows_ - kMaxRows);
    }
    if (!failures_.elsewhere.empty()) {
      out_ += "\nFailures foreseen outside the plan's steps:\n\n";
      for (const auto* failure : failures_.elsewhere) {
        out_ += fmt::format(
            "- {}: **WILL FAIL ({})**: {}\n",
            markdownEscape(failure->change ? report_.diff.operations[*failure->change].id
                                           : std::string("the deployment")),
            markdownEscape(failure->code), markdownEscape(failure->message));
      }
    }
  }

  const Report& report_;
  PlanFailures failures_;
  std::size_t rows_ = 0;
  std::string out_;
};

}  // namespace

std::string renderPlanMarkdown(const Report& report, const RenderOptions& /*options*/) {
  return PlanMarkdown(report).render();
}

}  // namespace c2a
