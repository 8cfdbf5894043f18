#include "engine/approvals/baseline_file.h"

#include <fmt/format.h>

#include "platform-mapping/located_json.h"

namespace c2a {
namespace {

constexpr int kFormatVersion = 1;

}  // namespace

BaselineFile readBaselineFile(const std::string& file, const ReadLimits& limits) {
  LocatedJson doc(readSourceFile(file, limits), file);
  doc.expectObject("", "a baseline file (written by `c2a diff --write-baseline`)");
  doc.expectKeys("", {"c2aBaseline", "fingerprint", "changes"});
  if (doc.integer("", "c2aBaseline", true) != kFormatVersion) {
    doc.fail("/c2aBaseline",
             fmt::format("unknown baseline file version (this c2a reads {})", kFormatVersion));
  }
  BaselineFile out;
  out.file = file;
  if (doc.find("/fingerprint") != nullptr) out.fingerprint = doc.fingerprint("", "fingerprint");
  out.changes = doc.stringList("", "changes", "a change id");
  return out;
}

std::string baselineText(const Report& report) {
  Json ids = Json::array();
  for (std::size_t i = 0; i < report.diff.operations.size(); ++i) {
    const auto& acceptance = report.acceptances.empty() ? std::nullopt : report.acceptances[i];
    bool waiting = report.decisions[i].action == Action::None;
    bool baselined = acceptance && acceptance->source == AcceptanceSource::Baseline;
    if (waiting || baselined) ids.push_back(report.diff.operations[i].id);
  }
  Json out = Json::object();
  out["c2aBaseline"] = kFormatVersion;
  out["fingerprint"] = report.diff.fingerprint;
  out["changes"] = std::move(ids);
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace c2a
