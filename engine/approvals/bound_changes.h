#pragma once
// The changes an approvals file or a baseline names, each bound to its values by the digest the
// JSON report gives it (model-diffing/fingerprint.h): an entry applies only to a change with the
// same id and the same digest, so a value edited after the approval is not approved.
//
//   "changes": [{"id": "Resource:Bucket:REPLACE", "digest": "sha256:<64 hex>"}, ...]
#include <string>
#include <vector>

#include "model/json.h"
#include "readers/located_json.h"

namespace c2a {

struct BoundChange {
  std::string id;
  std::string digest;
};

/// The list `key` of the object at the root of `doc`. Throws C2aError located at the first
/// malformed entry (a bare id, as version 1 files had, included).
std::vector<BoundChange> readBoundChanges(const LocatedJson& doc, std::string_view key);

Json boundChangesToJson(const std::vector<BoundChange>& changes);

/// `[[id, digest], ...]`: the changes as the signatures of approvals files and baselines cover
/// them (signed_file.h).
Json boundChangesSigned(const std::vector<BoundChange>& changes);

/// Checks the version member `key` of the root: version 1 named changes without their values and
/// is refused with `whyNotOne`; any other than `current` is an unknown `what` version. Throws
/// C2aError located at the version.
void checkBoundVersion(const LocatedJson& doc, std::string_view key, long long current,
                       std::string_view what, std::string_view whyNotOne);

}  // namespace c2a
