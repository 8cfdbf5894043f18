#pragma once
// Baseline files: changes accepted earlier, for rolling c2a out over an estate whose stacks
// already differ from their templates in known ways. `c2a diff --write-baseline FILE` writes one,
// `--baseline FILE` reads it. An entry covers a later change with its id and its values (the
// digest): the same drift recurring, never another value at the same place; a rejected change is
// never accepted by a baseline.
//
//   { "c2aBaseline": 2, "fingerprint": "sha256:... (the change set it was written from)",
//     "changes": [{"id": "Resource:Fn:Properties.Timeout:update", "digest": "sha256:..."}],
//     "signature": "hmac-sha256:<64 hex> (with a key)" }
//
// With an approval key a baseline is signed and checked like an approvals file (signed_file.h):
// it approves changes, so one the change's author wrote must not count.
#include <optional>
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
  std::string signatureState;  // "verified", "unsigned" or "not checked" (signed, no key)
};

/// Reads and checks a baseline file (JSON or YAML). With a key, a baseline that is not signed
/// with it is refused. Throws C2aError located FILE:LINE:COL.
BaselineFile readBaselineFile(const std::string& file, const std::optional<std::string>& key,
                              const ReadLimits& limits);

/// The baseline of `report`: the changes waiting for a human, and those the
/// baseline in use accepted (so rewriting a baseline keeps what still occurs). Rejected changes
/// are left out: a baseline cannot accept them. Signed when a key is given.
std::string baselineText(const Report& report, const std::optional<std::string>& key);

}  // namespace c2a
