// An API's `Auth` and its events' `Auth`, as the SAM transform writes them into the body it
// builds: each authorizer a security scheme (Swagger 2.0 `securityDefinitions` for a REST API,
// OpenAPI 3.0 `components.securitySchemes` for an HTTP API), each method a `security` list
// (the event's authorizer, or the API's DefaultAuthorizer unless the event says NONE; an API
// key where required), and a permission for API Gateway to invoke each Lambda authorizer. A
// part of Auth not listed here is unseen: what it does to the API is not analysed.
#include <set>

#include "model/intrinsics.h"
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

const Json* member(const Json* object, const char* key) {
  if (object == nullptr || !object->is_object()) return nullptr;
  auto it = object->find(key);
  return it == object->end() ? nullptr : &*it;
}

const std::string* text(const Json* value) {
  return value != nullptr && value->is_string() ? &value->get_ref<const std::string&>() : nullptr;
}

bool isFalse(const Json* value) { return value != nullptr && *value == false; }

const Json kNoObject = Json::object();
const Json kNoList = Json::array();

// `value`'s members or elements when it is an object or a list; nothing otherwise.
const Json& objectOrNone(const Json* value) {
  return value != nullptr && value->is_object() ? *value : kNoObject;
}
const Json& listOrNone(const Json* value) {
  return value != nullptr && value->is_array() ? *value : kNoList;
}
bool isTrue(const Json* value) { return value != nullptr && *value == true; }

Json lambdaUri(const Json& functionArn) {
  Json variables = Json::object();
  variables["__FunctionArn__"] = functionArn;
  return call(Fn::Sub,
              Json::array({"arn:${AWS::Partition}:apigateway:${AWS::Region}:lambda:path/"
                           "2015-03-31/functions/${__FunctionArn__}/invocations",
                           std::move(variables)}));
}

// A REQUEST authorizer's identity sources, in the order the transform lists them.
Json requestIdentitySource(const Json* identity) {
  std::string sources;
  auto add = [&](const char* key, const char* prefix) {
    const Json* names = member(identity, key);
    if (names == nullptr || !names->is_array()) return;
    for (const auto& name : *names) {
      if (!name.is_string()) continue;
      if (!sources.empty()) sources += ", ";
      sources += prefix + name.get<std::string>();
    }
  };
  add("Headers", "method.request.header.");
  add("QueryStrings", "method.request.querystring.");
  add("StageVariables", "stageVariables.");
  add("Context", "context.");
  return sources;
}

Json restScheme(const std::string& name, const Json& authorizer, const SamResource& api,
                Expansion& expansion) {
  const Json* identity = member(&authorizer, "Identity");
  const std::string* header = text(member(identity, "Header"));
  Json scheme{{"type", "apiKey"}, {"name", header ? *header : "Authorization"}, {"in", "header"}};
  if (const Json* pool = member(&authorizer, "UserPoolArn")) {
    scheme["x-amazon-apigateway-authtype"] = "cognito_user_pools";
    Json providers = pool->is_array() ? *pool : Json::array({*pool});
    scheme["x-amazon-apigateway-authorizer"] =
        Json{{"type", "cognito_user_pools"}, {"providerARNs", std::move(providers)}};
    return scheme;
  }
  const Json* function = member(&authorizer, "FunctionArn");
  if (function == nullptr) {
    expansion.unseen(api, "the authorizer " + name + " (neither a user pool nor a function)");
    return scheme;
  }
  const std::string* payload = text(member(&authorizer, "FunctionPayloadType"));
  bool request = payload != nullptr && *payload == "REQUEST";
  Json lambda{{"type", request ? "request" : "token"}, {"authorizerUri", lambdaUri(*function)}};
  if (request) {
    scheme["name"] = "Unused";
    lambda["identitySource"] = requestIdentitySource(identity);
  }
  if (const Json* role = member(&authorizer, "FunctionInvokeRole")) {
    lambda["authorizerCredentials"] = *role;
  }
  if (const Json* every = member(identity, "ReauthorizeEvery")) {
    lambda["authorizerResultTtlInSeconds"] = *every;
  }
  if (const Json* expression = member(identity, "ValidationExpression")) {
    lambda["identityValidationExpression"] = *expression;
  }
  scheme["x-amazon-apigateway-authtype"] = "custom";
  scheme["x-amazon-apigateway-authorizer"] = std::move(lambda);
  return scheme;
}

