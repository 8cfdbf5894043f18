// AWS::Serverless::Api and HttpApi, and the implicit ServerlessRestApi / ServerlessHttpApi that API
// events ask for: the API with a definition body (the one written, or one built from the events'
// routes), a deployment and a stage. Auth is written into the body (api_auth.cpp); domains, usage
// plans and CORS rewrite it in ways c2a does not follow: those are unseen.
#include <map>

#include "model/intrinsics.h"

#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

// The OpenAPI paths the routes of `api` make, each method guarded as its API's Auth says.
Json routePaths(const std::vector<Route>& routes, const std::string& api, bool http,
                const ApiAuth& auth) {
  Json paths = Json::object();
  for (const auto& route : routes) {
    if (route.api != api) continue;
    std::string method = route.method == "any" ? "x-amazon-apigateway-any-method" : route.method;
    Json integration{{"httpMethod", "POST"}, {"type", "aws_proxy"}, {"uri", route.integrationUri}};
    if (http) integration["payloadFormatVersion"] = "2.0";
    Json operation{{"x-amazon-apigateway-integration", std::move(integration)},
                   {"responses", Json::object()}};
    if (Json security = auth.security(route); !security.empty()) {
      operation["security"] = std::move(security);
    }
    paths[route.path][method] = std::move(operation);
  }
  return paths;
}

void unseenParts(const SamResource& from, Expansion& expansion) {
  for (const char* part : {"Domain", "CorsConfiguration", "Cors", "GatewayResponses",
                           "Models", "UsagePlan"}) {
    if (from.property(part) != nullptr) expansion.unseen(from, std::string("its ") + part);
  }
}

// The API's definition: the body written, the S3 object named, or one built from the routes
// (Swagger 2.0 for REST, OpenAPI 3.0 for HTTP APIs, as the transform writes them).
// A written body gets the API's Auth too (the transform edits it); one c2a cannot read as
// OpenAPI (an S3 object, an AWS::Include) keeps Auth unseen.
Json definition(const SamResource& from, Expansion& expansion, bool http) {
  Json api = Json::object();
  ApiAuth auth(from, http, expansion);
  const auto& routes = http ? expansion.httpRoutes() : expansion.restRoutes();
  if (const Json* written = from.property("DefinitionBody")) {
    Json body = *written;
    if (body.is_object() && !isIntrinsic(body) && body.contains("paths")) {
      auth.secureWrittenBody(body);
      auth.addSchemes(body, {}, expansion);
    } else if (from.property("Auth") != nullptr) {
      expansion.unseen(from, "its Auth on a DefinitionBody c2a cannot read");
    }
    api["Body"] = std::move(body);
  } else if (const Json* uri = from.property("DefinitionUri")) {
    api["BodyS3Location"] = s3Location(*uri, "Bucket", "Key", "Version");
    if (from.property("Auth") != nullptr) expansion.unseen(from, "its Auth on a DefinitionUri");
  } else {
    Json body = http ? Json{{"openapi", "3.0.1"}} : Json{{"swagger", "2.0"}};
    body["info"] = Json{{"version", "1.0"}, {"title", refOf("AWS::StackName")}};
    body["paths"] = routePaths(routes, from.id, http, auth);
    auth.addSchemes(body, routes, expansion);
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
    made.body["Properties"] =
        globals.contains(section) ? mergeGlobals(globals[section], own) : std::move(own);
    (http ? httpApi : restApi)(made, expansion);
  };
  implicit(expansion.restRoutes(), "ServerlessRestApi", "AWS::Serverless::Api", false);
  implicit(expansion.httpRoutes(), "ServerlessHttpApi", "AWS::Serverless::HttpApi", true);
}

}  // namespace c2a::serverless
