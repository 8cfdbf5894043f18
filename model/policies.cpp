#include "model/policies.h"

#include <string>

#include "model/path.h"
#include "model/policy_text.h"

namespace c2a {
namespace {

constexpr IdentityPolicyType kIdentityPolicyTypes[] = {
    {"AWS::IAM::Policy", {"Roles", "Users", "Groups"}},
    {"AWS::IAM::ManagedPolicy", {"Roles", "Users", "Groups"}},
    {"AWS::IAM::RolePolicy", {"RoleName", "", ""}, true},
    {"AWS::IAM::UserPolicy", {"UserName", "", ""}, true},
    {"AWS::IAM::GroupPolicy", {"GroupName", "", ""}, true},
};

// The principals that hold inline policies (`Properties.Policies`) and managed ones
// (`Properties.ManagedPolicyArns`).
constexpr std::string_view kInlineHolders[][2] = {
    {"AWS::IAM::Role", "Roles"}, {"AWS::IAM::User", "Users"}, {"AWS::IAM::Group", "Groups"}};

// A resource policy: the property holding the document and the one naming what it governs ("" when
// it governs the resource itself).
struct ResourcePolicyType {
  std::string_view type;
  std::string_view document;
  std::string_view governs;
  PolicyKind kind = PolicyKind::Resource;
};

constexpr ResourcePolicyType kResourcePolicyTypes[] = {
    {"AWS::IAM::Role", "AssumeRolePolicyDocument", "", PolicyKind::Trust},
    {"AWS::S3::BucketPolicy", "PolicyDocument", "Bucket"},
    {"AWS::S3::AccessPoint", "Policy", ""},
    {"AWS::SQS::QueuePolicy", "PolicyDocument", "Queues"},
    {"AWS::SQS::QueueInlinePolicy", "PolicyDocument", "Queue"},
    {"AWS::SNS::TopicPolicy", "PolicyDocument", "Topics"},
    {"AWS::SNS::TopicInlinePolicy", "PolicyDocument", "TopicArn"},
    {"AWS::KMS::Key", "KeyPolicy", ""},
    {"AWS::KMS::ReplicaKey", "KeyPolicy", ""},
    {"AWS::SecretsManager::ResourcePolicy", "ResourcePolicy", "SecretId"},
    {"AWS::ECR::Repository", "RepositoryPolicyText", ""},
    {"AWS::ApiGateway::RestApi", "Policy", ""},
    {"AWS::OpenSearchService::Domain", "AccessPolicies", ""},
    {"AWS::Elasticsearch::Domain", "AccessPolicies", ""},
    {"AWS::Backup::BackupVault", "AccessPolicy", ""},
    {"AWS::EFS::FileSystem", "FileSystemPolicy", ""},
    {"AWS::EC2::VPCEndpoint", "PolicyDocument", ""},
    {"AWS::Events::EventBus", "Policy", ""},
    {"AWS::Logs::ResourcePolicy", "PolicyDocument", ""},  // a JSON string by its type
    {"AWS::ECR::RegistryPolicy", "PolicyText", ""},
    {"AWS::CodeArtifact::Domain", "PermissionsPolicyDocument", ""},
    {"AWS::CodeArtifact::Repository", "PermissionsPolicyDocument", ""},
    {"AWS::Kinesis::ResourcePolicy", "ResourcePolicy", "ResourceArn"},
    {"AWS::S3::MultiRegionAccessPointPolicy", "Policy", "MrapName"},
    {"AWS::S3ObjectLambda::AccessPointPolicy", "PolicyDocument", "ObjectLambdaAccessPoint"},
    {"AWS::VpcLattice::AuthPolicy", "Policy", "ResourceIdentifier"},
    {"AWS::VpcLattice::ResourcePolicy", "Policy", "ResourceArn"},
    {"AWS::EventSchemas::RegistryPolicy", "Policy", "RegistryName"},
    {"AWS::DynamoDB::Table", "ResourcePolicy.PolicyDocument", ""},
    {"AWS::Logs::LogGroup", "ResourcePolicyDocument", ""},
};

constexpr std::string_view kLambdaPermission = "AWS::Lambda::Permission";
constexpr std::string_view kSecurityGroup = "AWS::EC2::SecurityGroup";
constexpr std::string_view kIngressRule = "AWS::EC2::SecurityGroupIngress";
constexpr std::string_view kEgressRule = "AWS::EC2::SecurityGroupEgress";

const Json* member(const Json* object, std::string_view key) {
  if (object == nullptr || !object->is_object()) return nullptr;
  auto it = object->find(std::string(key));
  return it == object->end() ? nullptr : &*it;
}

// The property `dotted` (`ResourcePolicy.PolicyDocument`) names, as a path below Properties.
Path documentPath(std::string_view dotted) {
  Path out{"Properties"};
  for (auto& key : fromDotted(dotted)) out.push_back(std::move(key));
  return out;
}

const Json* propertiesOf(const Json& body) {
  return member(&body, "Properties");
}

Json ref(std::string_view name) {
  return Json{{"Ref", std::string(name)}};
}

// A value or each element of a list value.
std::vector<Json> elements(const Json* value) {
  if (value == nullptr) return {};
  if (value->is_array()) return {value->begin(), value->end()};
  return {*value};
}

// The path of element `i` of the value at `path`: its own path when the value is no list.
Path elementPath(const Path& path, const Json* value, std::size_t i) {
  Path out = path;
  if (value != nullptr && value->is_array()) out.push_back(std::to_string(i));
  return out;
}

Path joined(Path path, std::initializer_list<std::string_view> steps) {
  for (auto step : steps) path.emplace_back(step);
  return path;
}

void addDocument(std::vector<PolicyStatement>& out, PolicyKind kind, const Json* document,
                 const std::vector<Json>& holders, const Path& path) {
  if (document == nullptr) return;
  const Json* statements = member(document, "Statement");
  if (statements == nullptr) {
    // Not a plain document (an Fn::If, a Ref): shown whole, as one statement.
    if (!document->is_object() || document->empty()) return;
    out.push_back({kind, *document, holders, path});
    return;
  }
  auto all = elements(statements);
  for (std::size_t i = 0; i < all.size(); ++i) {
    out.push_back({kind, std::move(all[i]), holders,
                   elementPath(joined(path, {"Statement"}), statements, i)});
  }
}

// What an AWS::Lambda::Permission grants, as the statement the function's policy gets.
Json lambdaStatement(const Json& properties) {
  Json statement = Json::object();
  statement["Effect"] = "Allow";
  if (const auto* principal = member(&properties, "Principal")) {
    std::string kind = "AWS";
    if (principal->is_string()) {
      const auto& text = principal->get_ref<const std::string&>();
      if (text == "*") {
        statement["Principal"] = "*";
        kind.clear();
      } else if (text.ends_with(".amazonaws.com") || text.ends_with(".amazonaws.com.cn")) {
        kind = "Service";
      }
    }
    if (!kind.empty()) statement["Principal"] = Json{{kind, *principal}};
  }
  if (const auto* action = member(&properties, "Action")) statement["Action"] = *action;
  if (const auto* function = member(&properties, "FunctionName")) statement["Resource"] = *function;
  Json condition = Json::object();
  if (const auto* arn = member(&properties, "SourceArn")) {
    condition["ArnLike"]["AWS:SourceArn"] = *arn;
  }
  if (const auto* account = member(&properties, "SourceAccount")) {
    condition["StringEquals"]["AWS:SourceAccount"] = *account;
  }
  if (const auto* org = member(&properties, "PrincipalOrgID")) {
    condition["StringEquals"]["aws:PrincipalOrgID"] = *org;
  }
  if (const auto* auth = member(&properties, "FunctionUrlAuthType")) {
    condition["StringEquals"]["lambda:FunctionUrlAuthType"] = *auth;
  }
  if (!condition.empty()) statement["Condition"] = std::move(condition);
  return statement;
}

}  // namespace

const IdentityPolicyType* identityPolicyType(std::string_view type) {
  for (const auto& entry : kIdentityPolicyTypes) {
    if (entry.type == type) return &entry;
  }
  return nullptr;
}

std::string_view inlinePolicyHolderKind(std::string_view type) {
  for (const auto& entry : kInlineHolders) {
    if (entry[0] == type) return entry[1];
  }
  return {};
}

bool writesPermissions(std::string_view type) {
  if (identityPolicyType(type) != nullptr || !inlinePolicyHolderKind(type).empty()) return true;
  for (const auto& entry : kResourcePolicyTypes) {
    if (entry.type == type) return true;
  }
  return type == kLambdaPermission || type == kSecurityGroup || type == kIngressRule ||
         type == kEgressRule;
}

std::vector<PolicyStatement> policyStatements(std::string_view type, std::string_view self,
                                              const Json& body) {
  std::vector<PolicyStatement> out;
  const Json* properties = propertiesOf(body);
  if (properties == nullptr || !properties->is_object()) return out;
  if (const auto* identity = identityPolicyType(type)) {
    std::vector<Json> holders;
    for (auto property : identity->principals) {
      if (property.empty()) continue;
      for (auto& holder : elements(member(properties, property))) holders.push_back(holder);
    }
    addDocument(out, PolicyKind::Identity, member(properties, "PolicyDocument"), holders,
                {"Properties", "PolicyDocument"});
  }
  if (!inlinePolicyHolderKind(type).empty()) {
    const Json* policies = member(properties, "Policies");
    auto all = elements(policies);
    for (std::size_t i = 0; i < all.size(); ++i) {
      addDocument(out, PolicyKind::Identity, member(&all[i], "PolicyDocument"), {ref(self)},
                  joined(elementPath({"Properties", "Policies"}, policies, i), {"PolicyDocument"}));
    }
  }
  for (const auto& entry : kResourcePolicyTypes) {
    if (entry.type != type) continue;
    // A role's trust policy governs who assumes the role: its ARN, as a principal names it.
    Json own = entry.kind == PolicyKind::Trust
                   ? Json{{"Fn::GetAtt", Json::array({std::string(self), "Arn"})}}
                   : ref(self);
    auto governed = entry.governs.empty() ? std::vector<Json>{std::move(own)}
                                          : elements(member(properties, entry.governs));
    Path at = documentPath(entry.document);
    addDocument(out, entry.kind, valueAt(body, at), governed, at);
  }
  if (type == kLambdaPermission) {
    out.push_back({PolicyKind::Resource,
                   lambdaStatement(*properties),
                   elements(member(properties, "FunctionName")),
                   {"Properties"}});
  }
  return out;
}

std::vector<ManagedPolicyAttachment> managedPolicies(std::string_view type, std::string_view self,
                                                     const Json& body) {
  std::vector<ManagedPolicyAttachment> out;
  if (inlinePolicyHolderKind(type).empty()) return out;
  const Json* arns = member(propertiesOf(body), "ManagedPolicyArns");
  auto all = elements(arns);
  for (std::size_t i = 0; i < all.size(); ++i) {
    out.push_back(
        {ref(self), std::move(all[i]), elementPath({"Properties", "ManagedPolicyArns"}, arns, i)});
  }
  return out;
}

std::vector<NetworkRule> networkRules(std::string_view type, std::string_view self,
                                      const Json& body) {
  std::vector<NetworkRule> out;
  const Json* properties = propertiesOf(body);
  if (properties == nullptr || !properties->is_object()) return out;
  if (type == kSecurityGroup) {
    Json group{{"Fn::GetAtt", Json::array({std::string(self), "GroupId"})}};
    for (const char* key : {"SecurityGroupIngress", "SecurityGroupEgress"}) {
      const Json* rules = member(properties, key);
      auto all = elements(rules);
      for (std::size_t i = 0; i < all.size(); ++i) {
        out.push_back({group, key == std::string_view("SecurityGroupIngress"), std::move(all[i]),
                       elementPath({"Properties", key}, rules, i)});
      }
    }
  } else if (type == kIngressRule || type == kEgressRule) {
    Json rule = *properties;
    Json group = ref(self);
    for (const char* key : {"GroupId", "GroupName"}) {
      auto it = rule.find(key);
      if (it == rule.end()) continue;
      group = *it;
      rule.erase(it);
      break;
    }
    out.push_back({std::move(group), type == kIngressRule, std::move(rule), {"Properties"}});
  }
  return out;
}

std::vector<Path> readPolicyTexts(std::string_view type, Json& body,
                                  const ResourceTypeOf& resourceType) {
  std::vector<Path> unreadable;
  auto properties = body.find("Properties");
  if (properties == body.end() || !properties->is_object()) return unreadable;
  auto read = [&](Json& owner, std::string_view key, Path path) {
    auto document = owner.find(std::string(key));
    if (document == owner.end()) return;
    if (readPolicyText(*document, resourceType) == PolicyText::Unreadable) unreadable.push_back(std::move(path));
  };
  if (identityPolicyType(type) != nullptr) {
    read(*properties, "PolicyDocument", {"Properties", "PolicyDocument"});
  }
  if (!inlinePolicyHolderKind(type).empty()) {
    auto policies = properties->find("Policies");
    if (policies != properties->end() && policies->is_array()) {
      for (std::size_t i = 0; i < policies->size(); ++i) {
        Json& policy = (*policies)[i];
        if (!policy.is_object()) continue;
        read(policy, "PolicyDocument", {"Properties", "Policies", std::to_string(i), "PolicyDocument"});
      }
    }
  }
  for (const auto& entry : kResourcePolicyTypes) {
    if (entry.type != type) continue;
    Path at = documentPath(entry.document);
    Json* owner = &*properties;
    for (std::size_t i = 1; owner != nullptr && i + 1 < at.size(); ++i) {
      auto next = owner->is_object() ? owner->find(at[i]) : owner->end();
      owner = owner->is_object() && next != owner->end() ? &*next : nullptr;
    }
    if (owner != nullptr && owner->is_object()) read(*owner, at.back(), at);
  }
  return unreadable;
}

}  // namespace c2a
