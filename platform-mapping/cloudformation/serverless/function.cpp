// AWS::Serverless::Function → AWS::Lambda::Function under the same id, its execution role
// `<id>Role` (unless Role is given), its event sources, a function URL, and a version and alias
// for AutoPublishAlias.
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

Json code(const SamResource& from) {
  if (const Json* inlineCode = from.property("InlineCode")) return Json{{"ZipFile", *inlineCode}};
  if (const Json* image = from.property("ImageUri")) return Json{{"ImageUri", *image}};
  if (const Json* uri = from.property("CodeUri")) return s3Location(*uri);
  return Json::object();
}

void functionUrl(const SamResource& from, Expansion& expansion, const Json& config) {
  Json url = Json::object();
  url["TargetFunctionArn"] = refOf(from.id);
  for (const char* key : {"AuthType", "Cors", "InvokeMode"}) {
    if (config.is_object() && config.contains(key)) url[key] = config[key];
  }
  expansion.add(from, from.id + "Url", "AWS::Lambda::Url", url);
  // Anyone may call a URL without IAM auth: the transform grants it to "*".
  if (config.is_object() && config.value("AuthType", Json()) == "NONE") {
    expansion.add(from, from.id + "UrlPublicPermissions", "AWS::Lambda::Permission",
                  Json{{"Action", "lambda:InvokeFunctionUrl"},
                       {"FunctionName", refOf(from.id)},
                       {"Principal", "*"},
                       {"FunctionUrlAuthType", "NONE"}});
  }
}

void autoPublishAlias(const SamResource& from, Expansion& expansion, const Json& alias,
                      const Json& function) {
  // A new version whenever what the function runs changes (SAM hashes the code location too).
  std::string version = from.id + "Version" + shortHash(function);
  Json versionProperties{{"FunctionName", refOf(from.id)}};
  if (const Json* description = from.property("VersionDescription")) {
    versionProperties["Description"] = *description;
  }
  expansion.add(from, version, "AWS::Lambda::Version", versionProperties);
  std::string name = alias.is_string() ? alias.get<std::string>() : shortHash(alias);
  expansion.add(from, from.id + "Alias" + name, "AWS::Lambda::Alias",
                Json{{"Name", alias},
                     {"FunctionName", refOf(from.id)},
                     {"FunctionVersion", getAtt(version, "Version")}});
  if (from.property("DeploymentPreference") != nullptr) {
    expansion.unseen(from, "a DeploymentPreference (CodeDeploy)");
  }
}

}  // namespace

void expandFunction(const SamResource& from, Expansion& expansion) {
  Json function = Json::object();
  function["Code"] = code(from);
  copy(from, function,
       {{"Handler", "Handler"},
        {"Runtime", "Runtime"},
        {"MemorySize", "MemorySize"},
        {"Timeout", "Timeout"},
        {"Description", "Description"},
        {"Environment", "Environment"},
        {"VpcConfig", "VpcConfig"},
        {"KmsKeyArn", "KmsKeyArn"},
        {"Layers", "Layers"},
        {"ReservedConcurrentExecutions", "ReservedConcurrentExecutions"},
        {"FunctionName", "FunctionName"},
        {"Architectures", "Architectures"},
        {"EphemeralStorage", "EphemeralStorage"},
        {"PackageType", "PackageType"},
        {"ImageConfig", "ImageConfig"},
        {"SnapStart", "SnapStart"},
        {"RuntimeManagementConfig", "RuntimeManagementConfig"},
        {"LoggingConfig", "LoggingConfig"},
        {"FileSystemConfigs", "FileSystemConfigs"},
        {"CodeSigningConfigArn", "CodeSigningConfigArn"},
        {"RecursiveLoop", "RecursiveLoop"}});
  if (const Json* tracing = from.property("Tracing")) function["TracingConfig"] = {{"Mode", *tracing}};
  if (const Json* queue = from.property("DeadLetterQueue");
      queue != nullptr && queue->is_object() && queue->contains("TargetArn")) {
    function["DeadLetterConfig"] = {{"TargetArn", (*queue)["TargetArn"]}};
  }
  function["Tags"] = tagList(from.property("Tags"), {{"lambda:createdBy", "SAM"}});

  std::vector<Json> managed;
  expandEvents(from, expansion, true, managed);
  if (const Json* role = from.property("Role")) {
    function["Role"] = *role;
  } else {
    std::vector<Json> basic{sub("arn:${AWS::Partition}:iam::aws:policy/service-role/"
                                "AWSLambdaBasicExecutionRole")};
    if (const Json* tracing = from.property("Tracing"); tracing != nullptr && *tracing == "Active") {
      basic.push_back(sub("arn:${AWS::Partition}:iam::aws:policy/AWSXrayWriteOnlyAccess"));
    }
    basic.insert(basic.end(), managed.begin(), managed.end());
    addExecutionRole(from, expansion, from.id + "Role", "lambda.amazonaws.com", "lambda:createdBy",
                     std::move(basic), {});
    function["Role"] = getAtt(from.id + "Role", "Arn");
  }
  if (const Json* url = from.property("FunctionUrlConfig")) functionUrl(from, expansion, *url);
  if (const Json* alias = from.property("AutoPublishAlias")) {
    autoPublishAlias(from, expansion, *alias, function);
  }
  for (const char* unread : {"ProvisionedConcurrencyConfig", "EventInvokeConfig"}) {
    if (from.property(unread) != nullptr) expansion.unseen(from, std::string("its ") + unread);
  }
  expansion.addOwn(from, "AWS::Lambda::Function", std::move(function));
}

}  // namespace c2a::serverless
