#include "engine/report/formats/formats.h"
#include "engine/report/plan_render.h"

namespace c2a {

// One line per format of `c2a plan`.
const std::vector<PlanFormat>& planFormats() {
  static const std::vector<PlanFormat> table{
      {"text", "the plan for people (default): phases, waves, steps and their change ids",
       renderPlanText},
      {"json",
       "the JSON report (docs/report.md): its `plan` section, and every change the plan names",
       formats::renderJson},
      {"markdown", "a pull-request comment: one table per phase", renderPlanMarkdown},
  };
  return table;
}

const PlanFormat* findPlanFormat(std::string_view name) {
  for (const auto& format : planFormats()) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

}  // namespace c2a
