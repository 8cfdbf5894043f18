#pragma once
// What CloudFormation does with a physical resource it deletes, from the resource's
// DeletionPolicy (a removed resource) or UpdateReplacePolicy (the old resource of a replacement).
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

enum class Retention { Delete, Retain, Snapshot, Unknown };

struct RetentionPolicy {
  std::string key;      // DeletionPolicy or UpdateReplacePolicy
  std::string written;  // the template's value ("RetainExceptOnCreate"...), "" when absent
  Retention outcome = Retention::Unknown;
};

/// The policy of a resource's body (its top-level keys) for a removal or, `replaced`, for the old
/// resource of a replacement. Absent, the default: Delete, except a DeletionPolicy of an
/// AWS::RDS::DBCluster or of an AWS::RDS::DBInstance outside a cluster, Snapshot. Unknown where the
/// value is not a literal CloudFormation knows (an `Fn::If`, a typo) and for an RDS resource's
/// UpdateReplacePolicy left to its default.
RetentionPolicy retentionPolicy(const Json& body, std::string_view type, bool replaced);

/// "Delete", "Retain", "Snapshot", or "" for Unknown: CloudFormation's PolicyAction words.
std::string_view toString(Retention retention);

}  // namespace c2a
