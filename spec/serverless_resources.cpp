#include "spec/serverless_resources.h"

#include <array>
#include <initializer_list>

namespace c2a {
namespace {

struct SamProperty {
  std::string_view name;
  UpdateType type;
};

struct SamType {
  std::string_view type;
  std::string_view becomes;  // what the transform makes under the same logical id
  std::initializer_list<SamProperty> properties;
};

constexpr auto M = UpdateType::Mutable;
constexpr auto I = UpdateType::Immutable;
constexpr auto C = UpdateType::Conditional;

// From the SAM specification and the update behaviour of the resources it generates (the
// CloudFormation resource specification of those). Names the generated resource takes from a SAM
// property are as immutable as there; properties that make separate resources (events, stages,
// aliases) change those, not the function or API, which is updated in place.
const std::array<SamType, 7> kTypes{{
    {"AWS::Serverless::Function",
     "AWS::Lambda::Function",
     {{"FunctionName", I},
      {"PackageType", I},
      {"CodeUri", M},
      {"InlineCode", M},
      {"ImageUri", M},
      {"ImageConfig", M},
      {"Handler", M},
      {"Runtime", M},
      {"MemorySize", M},
      {"Timeout", M},
      {"Environment", M},
      {"Policies", M},
      {"Role", M},
      {"RolePath", M},
      {"AssumeRolePolicyDocument", M},
      {"PermissionsBoundary", M},
      {"Events", M},
      {"Layers", M},
      {"Tags", M},
      {"VpcConfig", M},
      {"Description", M},
      {"ReservedConcurrentExecutions", M},
      {"ProvisionedConcurrencyConfig", M},
      {"Tracing", M},
      {"KmsKeyArn", M},
      {"DeadLetterQueue", M},
      {"DeploymentPreference", M},
      {"AutoPublishAlias", M},
      {"AutoPublishCodeSha256", M},
      {"VersionDescription", M},
      {"Architectures", M},
      {"EphemeralStorage", M},
      {"FileSystemConfigs", M},
      {"SnapStart", M},
      {"LoggingConfig", M},
      {"RuntimeManagementConfig", M},
      {"FunctionUrlConfig", M},
      {"EventInvokeConfig", M},
      {"CodeSigningConfigArn", M},
      {"RecursiveLoop", M}}},
    {"AWS::Serverless::Api",
     "AWS::ApiGateway::RestApi",
     {{"Name", M},
      {"StageName", C},
      {"DefinitionBody", M},
      {"DefinitionUri", M},
      {"Description", M},
      {"Auth", M},
      {"Cors", M},
      {"Variables", M},
      {"MethodSettings", M},
      {"TracingEnabled", M},
      {"AccessLogSetting", M},
      {"CacheClusterEnabled", M},
      {"CacheClusterSize", M},
      {"EndpointConfiguration", M},
      {"BinaryMediaTypes", M},
      {"MinimumCompressionSize", M},
      {"Tags", M},
      {"OpenApiVersion", M},
      {"Domain", M},
      {"GatewayResponses", M},
      {"Models", M},
      {"CanarySetting", M},
      {"DisableExecuteApiEndpoint", M},
      {"AlwaysDeploy", M},
      {"ApiKeySourceType", M},
      {"Mode", M},
      {"FailOnWarnings", M}}},
    {"AWS::Serverless::HttpApi",
     "AWS::ApiGatewayV2::Api",
     {{"Name", M},
      {"StageName", C},
      {"DefinitionBody", M},
      {"DefinitionUri", M},
      {"Description", M},
      {"Auth", M},
      {"CorsConfiguration", M},
      {"StageVariables", M},
      {"AccessLogSettings", M},
      {"DefaultRouteSettings", M},
      {"RouteSettings", M},
      {"Domain", M},
      {"Tags", M},
      {"FailOnWarnings", M},
      {"DisableExecuteApiEndpoint", M}}},
    {"AWS::Serverless::SimpleTable",
     "AWS::DynamoDB::Table",
     {{"TableName", I},
      {"PrimaryKey", I},
      {"ProvisionedThroughput", M},
      {"SSESpecification", M},
      {"Tags", M},
      {"PointInTimeRecoverySpecification", M}}},
    // A layer version cannot change: every change publishes a new version.
    {"AWS::Serverless::LayerVersion",
     "AWS::Lambda::LayerVersion",
     {{"LayerName", I},
      {"ContentUri", I},
      {"CompatibleRuntimes", I},
      {"CompatibleArchitectures", I},
      {"Description", I},
      {"LicenseInfo", I},
      {"RetentionPolicy", M}}},
    {"AWS::Serverless::StateMachine",
     "AWS::StepFunctions::StateMachine",
     {{"Name", I},
      {"Type", I},
      {"Definition", M},
      {"DefinitionUri", M},
      {"DefinitionSubstitutions", M},
      {"Role", M},
      {"RolePath", M},
      {"Policies", M},
      {"PermissionsBoundary", M},
      {"Events", M},
      {"Logging", M},
      {"Tracing", M},
      {"Tags", M},
      {"AutoPublishAlias", M},
      {"DeploymentPreference", M}}},
    {"AWS::Serverless::Application",
     "AWS::CloudFormation::Stack",
     {{"Location", M},
      {"Parameters", M},
      {"NotificationARNs", M},
      {"Tags", M},
      {"TimeoutInMinutes", M}}},
}};

const SamType* find(std::string_view type) {
  for (const auto& entry : kTypes) {
    if (entry.type == type) return &entry;
  }
  return nullptr;
}

}  // namespace

bool isServerlessType(std::string_view resourceType) {
  return resourceType.starts_with("AWS::Serverless::");
}

std::optional<UpdateType> serverlessUpdateType(std::string_view resourceType, const Path& path) {
  const SamType* type = find(resourceType);
  if (type == nullptr) return std::nullopt;
  if (path.empty() || (path.front() == "Properties" && path.size() == 1))
    return UpdateType::Mutable;
  if (path.front() != "Properties") return UpdateType::Unknown;
  for (const auto& property : type->properties) {
    if (property.name == path[1]) return property.type;
  }
  return UpdateType::Unknown;
}

std::optional<std::string_view> serverlessTransformedType(std::string_view resourceType) {
  const SamType* type = find(resourceType);
  // The transform gives a layer version a hashed logical id (`<id><hash>`): under the same id it
  // is another resource, a creation and a deletion.
  if (type == nullptr || resourceType == "AWS::Serverless::LayerVersion") return std::nullopt;
  return type->becomes;
}

bool isServerlessStateful(std::string_view resourceType) {
  return resourceType == "AWS::Serverless::SimpleTable";
}

}  // namespace c2a