Json httpScheme(const std::string& name, const Json& authorizer, const SamResource& api,
                Expansion& expansion) {
  if (const Json* jwt = member(&authorizer, "JwtConfiguration")) {
    Json configuration{{"type", "jwt"}, {"jwtConfiguration", *jwt}};
    if (const Json* source = member(&authorizer, "IdentitySource")) {
      configuration["identitySource"] = *source;
    }
    return Json{{"type", "oauth2"}, {"x-amazon-apigateway-authorizer", std::move(configuration)}};
  }
  const Json* function = member(&authorizer, "FunctionArn");
  if (function == nullptr) {
    expansion.unseen(api, "the authorizer " + name + " (neither a JWT nor a function)");
    return Json::object();
  }
  Json lambda{{"type", "request"}, {"authorizerUri", lambdaUri(*function)}};
  for (const auto& [sam, openApi] :
       {std::pair{"AuthorizerPayloadFormatVersion", "authorizerPayloadFormatVersion"},
        {"EnableSimpleResponses", "enableSimpleResponses"},
        {"FunctionInvokeRole", "authorizerCredentials"}}) {
    if (const Json* value = member(&authorizer, sam)) lambda[openApi] = *value;
  }
  const Json* identity = member(&authorizer, "Identity");
  if (const Json* every = member(identity, "ReauthorizeEvery")) {
    lambda["authorizerResultTtlInSeconds"] = *every;
  }
  Json sources = Json::array();
  for (const auto& [key, prefix] : {std::pair{"Headers", "$request.header."},
                                    {"QueryStrings", "$request.querystring."},
                                    {"StageVariables", "$stageVariables."},
                                    {"Context", "$context."}}) {
    const Json* names = member(identity, key);
    if (names == nullptr || !names->is_array()) continue;
    for (const auto& one : *names) {
      if (one.is_string()) sources.push_back(prefix + one.get<std::string>());
    }
  }
  if (!sources.empty()) lambda["identitySource"] = std::move(sources);
  return Json{{"type", "apiKey"},
              {"name", "Authorization"},
              {"in", "header"},
              {"x-amazon-apigateway-authorizer", std::move(lambda)}};
}

Json sigv4Scheme() {
  return Json{{"type", "apiKey"},
              {"name", "Authorization"},
              {"in", "header"},
              {"x-amazon-apigateway-authtype", "awsSigv4"}};
}

// The scopes a method asks of authorizer `name`: the event's, else the authorizer's own.
Json scopes(const Json* authorizers, const std::string& name, const Json* eventScopes) {
  if (eventScopes != nullptr) return *eventScopes;
  if (const Json* own = member(member(authorizers, name.c_str()), "AuthorizationScopes")) {
    return *own;
  }
  return Json::array();
}

}  // namespace

ApiAuth::ApiAuth(const SamResource& api, bool http, Expansion& expansion)
    : api_(api), http_(http), auth_(api.property("Auth")), expansion_(expansion) {
  if (auth_ == nullptr) return;
  if (!auth_->is_object()) {
    expansion.unseen(api, "its Auth");
    auth_ = nullptr;
    return;
  }
  static const std::set<std::string, std::less<>> kRest{
      "Authorizers", "DefaultAuthorizer", "ApiKeyRequired", "AddDefaultAuthorizerToCorsPreflight",
      "AddApiKeyRequiredToCorsPreflight"};
  static const std::set<std::string, std::less<>> kHttp{"Authorizers", "DefaultAuthorizer",
                                                        "EnableIamAuthorizer"};
  for (auto it = auth_->begin(); it != auth_->end(); ++it) {
    if ((http ? kHttp : kRest).count(it.key()) == 0) {
      expansion.unseen(api, "its Auth " + it.key());
    }
  }
  authorizers_ = member(auth_, "Authorizers");
  if (authorizers_ != nullptr && !authorizers_->is_object()) {
    expansion.unseen(api, "its Auth Authorizers (not a mapping)");
    authorizers_ = nullptr;
  }
  if (const Json* chosen = member(auth_, "DefaultAuthorizer")) {
    if (chosen->is_string()) {
      defaultAuthorizer_ = chosen->get<std::string>();
    } else {
      expansion.unseen(api, "its Auth DefaultAuthorizer (written as a function)");
    }
  }
}

bool ApiAuth::preflightExempt(const std::string& method, const char* flag) const {
  return method == "options" && isFalse(member(auth_, flag));
}

Json ApiAuth::security(const Route& route) const {
  const Json* eventAuth = route.auth.is_object() ? &route.auth : nullptr;
  const std::string* chosen = text(member(eventAuth, "Authorizer"));
  const Json* eventScopes = member(eventAuth, "AuthorizationScopes");
  Json security = Json::array();
  if (chosen != nullptr && *chosen != "NONE") {
    security.push_back(Json{{*chosen, scopes(authorizers_, *chosen, eventScopes)}});
  } else if (chosen == nullptr && !defaultAuthorizer_.empty() &&
             !preflightExempt(route.method, "AddDefaultAuthorizerToCorsPreflight")) {
    security.push_back(
        Json{{defaultAuthorizer_, scopes(authorizers_, defaultAuthorizer_, eventScopes)}});
  }
  if (!http_) {
    const Json* eventKey = member(eventAuth, "ApiKeyRequired");
    bool key = eventKey != nullptr ? isTrue(eventKey)
                                   : isTrue(member(auth_, "ApiKeyRequired")) &&
                                         !preflightExempt(route.method,
                                                          "AddApiKeyRequiredToCorsPreflight");
    if (key) security.push_back(Json{{"api_key", Json::array()}});
  }
  expansion_.charge(security.dump().size(), api_.pointer, "the security of each route");
  return security;
}

