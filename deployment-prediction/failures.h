#pragma once
// Failures foreseen: deployments CloudFormation will refuse, read from the diff before anything is
// deployed. Each kind is one function in failures.cpp with the CloudFormation behaviour it rests
// on.
//   custom-name-replacement  a resource that must be replaced keeps its custom physical name: the
//                            new one cannot be created under a name the old one still holds
//   custom-name-collision    a new resource (an INSERT, the new side of a RENAME, or a type change
//                            under one logical id) takes the custom name of one this deployment
//                            removes: CloudFormation creates before it deletes
//   export-in-use            an Output another stack imports (Fn::ImportValue) is removed, or its
//                            value or export name changes: CloudFormation refuses
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/diff.h"
#include "model/failure.h"

namespace c2a {

/// What the specification says, handed over by the engine (a stage includes no other stage).
struct DeploymentFacts {
  /// The properties holding a resource type's physical name (`BucketName`); empty: none.
  std::function<const std::vector<std::string>&(std::string_view resourceType)>
      physicalNameProperties;
};

Failures foreseeFailures(const ModelDiff& diff, const DeploymentFacts& facts);

/// Every failure kind: its code and a title (SARIF rule descriptors, docs), in one table.
struct FailureKind {
  std::string_view code;
  std::string_view title;
};
std::span<const FailureKind> failureKinds();

}  // namespace c2a
