#include "platform-mapping/cloudformation/serverless/expansion.h"

#include <fmt/format.h>

#include "model/intrinsics.h"
#include "model/same_value.h"
#include "model/sha256.h"

namespace c2a::serverless {
namespace {

// Resource attributes every resource made from a SAM resource shares with it.
void shareCondition(const SamResource& from, Json& body) {
  if (auto it = from.body.find("Condition"); it != from.body.end()) body["Condition"] = *it;
}

}  // namespace

const Json& SamResource::properties() const {
  static const Json kEmpty = Json::object();
  auto it = body.find("Properties");
  return it != body.end() && it->is_object() ? *it : kEmpty;
}

const Json* SamResource::property(std::string_view key) const {
  const auto& all = properties();
  auto it = all.find(std::string(key));
  return it == all.end() ? nullptr : &*it;
}

void Expansion::add(const SamResource& from, const std::string& id, const std::string& type,
                    Json properties) {
  Json body = Json::object();
  body["Type"] = type;
  if (!properties.empty()) body["Properties"] = std::move(properties);
  shareCondition(from, body);
  made_.push_back({id, std::move(body), from.pointer});
}

void Expansion::addOwn(const SamResource& from, const std::string& type, Json properties) {
  Json body = Json::object();
  body["Type"] = type;
  if (!properties.empty()) body["Properties"] = std::move(properties);
  for (const char* key : {"Condition", "DependsOn", "Metadata", "DeletionPolicy",
                          "UpdateReplacePolicy", "UpdatePolicy"}) {
    if (auto it = from.body.find(key); it != from.body.end()) body[key] = *it;
  }
  made_.push_back({from.id, std::move(body), from.pointer});
}

void Expansion::unseen(const SamResource& from, const std::string& what, bool keptAsWritten) {
  Diagnostic warning{ErrorKind::InvalidInput,
                     locations_ ? locations_->find(from.pointer) : SourceLocation{},
                     fmt::format("{} {}: {}, which c2a does not expand: what the SAM transform "
                                 "makes of it is not analysed",
                                 from.type, from.id, what),
                     true};
  if (keptAsWritten) warning.seenIfUnchanged = Diagnostic::Resource{stack_, from.id};
  warnings_.push_back(std::move(warning));
}

void Expansion::charge(std::size_t bytes, const std::string& pointer, std::string_view what) {
  // As much as a template at the default input size limit could write out.
  constexpr std::size_t kMostCopiedBytes = std::size_t{64} << 20;
  copiedBytes_ += bytes;
  if (copiedBytes_ <= kMostCopiedBytes) return;
  throw C2aError(ErrorKind::InvalidInput, locations_ ? locations_->find(pointer) : SourceLocation{},
                 fmt::format("SAM Globals and authorizers copy more than {} MiB of text into the "
                             "resources and routes they apply to ({})",
                             kMostCopiedBytes >> 20, what));
}

Json refOf(const std::string& id) {
  return call(Fn::Ref, id);
}

Json getAtt(const std::string& id, const std::string& attribute) {
  return call(Fn::GetAtt, Json::array({id, attribute}));
}

Json sub(const std::string& text) {
  return call(Fn::Sub, text);
}

Json tagList(const Json* tags, const std::vector<std::pair<std::string, std::string>>& own) {
  Json out = Json::array();
  for (const auto& [key, value] : own) out.push_back(Json{{"Key", key}, {"Value", value}});
  if (tags != nullptr && tags->is_object()) {
    for (auto it = tags->begin(); it != tags->end(); ++it) {
      out.push_back(Json{{"Key", it.key()}, {"Value", *it}});
    }
  }
  return out;
}

Json mergeGlobals(const Json& global, const Json& own) {
  if (global.is_object() && own.is_object() && !isIntrinsic(global) && !isIntrinsic(own)) {
    Json out = global;
    for (auto it = own.begin(); it != own.end(); ++it) {
      out[it.key()] = out.contains(it.key()) ? mergeGlobals(out[it.key()], *it) : *it;
    }
    return out;
  }
  if (global.is_array() && own.is_array()) {
    Json out = global;
    for (const auto& element : own) out.push_back(element);
    return out;
  }
  return own;
}

std::string shortHash(const Json& value) {
  return sha256Hex(canonicalText(value)).substr(0, 10);
}

Json s3Location(const Json& uri, std::string_view bucketKey, std::string_view keyKey,
                std::string_view versionKey) {
  Json out = Json::object();
  if (uri.is_object() && (uri.contains("Bucket") || uri.contains("Key"))) {
    if (uri.contains("Bucket")) out[std::string(bucketKey)] = uri["Bucket"];
    if (uri.contains("Key")) out[std::string(keyKey)] = uri["Key"];
    if (uri.contains("Version")) out[std::string(versionKey)] = uri["Version"];
    return out;
  }
  if (uri.is_string()) {
    const auto& text = uri.get_ref<const std::string&>();
    if (text.rfind("s3://", 0) == 0) {
      auto slash = text.find('/', 5);
      out[std::string(bucketKey)] = text.substr(5, slash == std::string::npos ? slash : slash - 5);
      if (slash != std::string::npos) out[std::string(keyKey)] = text.substr(slash + 1);
      return out;
    }
  }
  out[std::string(keyKey)] = uri;  // a local path, or an intrinsic: compared as written
  return out;
}

void copy(const SamResource& from, Json& to,
          std::initializer_list<std::pair<std::string_view, std::string_view>> keys) {
  for (const auto& [sam, cloudFormation] : keys) {
    if (const Json* value = from.property(sam)) to[std::string(cloudFormation)] = *value;
  }
}

void addExecutionRole(const SamResource& from, Expansion& expansion, const std::string& roleId,
                      const std::string& principal, const std::string& createdByTag,
                      std::vector<Json> managed, std::vector<Json> inlineStatements) {
  Json role = Json::object();
  role["AssumeRolePolicyDocument"] =
      from.property("AssumeRolePolicyDocument") != nullptr
          ? *from.property("AssumeRolePolicyDocument")
          : Json{{"Version", "2012-10-17"},
                 {"Statement",
                  Json::array({Json{{"Action", Json::array({"sts:AssumeRole"})},
                                    {"Effect", "Allow"},
                                    {"Principal", {{"Service", Json::array({principal})}}}}})}};
  Json policies = Json::array();
  auto inlinePolicy = [&](const Json& document) {
    policies.push_back(Json{{"PolicyName", fmt::format("{}RolePolicy{}", from.id, policies.size())},
                            {"PolicyDocument", document}});
  };
  const Json* written = from.property("Policies");
  Json listed = written == nullptr    ? Json::array()
                : written->is_array() ? *written
                                      : Json::array({*written});
  for (const auto& policy : listed) {
    if (policy.is_string()) {
      const auto& name = policy.get_ref<const std::string&>();
      managed.push_back(name.rfind("arn:", 0) == 0
                            ? policy
                            : sub("arn:${AWS::Partition}:iam::aws:policy/" + name));
    } else if (policy.is_object() && policy.contains("Statement")) {
      inlinePolicy(policy);
    } else if (policy.is_object() && policy.size() == 1 && !isFunctionName(policy.begin().key())) {
      auto statements = policyTemplateStatements(policy.begin().key(), policy.begin().value());
      if (statements) {
        inlinePolicy(Json{{"Statement", *statements}});
      } else {
        expansion.unseen(from, "the policy template " + policy.begin().key());
      }
    } else {
      managed.push_back(policy);  // Ref / GetAtt / Sub of a managed policy ARN
    }
  }
  if (!inlineStatements.empty()) {
    policies.push_back(Json{{"PolicyName", fmt::format("{}RolePolicy{}", from.id, policies.size())},
                            {"PolicyDocument", Json{{"Statement", std::move(inlineStatements)}}}});
  }
  if (!managed.empty()) role["ManagedPolicyArns"] = std::move(managed);
  if (!policies.empty()) role["Policies"] = std::move(policies);
  if (const Json* boundary = from.property("PermissionsBoundary")) {
    role["PermissionsBoundary"] = *boundary;
  }
  if (const Json* path = from.property("RolePath")) role["Path"] = *path;
  role["Tags"] = tagList(from.property("Tags"), {{createdByTag, "SAM"}});
  expansion.add(from, roleId, "AWS::IAM::Role", std::move(role));
}

}  // namespace c2a::serverless
