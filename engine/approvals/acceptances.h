#pragma once
// Approvals, inline acceptances and the baseline turn changes the rules left to a human into
// approved ones, before the aggregation tree, the summary and the verdict are made, so every
// format tells the same story. Each such change keeps its risk and says who or what approved it
// (Report::acceptances), and the report records every approvals file and the baseline: what
// applied, what did not and why.
//
// A change the rules reject stays rejected: nothing here overrides a rejection (only changing the
// rules does). An inline acceptance is written by the change's own author, so it counts only once
// deployed (the same entry on the BEFORE side) and never for high risk (docs/approvals.md).
#include <ctime>
#include <optional>
#include <vector>

#include "engine/approvals/approvals_file.h"
#include "engine/approvals/baseline_file.h"
#include "engine/approvals/expiry.h"
#include "engine/report/report.h"

namespace c2a {

struct AcceptanceOptions {
  std::vector<ApprovalsFile> approvals;  // read and checked (readApprovalsFile)
  std::optional<BaselineFile> baseline;
  bool inlineAccept = true;  // honour `Metadata.c2a.accept` entries that are deployed already
  std::time_t now = wallClockNow();  // an approvals file whose `expires` is not after it is expired
};

/// Applies inline acceptances, then the approvals files in order, then the baseline, to
/// `report.decisions`; fills `report.acceptances`, `report.approvals` and `report.baseline`, and
/// adds a warning for each inline acceptance that matches a change it cannot approve (new in this
/// change, or the change is high risk or rejected). Needs `report.causes`.
/// Throws C2aError (located) for a malformed inline acceptance.
void applyAcceptances(Report& report, const AcceptanceOptions& options);

}  // namespace c2a
