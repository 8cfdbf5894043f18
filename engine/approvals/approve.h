#pragma once
// `c2a approve`: an approvals file for the changes of a JSON report that wait for a human (or
// those named), each bound to its values by the digest the report gives it.
#include <optional>
#include <string>
#include <vector>

#include "model/error.h"
#include "readers/read_limits.h"

namespace c2a {

struct ApproveRequest {
  std::string report;                // a `c2a diff --format json` report
  std::string by;                    // who approves
  std::string comment;               // why
  std::string expires;               // RFC 3339 UTC (expiryFrom); "" for none
  std::vector<std::string> changes;  // ids to approve; empty: every change waiting for review
  std::optional<std::string> key;    // sign with it
  ReadLimits limits;
};

struct ApproveResult {
  std::string text;      // the approvals file
  Diagnostics warnings;  // nothing to approve, a change the rules approve already...
};

/// Throws C2aError: InvalidInput (located in the report) for a file that is not a c2a JSON
/// report, a change id it does not have, or a change the rules reject (an approval cannot
/// override a rejection); Usage for an empty `by`.
ApproveResult approve(const ApproveRequest& request);

}  // namespace c2a
