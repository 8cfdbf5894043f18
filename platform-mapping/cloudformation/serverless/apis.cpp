// AWS::Serverless::Api and HttpApi, and the implicit ServerlessRestApi / ServerlessHttpApi that API
// events ask for: the API with a definition body (the one written, or one built from the events'
// routes), a deployment and a stage. Auth, domains, usage plans and CORS rewrite the body in ways
// c2a does not follow: those are unseen while the API is unchanged.
#include <map>

#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

// The OpenAPI paths the routes of `api` make.
Json routePaths(const std::vector<Route>& routes, const std::string& api, bool http) {
  Json paths = Json::object();
  for (const auto& route : routes) {
    if (route.api != api) continue;
    std::string method = route.method == "any" ? "x-amazon-apigateway-any-method" : route.method;
    Json integration{{"httpMethod", "POST"}, {"type", "aws_proxy"}, {"uri", route.integrationUri}};
    if (http) integration["payloadFormatVersion"] = "2.0";
    paths[route.path][method] = Json{{"x-amazon-apigateway-integration", std::move(integration)},
                                     {"responses", Json::object()}};
  }
  return paths;
}

void unseenParts(const SamResource& from, Expansion& expansion) {
  for (const char* part : {"Auth", "Domain", "CorsConfiguration", "Cors", "GatewayResponses",
                           "Models", "UsagePlan"}) {
    if (from.property(part) != nullptr) expansion.unseen(from, std::string("its ") + part);
  }
}

// The API's definition: the body written, the S3 object named, or one built from the routes
// (Swagger 2.0 for REST, OpenAPI 3.0 for HTTP APIs, as the transform writes them).
Json definition(const SamResource& from, Expansion& expansion, bool http) {
  Json api = Json::object();
  if (const Json* body = from.property("DefinitionBody")) {
    api["Body"] = *body;
  } else if (const Json* uri = from.property("DefinitionUri")) {
    api["BodyS3Location"] = s3Location(*uri, "Bucket", "Key", "Version");
  } else {
    Json body = http ? Json{{"openapi", "3.0.1"}} : Json{{"swagger", "2.0"}};
    body["info"] = Json{{"version", "1.0"}, {"title", refOf("AWS::StackName")}};
    body["paths"] = routePaths(http ? expansion.httpRoutes() : expansion.restRoutes(), from.id, http);
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

void finishApis(const std::map<std::string, SamResource>& apis, Expansion& expansion) {
  for (const auto& [id, api] : apis) {
    (api.type == "AWS::Serverless::Api" ? restApi : httpApi)(api, expansion);
  }
  // The implicit APIs, made when an event asked for one and the template has none of that name.
  auto implicit = [&](const std::vector<Route>& routes, const std::string& id, const char* type,
                      bool http) {
    bool asked = std::any_of(routes.begin(), routes.end(), [&](const Route& r) { return r.api == id; });
    if (!asked || apis.count(id) != 0) return;
    SamResource made{id, type, Json{{"Type", type}}, "/Resources"};
    made.body["Properties"] = Json::object();
    if (!http) made.body["Properties"]["StageName"] = "Prod";
    (http ? httpApi : restApi)(made, expansion);
  };
  implicit(expansion.restRoutes(), "ServerlessRestApi", "AWS::Serverless::Api", false);
  implicit(expansion.httpRoutes(), "ServerlessHttpApi", "AWS::Serverless::HttpApi", true);
}

}  // namespace c2a::serverless
