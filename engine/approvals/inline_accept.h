#pragma once
// Inline acceptances: a team accepts a known, recurring change of a resource in the AFTER
// template itself, without editing a rule file, as cdk-nag's `rules_to_suppress` does:
//
//   Metadata:
//     c2a:
//       accept:
//         - operation: REPLACE            # or a list; INSERT, UPDATE, REPLACE, RENAME: required
//           path: Properties.BucketName   # UPDATE: the property (or above it; `*` is one key);
//                                         # REPLACE: the property whose change causes it;
//                                         # required for both, and naming a property
//           reason: the bucket is rebuilt from the archive on every release
//
// (CDK: `cfnBucket.addMetadata('c2a', {accept: [...]})`). A reason is required. The template's
// author writes these, so an entry counts only once deployed and never for high risk, a
// rejection, or a resource with a part c2a cannot read (acceptances.h); adding or editing one is
// a change a person reviews.
#include <optional>
#include <string>
#include <vector>

#include "model/infra_model.h"
#include "model/operation.h"
#include "model/source_location.h"

namespace c2a {

struct InlineAccept {
  ComponentIndex component = 0;           // in the AFTER model
  std::vector<OperationType> operations;  // never empty
  Path path;  // for UPDATE and REPLACE: a property (two keys at least); `*` matches one key
  std::string reason;
  SourceLocation where;  // the entry in the template
};

/// Every acceptance of every resource of `after`, in model order. Throws C2aError
/// (InvalidInput, located at the entry) for a malformed one: not a list, an unknown key or
/// operation, no operation, a path on an operation that has none or none on one that has, a path
/// that names no property, no reason.
std::vector<InlineAccept> readInlineAccepts(const InfraModel& after);

/// The entries of the BEFORE (deployed) side, read as the AFTER side's are; a resource whose
/// entries are malformed has none (they were never honoured).
std::vector<InlineAccept> readDeployedInlineAccepts(const InfraModel& before);

/// Whether two entries say the same (operations, path and reason; not where they are written).
bool sameEntry(const InlineAccept& a, const InlineAccept& b);

/// Whether `pattern` (with `*` for any one key) is `path` or above it.
bool pathMatches(const Path& pattern, const Path& path);

}  // namespace c2a
