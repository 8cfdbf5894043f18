#include "engine/pipeline/not_analysed.h"

#include <algorithm>

namespace c2a {

std::size_t notAnalysedCount(const Report& report) {
  return static_cast<std::size_t>(
      std::count_if(report.warnings.begin(), report.warnings.end(),
                    [](const Diagnostic& warning) { return warning.notAnalysed; }));
}

void holdUnseen(Report& report) {
  report.summary.notAnalysed = notAnalysedCount(report);
  if (report.summary.notAnalysed == 0) return;
  if (report.summary.verdict == Verdict::Approved) report.summary.verdict = Verdict::Review;
}

}  // namespace c2a
