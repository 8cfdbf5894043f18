#include "engine/pipeline/not_analysed.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <utility>

namespace c2a {

std::size_t notAnalysedCount(const Report& report) {
  return static_cast<std::size_t>(
      std::count_if(report.warnings.begin(), report.warnings.end(),
                    [](const Diagnostic& warning) { return warning.notAnalysed; }));
}

void dropSeenWarnings(Report& report) {
  std::set<std::pair<std::string_view, std::string_view>> changed;
  for (const auto& op : report.diff.operations) {
    if (op.componentType != ComponentType::Resource) continue;
    changed.emplace(op.stack, op.name);
    if (!op.oldName.empty()) changed.emplace(op.stack, op.oldName);
  }
  auto& warnings = report.warnings;
  warnings.erase(std::remove_if(warnings.begin(), warnings.end(),
                                [&](const Diagnostic& warning) {
                                  const auto& resource = warning.seenIfUnchanged;
                                  return warning.notAnalysed && resource &&
                                         changed.count({resource->stack, resource->name}) == 0;
                                }),
                 warnings.end());
}

void holdUnseen(Report& report) {
  dropSeenWarnings(report);
  report.summary.notAnalysed = notAnalysedCount(report);
  if (report.summary.notAnalysed == 0) return;
  if (report.summary.verdict == Verdict::Approved) report.summary.verdict = Verdict::Review;
}

}  // namespace c2a
