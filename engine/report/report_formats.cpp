#include "engine/report/formats/formats.h"
#include "engine/report/plan_render.h"

namespace c2a {

// One line per format.
const std::vector<ReportFormat>& reportFormats() {
  using namespace formats;
  static const std::vector<ReportFormat> table{
      {"text", "txt", "the human report (default): grouped changes, values, causes, verdict",
       renderText, "the plan for people (default): phases, waves, steps and their change ids",
       renderPlanText},
      {"json", "json", "the report pipelines read (docs/report.md, docs/report.schema.json)",
       renderJson,
       "the JSON report (docs/report.md): its `plan` section, and every change the plan names",
       renderJson},
      {"markdown", "md",
       "a pull-request comment (GitHub, GitLab): verdict, summary table, collapsible groups",
       renderMarkdown, "a pull-request comment: one table per phase", renderPlanMarkdown},
      {"html", "html",
       "one self-contained page: verdict, filters, the collapsible tree, every change in detail",
       renderHtml},
      {"sarif", "sarif",
       "SARIF 2.1.0 for code scanning: a result per change rejected or to review (suppressed "
       "when an approval or acceptance approved it)",
       renderSarif},
      {"junit", "xml",
       "JUnit XML for CI test reports: a test case per change, failed if rejected or held by "
       "--fail-on",
       renderJunit},
      {"github", "github",
       "GitHub Actions workflow commands: an error annotation per rejected change and a warning "
       "per change to review, on its template line, then the verdict as a notice",
       renderGithub},
  };
  return table;
}

const std::vector<PlanFormat>& planFormats() {
  static const std::vector<PlanFormat> table = [] {
    std::vector<PlanFormat> out;
    for (const auto& format : reportFormats()) {
      if (format.renderPlan != nullptr) {
        out.push_back({format.name, format.planSummary, format.renderPlan});
      }
    }
    return out;
  }();
  return table;
}

const PlanFormat* findPlanFormat(std::string_view name) {
  for (const auto& format : planFormats()) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

const ReportFormat* findReportFormat(std::string_view name) {
  for (const auto& format : reportFormats()) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

}  // namespace c2a
