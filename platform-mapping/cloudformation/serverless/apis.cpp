// AWS::Serverless::Api and HttpApi, and the implicit ServerlessRestApi / ServerlessHttpApi that API
// events ask for: the API with a definition body (the one written, or one built from the events'
// routes), a deployment and a stage. Auth is written into the body (api_auth.cpp); domains, usage
// plans and CORS rewrite it in ways c2a does not follow: those are unseen.
#include <algorithm>
#include <map>
#include <set>

#include "model/intrinsics.h"

#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

// The routes of `api` into `paths` (a body built here, or a written one), each method guarded as
// its API's Auth says. A method the written body has already keeps its own definition: the
// event's authorizer is added to it, or, with none, the API's defaults (applied after).
// Returns the methods the routes made or named, so the defaults skip those an event decided.
std::set<std::pair<std::string, std::string>> addRoutes(Json& paths,
                                                        const std::vector<Route>& routes,
                                                        const std::string& api, bool http,
                                                        const ApiAuth& auth) {
  std::set<std::pair<std::string, std::string>> decided;
  for (const auto& route : routes) {
    if (route.api != api) continue;
    std::string method = route.method == "any" ? "x-amazon-apigateway-any-method" : route.method;
    Json& path = paths[route.path];
    if (!path.is_object()) path = Json::object();
    Json security = auth.security(route);
    if (path.contains(method) && path[method].is_object()) {
      // Written already: only an event that names its authorizer changes it.
      if (!route.auth.is_object() || !route.auth.contains("Authorizer")) continue;
      path[method]["security"] = std::move(security);
      decided.emplace(route.path, method);
      continue;
    }
    Json integration{{"httpMethod", "POST"}, {"type", "aws_proxy"}, {"uri", route.integrationUri}};
    if (http) integration["payloadFormatVersion"] = "2.0";
    Json operation{{"x-amazon-apigateway-integration", std::move(integration)},
                   {"responses", Json::object()}};
    if (!security.empty()) operation["security"] = std::move(security);
    path[method] = std::move(operation);
    decided.emplace(route.path, method);
  }
  return decided;
}

// The API's defaults on every method of a written body that no event decided and that has an
// integration (the transform leaves the others alone).
void applyDefaults(Json& paths, const std::set<std::pair<std::string, std::string>>& decided,
                   const ApiAuth& auth) {
  for (auto path = paths.begin(); path != paths.end(); ++path) {
    if (!path->is_object()) continue;
    for (auto method = path->begin(); method != path->end(); ++method) {
      if (!method->is_object() || !method->contains("x-amazon-apigateway-integration")) continue;
      if (decided.count({path.key(), method.key()}) != 0) continue;
      auth.applyDefaults(*method, method.key());
    }
  }
}

void unseenParts(const SamResource& from, Expansion& expansion) {
  for (const char* part : {"Domain", "CorsConfiguration", "Cors", "GatewayResponses",
                           "Models", "UsagePlan"}) {
    if (from.property(part) != nullptr) expansion.unseen(from, std::string("its ") + part);
  }
}

// The API's definition: the body written, the S3 object named, or one built from the routes
// (Swagger 2.0 for REST, OpenAPI 3.0 for HTTP APIs, as the transform writes them). A written
// body is edited as the transform edits it: the events' routes added, the API's Auth applied.
// One c2a cannot read as OpenAPI (an S3 object, an AWS::Include) keeps Auth and routes unseen.
Json definition(const SamResource& from, Expansion& expansion, bool http) {
  Json api = Json::object();
  ApiAuth auth(from, http, expansion);
  const auto& routes = http ? expansion.httpRoutes() : expansion.restRoutes();
  bool routed = std::any_of(routes.begin(), routes.end(),
                            [&](const Route& route) { return route.api == from.id; });
  if (const Json* written = from.property("DefinitionBody")) {
    Json body = *written;
    bool readable = body.is_object() && !isIntrinsic(body) &&
                    (!body.contains("paths") || body["paths"].is_object());
    if (readable) {
      Json& paths = body["paths"];
      if (paths.is_null()) paths = Json::object();
      auto decided = addRoutes(paths, routes, from.id, http, auth);
      applyDefaults(paths, decided, auth);
      auth.addSchemes(body);
    } else {
      if (from.property("Auth") != nullptr) {
        expansion.unseen(from, "its Auth on a DefinitionBody c2a cannot read");
      }
      if (routed) expansion.unseen(from, "the routes its events add to a DefinitionBody c2a cannot read");
    }
    api["Body"] = std::move(body);
  } else if (const Json* uri = from.property("DefinitionUri")) {
    api["BodyS3Location"] = s3Location(*uri, "Bucket", "Key", "Version");
    if (from.property("Auth") != nullptr) expansion.unseen(from, "its Auth on a DefinitionUri");
    if (routed) expansion.unseen(from, "the routes its events add to a DefinitionUri");
  } else {
    Json body = http ? Json{{"openapi", "3.0.1"}} : Json{{"swagger", "2.0"}};
    body["info"] = Json{{"version", "1.0"}, {"title", refOf("AWS::StackName")}};
    Json paths = Json::object();
    addRoutes(paths, routes, from.id, http, auth);
    body["paths"] = std::move(paths);
    auth.addSchemes(body);
    api["Body"] = std::move(body);
  }
  return api;
}

