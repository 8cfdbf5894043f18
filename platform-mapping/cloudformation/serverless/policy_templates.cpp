// SAM's policy templates: a name and parameters standing for fixed statements. One line per
// template; the statements are the ones the transform writes (facts from SAM's
// policy_templates.json), each resource an Fn::Sub over the template's parameters. A template
// not listed here leaves the function's role unseen (expansion.h).
#include <array>

#include "model/intrinsics.h"
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

struct Grant {
  std::initializer_list<std::string_view> actions;
  std::initializer_list<std::string_view> resources;  // Fn::Sub texts; "*" as is
};

struct PolicyTemplate {
  std::string_view name;
  std::initializer_list<std::string_view> parameters;
  std::initializer_list<Grant> grants;
};

constexpr std::string_view kArn = "arn:${AWS::Partition}:";

// Long: data, not logic (one entry per policy template, as the transform's table lists them).
// clang-format off
const std::array<PolicyTemplate, 24>& templates() {
  static const std::array<PolicyTemplate, 24> kTemplates{{
      {"SQSPollerPolicy", {"QueueName"},
       {{{"sqs:ChangeMessageVisibility", "sqs:ChangeMessageVisibilityBatch", "sqs:DeleteMessage",
          "sqs:DeleteMessageBatch", "sqs:GetQueueAttributes", "sqs:ReceiveMessage"},
         {"sqs:${AWS::Region}:${AWS::AccountId}:${QueueName}"}}}},
      {"SQSSendMessagePolicy", {"QueueName"},
       {{{"sqs:SendMessage*"}, {"sqs:${AWS::Region}:${AWS::AccountId}:${QueueName}"}}}},
      {"DynamoDBCrudPolicy", {"TableName"},
       {{{"dynamodb:GetItem", "dynamodb:DeleteItem", "dynamodb:PutItem", "dynamodb:Scan",
          "dynamodb:Query", "dynamodb:UpdateItem", "dynamodb:BatchWriteItem",
          "dynamodb:BatchGetItem", "dynamodb:DescribeTable", "dynamodb:ConditionCheckItem"},
         {"dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}",
          "dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}/index/*"}}}},
      {"DynamoDBReadPolicy", {"TableName"},
       {{{"dynamodb:GetItem", "dynamodb:Scan", "dynamodb:Query", "dynamodb:BatchGetItem",
          "dynamodb:DescribeTable"},
         {"dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}",
          "dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}/index/*"}}}},
      {"DynamoDBWritePolicy", {"TableName"},
       {{{"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:BatchWriteItem"},
         {"dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}",
          "dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}/index/*"}}}},
      {"DynamoDBStreamReadPolicy", {"TableName", "StreamName"},
       {{{"dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator"},
         {"dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}/stream/${StreamName}"}},
        {{"dynamodb:ListStreams"},
         {"dynamodb:${AWS::Region}:${AWS::AccountId}:table/${TableName}/stream/*"}}}},
      {"S3ReadPolicy", {"BucketName"},
       {{{"s3:GetObject", "s3:ListBucket", "s3:GetBucketLocation", "s3:GetObjectVersion",
          "s3:GetLifecycleConfiguration"},
         {"s3:::${BucketName}", "s3:::${BucketName}/*"}}}},
      {"S3WritePolicy", {"BucketName"},
       {{{"s3:PutObject", "s3:PutObjectAcl", "s3:PutLifecycleConfiguration"},
         {"s3:::${BucketName}", "s3:::${BucketName}/*"}}}},
      {"S3CrudPolicy", {"BucketName"},
       {{{"s3:GetObject", "s3:ListBucket", "s3:GetBucketLocation", "s3:GetObjectVersion",
          "s3:PutObject", "s3:PutObjectAcl", "s3:GetLifecycleConfiguration",
          "s3:PutLifecycleConfiguration", "s3:DeleteObject"},
         {"s3:::${BucketName}", "s3:::${BucketName}/*"}}}},
      {"S3FullAccessPolicy", {"BucketName"},
       {{{"s3:GetObject", "s3:GetObjectAcl", "s3:GetObjectVersion", "s3:PutObject",
          "s3:PutObjectAcl", "s3:DeleteObject", "s3:DeleteObjectTagging",
          "s3:DeleteObjectVersionTagging", "s3:GetObjectTagging", "s3:GetObjectVersionTagging",
          "s3:PutObjectTagging", "s3:PutObjectVersionTagging"},
         {"s3:::${BucketName}/*"}},
        {{"s3:ListBucket", "s3:GetBucketLocation", "s3:GetLifecycleConfiguration",
          "s3:PutLifecycleConfiguration"},
         {"s3:::${BucketName}"}}}},
      {"SNSPublishMessagePolicy", {"TopicName"},
       {{{"sns:Publish"}, {"sns:${AWS::Region}:${AWS::AccountId}:${TopicName}"}}}},
      {"SNSCrudPolicy", {"TopicName"},
       {{{"sns:ListSubscriptionsByTopic", "sns:CreateTopic", "sns:SetTopicAttributes",
          "sns:Subscribe", "sns:Publish"},
         {"sns:${AWS::Region}:${AWS::AccountId}:${TopicName}*"}}}},
      {"LambdaInvokePolicy", {"FunctionName"},
       {{{"lambda:InvokeFunction"},
         {"lambda:${AWS::Region}:${AWS::AccountId}:function:${FunctionName}*"}}}},
      {"StepFunctionsExecutionPolicy", {"StateMachineName"},
       {{{"states:StartExecution"},
         {"states:${AWS::Region}:${AWS::AccountId}:stateMachine:${StateMachineName}"}}}},
      {"SSMParameterReadPolicy", {"ParameterName"},
       {{{"ssm:DescribeParameters"}, {"*"}},
        {{"ssm:GetParameters", "ssm:GetParameter", "ssm:GetParametersByPath"},
         {"ssm:${AWS::Region}:${AWS::AccountId}:parameter/${ParameterName}"}}}},
      {"KMSDecryptPolicy", {"KeyId"},
       {{{"kms:Decrypt"}, {"kms:${AWS::Region}:${AWS::AccountId}:key/${KeyId}"}}}},
      {"KMSEncryptPolicy", {"KeyId"},
       {{{"kms:Encrypt"}, {"kms:${AWS::Region}:${AWS::AccountId}:key/${KeyId}"}}}},
      {"EventBridgePutEventsPolicy", {"EventBusName"},
       {{{"events:PutEvents"},
         {"events:${AWS::Region}:${AWS::AccountId}:event-bus/${EventBusName}"}}}},
      {"CloudWatchPutMetricPolicy", {}, {{{"cloudwatch:PutMetricData"}, {"*"}}}},
      {"AWSSecretsManagerGetSecretValuePolicy", {"SecretArn"},
       {{{"secretsmanager:GetSecretValue"}, {"${SecretArn}"}}}},
      {"VPCAccessPolicy", {},
       {{{"ec2:CreateNetworkInterface", "ec2:DeleteNetworkInterface",
          "ec2:DescribeNetworkInterfaces", "ec2:DetachNetworkInterface"},
         {"*"}}}},
      {"KinesisStreamReadPolicy", {"StreamName"},
       {{{"kinesis:ListStreams", "kinesis:DescribeLimits"},
         {"kinesis:${AWS::Region}:${AWS::AccountId}:stream/*"}},
        {{"kinesis:DescribeStream", "kinesis:DescribeStreamSummary", "kinesis:GetRecords",
          "kinesis:GetShardIterator"},
         {"kinesis:${AWS::Region}:${AWS::AccountId}:stream/${StreamName}"}}}},
      {"SESCrudPolicy", {"IdentityName"},
       {{{"ses:GetIdentityVerificationAttributes", "ses:SendEmail", "ses:SendRawEmail",
          "ses:VerifyEmailIdentity"},
         {"ses:${AWS::Region}:${AWS::AccountId}:identity/${IdentityName}"}}}},
      {"AMIDescribePolicy", {}, {{{"ec2:DescribeImages"}, {"*"}}}},
  }};
  return kTemplates;
}
// clang-format on

}  // namespace

std::optional<Json> policyTemplateStatements(const std::string& name, const Json& parameters) {
  for (const auto& entry : templates()) {
    if (entry.name != name) continue;
    Json variables = Json::object();
    for (auto parameter : entry.parameters) {
      std::string key(parameter);
      if (!parameters.is_object() || !parameters.contains(key)) return std::nullopt;  // malformed
      variables[key] = parameters[key];
    }
    Json statements = Json::array();
    for (const auto& grant : entry.grants) {
      Json actions = Json::array();
      for (auto action : grant.actions) actions.push_back(std::string(action));
      Json resources = Json::array();
      for (auto resource : grant.resources) {
        if (resource == "*") {
          resources.push_back("*");
          continue;
        }
        std::string text = resource.starts_with("${") ? std::string(resource)
                                                      : std::string(kArn) + std::string(resource);
        if (variables.empty()) {
          resources.push_back(sub(text));
          continue;
        }
        resources.push_back(call(Fn::Sub, Json::array({text, variables})));
      }
      statements.push_back(Json{{"Effect", "Allow"},
                                {"Action", std::move(actions)},
                                {"Resource", resources.size() == 1 ? resources[0] : resources}});
    }
    return statements;
  }
  return std::nullopt;
}

}  // namespace c2a::serverless
