#pragma once
// Where a resource's permissions and network rules are written: one table of resource types
// (IAM identity and trust policies, the resource policies of S3, SQS, SNS, KMS, Lambda, Secrets
// Manager..., security groups and their rules). The report's security tables read resources
// through it; model-diffing's grant regrouping uses its identity-policy part.
#include <string_view>
#include <vector>

#include "model/component.h"
#include "model/policy_text.h"

namespace c2a {

enum class PolicyKind {
  Identity,  // granted to the principals it is attached to (a role's inline policy, IAM::Policy)
  Trust,     // who may assume a role (AssumeRolePolicyDocument)
  Resource,  // who may use the resource it governs (a bucket policy, a key policy)
};

/// One statement a resource writes, as written; a Lambda permission's properties are turned
/// into the statement they grant.
struct PolicyStatement {
  PolicyKind kind = PolicyKind::Identity;
  Json statement;
  /// Identity policies: who holds it (`{"Ref": "WorkerRole"}`, a role name); the resource's own
  /// reference for its inline policies. Trust and resource policies: the resource it governs.
  std::vector<Json> holders;
  Path
      path;  // where it is written in the body (`Properties.Policies.0.PolicyDocument.Statement.1`)
};

/// A managed policy attached to a role, user or group (`ManagedPolicyArns`).
struct ManagedPolicyAttachment {
  Json holder;  // the role, user or group (its Ref)
  Json policy;  // the ARN as written
  Path path;
};

/// One security group rule: inline in a group, or a rule resource of its own.
struct NetworkRule {
  Json group;  // the group it belongs to (its Ref, or the rule resource's GroupId)
  bool ingress = true;
  Json rule;  // IpProtocol, FromPort, ToPort, CidrIp, SourceSecurityGroupId...
  Path path;  // the rule's entry; the resource's Properties for a rule resource
};

/// The statements of a resource body (Component::properties of a resource of type `type`); none
/// for types that hold no policy. `self` is the resource's logical id.
std::vector<PolicyStatement> policyStatements(std::string_view type, std::string_view self,
                                              const Json& body);
std::vector<ManagedPolicyAttachment> managedPolicies(std::string_view type, std::string_view self,
                                                     const Json& body);
std::vector<NetworkRule> networkRules(std::string_view type, std::string_view self,
                                      const Json& body);

/// Every policy document of `body` (a resource of type `type`) written as text (a JSON string,
/// an Fn::Sub or Fn::Join building one: model/policy_text.h, with `resourceType` telling what its
/// names stand for) replaced by the document it holds; the paths of those that are text c2a
/// cannot read as a document.
std::vector<Path> readPolicyTexts(std::string_view type, Json& body,
                                  const ResourceTypeOf& resourceType);

/// Whether resources of `type` can write any of the above.
bool writesPermissions(std::string_view type);

/// Identity-policy resources: the properties naming the principals they attach to, by principal
/// kind ("Roles", "Users", "Groups"); `single` when the property names one principal.
struct IdentityPolicyType {
  std::string_view type;
  std::string_view principals[3];
  bool single = false;
};
const IdentityPolicyType* identityPolicyType(std::string_view type);

/// "Roles", "Users" or "Groups" for a type that holds inline policies (`Properties.Policies`);
/// "" otherwise.
std::string_view inlinePolicyHolderKind(std::string_view type);

}  // namespace c2a
