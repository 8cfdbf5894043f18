#pragma once
// Resources that are snapshots: CloudFormation creates one anew for every version of what it
// captures and never updates it in place, and the CDK names each with a hash of its content (an
// API Gateway deployment `ApiDeployment<hash>` whenever the API changes, a Lambda function's
// `currentVersion` `<Function>CurrentVersion<hash>` whenever its code or configuration does). A
// new logical id of such a resource is a new snapshot by design: never the old one moved or
// renamed, so it is never paired as a rename, nor mapped as a move for `cdk refactor`.
#include <string_view>

namespace c2a {

bool isSnapshotType(std::string_view type);

}  // namespace c2a