void restApi(const SamResource& from, Expansion& expansion) {
  Json api = definition(from, expansion, false);
  copy(from, api,
       {{"Name", "Name"},
        {"Description", "Description"},
        {"BinaryMediaTypes", "BinaryMediaTypes"},
        {"MinimumCompressionSize", "MinimumCompressionSize"},
        {"Mode", "Mode"},
        {"DisableExecuteApiEndpoint", "DisableExecuteApiEndpoint"},
        {"ApiKeySourceType", "ApiKeySourceType"},
        {"Policy", "Policy"}});
  if (const Json* endpoint = from.property("EndpointConfiguration")) {
    api["EndpointConfiguration"] =
        endpoint->is_string() ? Json{{"Types", Json::array({*endpoint})}} : *endpoint;
  }
  unseenParts(from, expansion);
  // A new deployment whenever the definition changes (SAM hashes it into the id).
  std::string deployment = from.id + "Deployment" + shortHash(api);
  Json stageName = from.property("StageName") ? *from.property("StageName") : Json("Prod");
  expansion.addOwn(from, "AWS::ApiGateway::RestApi", std::move(api));
  expansion.add(from, deployment, "AWS::ApiGateway::Deployment",
                Json{{"RestApiId", refOf(from.id)}, {"Description", "RestApi deployment"}});
  Json stage{{"DeploymentId", refOf(deployment)}, {"RestApiId", refOf(from.id)}, {"StageName", stageName}};
  copy(from, stage,
       {{"Variables", "Variables"},
        {"MethodSettings", "MethodSettings"},
        {"TracingEnabled", "TracingEnabled"},
        {"AccessLogSetting", "AccessLogSetting"},
        {"CacheClusterEnabled", "CacheClusterEnabled"},
        {"CacheClusterSize", "CacheClusterSize"},
        {"CanarySetting", "CanarySetting"}});
  std::string stageId = from.id + (stageName.is_string() ? stageName.get<std::string>() : "") + "Stage";
  expansion.add(from, stageId, "AWS::ApiGateway::Stage", std::move(stage));
}

void httpApi(const SamResource& from, Expansion& expansion) {
  Json api = definition(from, expansion, true);
  copy(from, api,
       {{"Name", "Name"},
        {"Description", "Description"},
        {"DisableExecuteApiEndpoint", "DisableExecuteApiEndpoint"},
        {"FailOnWarnings", "FailOnWarnings"}});
  unseenParts(from, expansion);
  Json stageName = from.property("StageName") ? *from.property("StageName") : Json("$default");
  expansion.addOwn(from, "AWS::ApiGatewayV2::Api", std::move(api));
  Json stage{{"ApiId", refOf(from.id)}, {"StageName", stageName}, {"AutoDeploy", true}};
  copy(from, stage,
       {{"StageVariables", "StageVariables"},
        {"AccessLogSettings", "AccessLogSettings"},
        {"DefaultRouteSettings", "DefaultRouteSettings"},
        {"RouteSettings", "RouteSettings"}});
  std::string stageId =
      from.id + (stageName == "$default" ? std::string("ApiGatewayDefault")
                 : stageName.is_string() ? stageName.get<std::string>()
                                         : std::string()) +
      "Stage";
  expansion.add(from, stageId, "AWS::ApiGatewayV2::Stage", std::move(stage));
}

}  // namespace

void expandApi(const SamResource& from, Expansion& expansion) { restApi(from, expansion); }
void expandHttpApi(const SamResource& from, Expansion& expansion) { httpApi(from, expansion); }

void finishApis(const std::map<std::string, SamResource>& apis, const Json& globals,
                Expansion& expansion) {
  for (const auto& [id, api] : apis) {
    (api.type == "AWS::Serverless::Api" ? restApi : httpApi)(api, expansion);
  }
  // The implicit APIs, made when an event asked for one and the template has none of that name.
  auto implicit = [&](const std::vector<Route>& routes, const std::string& id, const char* type,
                      bool http) {
    bool asked = std::any_of(routes.begin(), routes.end(), [&](const Route& r) { return r.api == id; });
    if (!asked || apis.count(id) != 0) return;
    SamResource made{id, type, Json{{"Type", type}}, "/Resources"};
    Json own = Json::object();
    if (!http) own["StageName"] = "Prod";
    const char* section = http ? "HttpApi" : "Api";
    if (globals.contains(section)) {
      expansion.charge(globals[section].dump().size(), std::string("/Globals/") + section,
                       std::string("Globals.") + section + " for " + id);
      made.body["Properties"] = mergeGlobals(globals[section], own);
    } else {
      made.body["Properties"] = std::move(own);
    }
    (http ? httpApi : restApi)(made, expansion);
  };
  implicit(expansion.restRoutes(), "ServerlessRestApi", "AWS::Serverless::Api", false);
  implicit(expansion.httpRoutes(), "ServerlessHttpApi", "AWS::Serverless::HttpApi", true);
}

}  // namespace c2a::serverless
