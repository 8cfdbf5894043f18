#pragma once
// Which BEFORE component became which AFTER component, within one stack.
//
// First by logical id (linear), within the same resource type or two types that deploy as the same
// one (`AWS::Serverless::Api` and the `AWS::ApiGateway::RestApi` its transform makes). Then, among
// the leftovers of the same type and subtype, renames: a resource whose body is unchanged but whose
// logical id changed (a moved or renamed CDK construct) is one RENAME, not a REMOVE plus an INSERT.
// Look-alikes must not pair, so a rename needs (1) similarity at least kRenameThreshold
// (kConstructRenameThreshold when the construct paths say it is the same construct), (2) equal
// Immutable properties (a different physical name means a different resource), and (3) an
// unambiguous best match both ways.
#include <string>
#include <vector>

#include "model-diffing/reference_renames.h"
#include "model/infra_model.h"
#include "model/update_type.h"

namespace c2a::diffing {

inline constexpr double kRenameThreshold = 0.9;
/// With the CDK construct path as evidence (the same construct renamed or moved: its path differs
/// in one segment), a rename needs only this much similarity: a construct renamed `Aaaa` → `MyApi`
/// often takes its name-like properties along.
inline constexpr double kConstructRenameThreshold = 0.6;
/// The best candidate must beat the second best by this much on both sides.
inline constexpr double kRenameMargin = 0.05;

struct ComponentPair {
  ComponentIndex before;
  ComponentIndex after;
  bool renamed = false;
};

struct StackMatching {
  std::vector<ComponentPair> pairs;
  std::vector<ComponentIndex> removed;   // BEFORE components without a counterpart
  std::vector<ComponentIndex> inserted;  // AFTER components without a counterpart
  /// Same logical id, different resource type: reported as REMOVE + INSERT (see docs/diff.md).
  std::vector<ComponentPair> typeChanged;
  RenameMap renames;  // BEFORE logical id → AFTER logical id
};

/// `beforeMembers` / `afterMembers`: the components of one stack on each side (Stack and
/// Construct components are skipped: they are structure, not deployable entities). `jobs`: the
/// threads that may score candidate renames (the result is the same for any number).
StackMatching matchComponents(const InfraModel& before,
                              const std::vector<ComponentIndex>& beforeMembers,
                              const InfraModel& after,
                              const std::vector<ComponentIndex>& afterMembers,
                              const UpdateTypeLookup& updateTypes,
                              const DeployedTypeLookup& deployedTypes = {}, unsigned jobs = 1);

/// The body used to recognise a renamed resource: normalised intrinsics, without the
/// `aws:cdk:path` metadata (which changes with every construct move).
Json identityBody(const Json& properties);

}  // namespace c2a::diffing