// A method of the body (written, or one an event adds to a written body): the transform adds the
// DefaultAuthorizer where the method names no authorizer (a `NONE` entry keeps it out), and the
// API key where the API requires one and the method says nothing of it.
void ApiAuth::applyDefaults(Json& method, const std::string& name) const {
  if (auth_ == nullptr || !method.is_object()) return;
  auto written = method.find("security");
  if (written != method.end() && !written->is_array()) {
    expansion_.unseen(api_, "a method's security written as no list");
    return;
  }
  Json kept = Json::array();
  bool none = false;
  bool authorized = false;
  bool keyed = false;
  for (const auto& entry : listOrNone(written != method.end() ? &*written : nullptr)) {
    if (!entry.is_object()) {
      kept.push_back(entry);
      continue;
    }
    if (entry.contains("NONE")) {
      none = true;
      continue;
    }
    if (entry.contains("api_key_false")) {
      keyed = true;
      continue;
    }
    keyed = keyed || entry.contains("api_key");
    for (auto it = entry.begin(); it != entry.end(); ++it) {
      authorized = authorized || it.key() == "AWS_IAM" ||
                   (authorizers_ != nullptr && authorizers_->contains(it.key()));
    }
    kept.push_back(entry);
  }
  if (!none && !authorized && !defaultAuthorizer_.empty() &&
      !preflightExempt(name, "AddDefaultAuthorizerToCorsPreflight")) {
    kept.push_back(Json{{defaultAuthorizer_, scopes(authorizers_, defaultAuthorizer_, nullptr)}});
  }
  if (!http_ && !keyed && isTrue(member(auth_, "ApiKeyRequired")) &&
      !preflightExempt(name, "AddApiKeyRequiredToCorsPreflight")) {
    kept.push_back(Json{{"api_key", Json::array()}});
  }
  if (written != method.end() || !kept.empty()) {
    expansion_.charge(kept.dump().size(), api_.pointer, "the security of each method");
    method["security"] = std::move(kept);
  }
}

void ApiAuth::addSchemes(Json& body) const {
  Json schemes = Json::object();
  if (authorizers_ != nullptr) {
    for (auto it = authorizers_->begin(); it != authorizers_->end(); ++it) {
      if (!http_ && it.key() == "AWS_IAM") continue;
      schemes[it.key()] = http_ ? httpScheme(it.key(), *it, api_, expansion_)
                                : restScheme(it.key(), *it, api_, expansion_);
      if (const Json* function = member(&*it, "FunctionArn")) {
        Json variables = Json::object();
        variables["__ApiId__"] = refOf(api_.id);
        expansion_.add(
            api_, api_.id + it.key() + "AuthorizerPermission", "AWS::Lambda::Permission",
            Json{{"Action", "lambda:InvokeFunction"},
                 {"FunctionName", *function},
                 {"Principal", "apigateway.amazonaws.com"},
                 {"SourceArn",
                  call(Fn::Sub, Json::array({"arn:${AWS::Partition}:execute-api:${AWS::Region}:"
                                             "${AWS::AccountId}:${__ApiId__}/authorizers/*",
                                             std::move(variables)}))}});
      }
    }
  }
  // The built-in schemes, where a method of the body uses them.
  bool sigv4 = http_ && isTrue(member(auth_, "EnableIamAuthorizer"));
  bool apiKey = false;
  for (const auto& path : objectOrNone(member(&body, "paths"))) {
    for (const auto& method : objectOrNone(&path)) {
      for (const auto& entry : listOrNone(member(&method, "security"))) {
        sigv4 = sigv4 || (entry.is_object() && entry.contains("AWS_IAM"));
        apiKey = apiKey || (entry.is_object() && entry.contains("api_key"));
      }
    }
  }
  if (sigv4) schemes["AWS_IAM"] = sigv4Scheme();
  if (apiKey && !http_) {
    schemes["api_key"] = Json{{"type", "apiKey"}, {"name", "x-api-key"}, {"in", "header"}};
  }
  if (schemes.empty()) return;
  // Into the body's own schemes: a written body keeps those it defines.
  Json* target = &body;
  for (const char* key : http_ ? std::vector<const char*>{"components", "securitySchemes"}
                               : std::vector<const char*>{"securityDefinitions"}) {
    Json& next = (*target)[key];
    if (next.is_null()) next = Json::object();
    if (!next.is_object()) {
      expansion_.unseen(api_, std::string("its body's ") + key + " (not a mapping)");
      return;
    }
    target = &next;
  }
  for (auto it = schemes.begin(); it != schemes.end(); ++it) (*target)[it.key()] = *it;
}

}  // namespace c2a::serverless
