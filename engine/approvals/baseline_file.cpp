#include "engine/approvals/baseline_file.h"

#include "engine/approvals/signed_file.h"
#include "readers/located_json.h"

namespace c2a {
namespace {

constexpr int kBaselineVersion = 2;

// What a baseline's signature covers: its version, fingerprint and changes with their digests.
std::string canonicalForm(const std::string& fingerprint, const std::vector<BoundChange>& changes) {
  Json form = Json::array({"c2a-baseline/2", fingerprint, boundChangesSigned(changes)});
  return form.dump(-1, ' ', true, Json::error_handler_t::replace);
}

}  // namespace

BaselineFile readBaselineFile(const std::string& file, const std::optional<std::string>& key,
                              const ReadLimits& limits) {
  LocatedJson doc(readSourceFile(file, limits), file);
  doc.expectObject("", "a baseline file (written by `c2a diff --write-baseline`)");
  doc.expectKeys("", {"c2aBaseline", "fingerprint", "changes", "signature"});
  checkBoundVersion(doc, "c2aBaseline", kBaselineVersion, "baseline file",
                    "version 1 baselines name changes without their values, so they would accept "
                    "any value a change takes later: write it again with this c2a "
                    "(--write-baseline), which records each change's values");
  BaselineFile out;
  out.file = file;
  if (doc.find("/fingerprint") != nullptr) out.fingerprint = doc.fingerprint("", "fingerprint");
  out.changes = readBoundChanges(doc, "changes");
  out.signatureState = checkSignature(doc, canonicalForm(out.fingerprint, out.changes), key,
                                      "baseline", "`c2a diff --write-baseline`");
  return out;
}

std::string baselineText(const Report& report, const std::optional<std::string>& key) {
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
  if (key) out["signature"] = signatureOf(canonicalForm(report.diff.fingerprint, changes), *key);
  return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace c2a
