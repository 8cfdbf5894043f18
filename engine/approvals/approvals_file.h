#pragma once
// Approvals files: a person's approval of named changes, each bound to its values by its digest
// (`c2a approve` writes them, `c2a diff --approvals` reads them). A later run approves every
// change whose id and digest are those approved, whatever else changed, and nothing whose values
// moved. With a key they are signed: HMAC-SHA256 over a canonical form (OpenSSL), so an edited
// file is refused.
//
//   { "c2aApprovals": 2, "fingerprint": "sha256:... (the change set approved, for information)",
//     "by": "alice", "at": "2026-...Z", "expires": "2026-...Z (optional)", "comment": "why",
//     "changes": [{"id": "Resource:Bucket:REPLACE", "digest": "sha256:..."}, ...],
//     "signature": "hmac-sha256:<64 hex>" }
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "engine/approvals/bound_changes.h"
#include "readers/read_limits.h"

namespace c2a {

struct ApprovalsFile {
  std::string file;  // where it was read from; "" for one being written
  std::string fingerprint;
  std::string by;
  std::string at;
  std::string expires;  // RFC 3339; "" when it does not expire
  std::string comment;
  std::vector<BoundChange> changes;  // approved changes, with their digests
  std::string signature;             // "hmac-sha256:<hex>", "" when unsigned
  /// After reading: "verified" (signed and checked with the key), "unsigned" (no key given),
  /// "not checked" (signed, but no key was given to check it with).
  std::string signatureState;
};

/// The signature of `approvals` with `key`: "hmac-sha256:" and 64 hex digits, over the canonical
/// form (the version, fingerprint, by, at, comment and changes with their digests as one compact
/// JSON array, and `expires` after them when the file has one).
std::string approvalSignature(const ApprovalsFile& approvals, const std::string& key);

/// Reads and checks an approvals file (JSON or YAML). With a key, a file that is not signed, or
/// whose signature does not match (edited after signing, or another key), is refused. An
/// `expires` that is not an RFC 3339 time is refused; one in the past is read (applyAcceptances
/// lists the file as expired).
/// Throws C2aError: InvalidInput located FILE:LINE:COL, MissingInput for a missing file.
ApprovalsFile readApprovalsFile(const std::string& file, const std::optional<std::string>& key,
                                const ReadLimits& limits);

/// The file's text (JSON, one field per line), signed when a key is given.
std::string approvalsFileText(const ApprovalsFile& approvals,
                              const std::optional<std::string>& key);

/// The key in a key file: its bytes without trailing line breaks. Throws C2aError for a missing
/// or empty file.
std::string readApprovalKeyFile(const std::string& file);

/// When `c2a approve` runs: now, or SOURCE_DATE_EPOCH when set (reproducible files).
std::time_t approvalTime();

/// approvalTime() as ISO 8601 UTC: 2026-11-23T13:49:36Z.
std::string timestampNow();

}  // namespace c2a
