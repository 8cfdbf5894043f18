#include "engine/approvals/baseline_file.h"

#include "readers/located_json.h"

namespace c2a {
namespace {

constexpr int kBaselineVersion = 2;

}  // namespace

BaselineFile readBaselineFile(const std::string& file, const ReadLimits& limits) {
  LocatedJson doc(readSourceFile(file, limits), file);
  doc.expectObject("", "a baseline file (written by `c2a diff --write-baseline`)");
  doc.expectKeys("", {"c2aBaseline", "fingerprint", "changes"});
  checkBoundVersion(doc, "c2aBaseline", kBaselineVersion, "baseline file",
                    "version 1 baselines name changes without their values, so they would accept "
                    "any value a change takes later: write it again with this c2a "
                    "(--write-baseline), which records each change's values");
  BaselineFile out;
  out.file = file;
  if (doc.find("/fingerprint") != nullptr) out.fingerprint = doc.fingerprint("", "fingerprint");
  out.changes = readBoundChanges(doc, "changes");
  return out;
}

std::string baselineText(const Report& report) {
  std::vector<BoundChange> changes;
  for (std::size_t i = 0; i < report.diff.operations.size(); ++i) {
    const auto& acceptance = report.acceptances.empty() ? std::nullopt : report.acceptances[i];
    bool waiting = report.decisions[i].action == Action::None;
    bool baselined = acceptance && acceptance->source == AcceptanceSource::Baseline;
    if (waiting || baselined) {
      changes.push_back({report.diff.operations[i].id, report.diff.digests.at(i)});
    }
  }
  Json out = Json::object();
  out["c2aBaseline"] = kBaselineVersion;
  out["fingerprint"] = report.diff.fingerprint;
  out["changes"] = boundChangesToJson(changes);
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace c2a
