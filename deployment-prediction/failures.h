#pragma once
// Failures foreseen: deployments CloudFormation will refuse, read from the diff before anything is
// deployed. Each kind is one file in failures/, named for its code, with its check, its wording and
// the CloudFormation behaviour it rests on; failures.cpp lists them in one table.
//   custom-name-replacement  a resource that must be replaced keeps its custom physical name: the
//                            new one cannot be created under a name the old one still holds
//   custom-name-collision    a new resource (an INSERT, the new side of a RENAME, or a type change
//                            under one logical id) takes the custom name of one this deployment
//                            removes: CloudFormation creates before it deletes
//   export-in-use            an Output another stack imports (Fn::ImportValue) is removed, or its
//                            value or export name changes: CloudFormation refuses
//   parameter-value-refused  a value given for a parameter breaks its declaration (AllowedValues,
//                            AllowedPattern, Min/MaxLength, Min/MaxValue)
//   dangling-reference       a reference to a resource the deployment removes or its condition
//                            leaves out
//   dependency-cycle         resources whose sure references go round in a circle (or one that
//                            refers to itself)
//   fixed-after-creation     an update of a property the service fixes when the resource is
//                            created (Cognito sign-in attributes...)
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/diff.h"
#include "model/failure.h"
#include "model/template_evaluation.h"

namespace c2a {

/// A property the service fixes at creation (spec/fixed_after_creation.h), as the engine hands it
/// over.
struct FixedPropertyFact {
  bool elementsMayBeAdded = false;  // whole new list elements are allowed
  std::string fact;
  std::string fix;
};

/// What the specification says, handed over by the engine (a stage includes no other stage).
struct DeploymentFacts {
  /// The properties holding a resource type's physical name (`BucketName`); empty: none.
  std::function<const std::vector<std::string>&(std::string_view resourceType)>
      physicalNameProperties;
  /// The namespace a type's custom names live in (spec/name_namespaces.h); unset: the type.
  std::function<std::string_view(std::string_view resourceType)> nameNamespace;
  /// The top-level property of a resource type the service fixes at creation; unset: none.
  std::function<std::optional<FixedPropertyFact>(std::string_view resourceType,
                                                 std::string_view property)>
      fixedAfterCreation;
};

/// What a failure kind's check reads: the diff, the specification's facts, the AFTER side's
/// evaluator, and where each parameter value is given (a refused value points there).
struct FailureInputs {
  const ModelDiff& diff;
  const DeploymentFacts& facts;
  TemplateEvaluator& after;
  const std::map<std::string, SourceLocation>& given;
};

/// A failure kind: its code, a title (SARIF rule descriptors, docs) and its check.
struct FailureKind {
  std::string_view code;
  std::string_view title;
  /// CloudFormation refuses it when it validates the template and parameters, before any step
  /// (a plan shows it first: none of its steps happens), rather than at a step it then rolls back.
  bool beforeActing = false;
  /// Appends the failures of this kind the deployment will meet.
  void (*check)(const FailureInputs& inputs, Failures& out) = nullptr;
};

/// `deployments`: the values each side is deployed with; `given`: where each parameter value is
/// given (a failure of a refused value points there). Every kind's check, in report order.
Failures foreseeFailures(const ModelDiff& diff, const DeploymentFacts& facts,
                         const Deployments& deployments = {},
                         const std::map<std::string, SourceLocation>& given = {});

/// Whether failures of `code` are refused before CloudFormation acts.
bool refusedBeforeActing(std::string_view code);
/// Every failure kind, in one table (failures.cpp).
std::span<const FailureKind> failureKinds();

}  // namespace c2a
