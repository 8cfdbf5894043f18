#pragma once
// Baseline files: changes accepted earlier, for rolling c2a out over an estate whose stacks
// already differ from their templates in known ways. `c2a diff --write-baseline FILE` writes one,
// `--baseline FILE` reads it. An entry covers a later change with its id and its values (the
// digest): the same drift recurring, never another value at the same place; a rejected change is
// never accepted by a baseline.
//
//   { "c2aBaseline": 2, "fingerprint": "sha256:... (the change set it was written from)",
//     "changes": [{"id": "Resource:Fn:Properties.Timeout:update", "digest": "sha256:..."}] }
#include <string>
#include <vector>

#include "engine/approvals/bound_changes.h"
#include "engine/report/report.h"
#include "readers/read_limits.h"

namespace c2a {

struct BaselineFile {
  std::string file;
  std::string fingerprint;  // informational: the change set it was written from
  std::vector<BoundChange> changes;
};

/// Reads and checks a baseline file (JSON or YAML). Throws C2aError located FILE:LINE:COL.
BaselineFile readBaselineFile(const std::string& file, const ReadLimits& limits);

/// The baseline of `report`: the changes waiting for a human, and those the
/// baseline in use accepted (so rewriting a baseline keeps what still occurs). Rejected changes
/// are left out: a baseline cannot accept them.
std::string baselineText(const Report& report);

}  // namespace c2a
