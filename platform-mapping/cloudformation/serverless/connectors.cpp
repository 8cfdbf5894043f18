// AWS::Serverless::Connector, and the `Connectors` a resource of a SAM template embeds (each the
// connector `<resource><name>` with that resource as its Source): the grant the transform writes
// for a source, a destination and the access categories (Read, Write) asked. One line per
// profile in kProfiles; a pair not listed, an endpoint c2a cannot name (an intrinsic id, a role
// it cannot find) or another category keeps the connector in the model as written and unseen
// while it changes.
#include <array>
#include <map>

#include <fmt/format.h>

#include "model/intrinsics.h"
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

// Where the grant is written: a managed policy on the source's role (or the destination's, for
// a destination polling its source), or a resource policy of the destination.
enum class Attach { SourceRole, DestinationRole, LambdaPermission, QueuePolicy, TopicPolicy };

// A statement's resources: D the destination's ARN, S the source's, X a state machine
// destination's executions; suffixes as written.
struct Access {
  std::string_view category;
  std::string_view actions;    // space-separated
  std::string_view resources;  // space-separated: D, D/*, D/index/*, S, S/stream/*, X
};

struct ConnectorProfile {
  std::string_view source;
  std::string_view destination;
  Attach attach;
  std::string_view principal;  // for a resource policy
  std::array<Access, 4> grants;  // unused slots have no category
};

constexpr std::string_view kLambda = "AWS::Lambda::Function";
constexpr std::string_view kMachine = "AWS::StepFunctions::StateMachine";
constexpr std::string_view kTable = "AWS::DynamoDB::Table";
constexpr std::string_view kBucket = "AWS::S3::Bucket";
constexpr std::string_view kQueue = "AWS::SQS::Queue";
constexpr std::string_view kTopic = "AWS::SNS::Topic";
constexpr std::string_view kBus = "AWS::Events::EventBus";
constexpr std::string_view kRule = "AWS::Events::Rule";

constexpr std::string_view kTableRead =
    "dynamodb:GetItem dynamodb:Query dynamodb:Scan dynamodb:BatchGetItem "
    "dynamodb:ConditionCheckItem dynamodb:PartiQLSelect";
constexpr std::string_view kTableWrite =
    "dynamodb:PutItem dynamodb:UpdateItem dynamodb:DeleteItem dynamodb:BatchWriteItem "
    "dynamodb:PartiQLDelete dynamodb:PartiQLInsert dynamodb:PartiQLUpdate";
constexpr std::string_view kBucketRead =
    "s3:GetObject s3:GetObjectAcl s3:GetObjectLegalHold s3:GetObjectRetention s3:GetObjectTorrent "
    "s3:GetObjectVersion s3:GetObjectVersionAcl s3:GetObjectVersionForReplication "
    "s3:GetObjectVersionTorrent s3:ListBucket s3:ListBucketMultipartUploads s3:ListBucketVersions "
    "s3:ListMultipartUploadParts";
constexpr std::string_view kBucketWrite =
    "s3:AbortMultipartUpload s3:DeleteObject s3:DeleteObjectVersion s3:PutObject "
    "s3:PutObjectLegalHold s3:PutObjectRetention s3:RestoreObject";

// What a role may do to each kind of destination, by category: one set per destination, shared
// by the sources that hold a role (a function, a state machine).
using Grants = std::array<Access, 4>;
constexpr Grants kTableAccess{Access{"Read", kTableRead, "D D/index/*"},
                              Access{"Write", kTableWrite, "D D/index/*"}};
constexpr Grants kBucketAccess{Access{"Read", kBucketRead, "D D/*"},
                               Access{"Write", kBucketWrite, "D D/*"}};
constexpr Grants kStateMachineAccess{
    Access{"Write", "states:StartExecution states:StartSyncExecution", "D"},
    Access{"Write", "states:StopExecution", "X"},
    Access{"Read", "states:DescribeStateMachine states:ListExecutions", "D"},
    Access{"Read",
           "states:DescribeExecution states:DescribeStateMachineForExecution "
           "states:GetExecutionHistory",
           "X"}};
constexpr Grants kInvokeAccess{Access{"Write", "lambda:InvokeAsync lambda:InvokeFunction", "D"}};
constexpr Grants kPublishAccess{Access{"Write", "sns:Publish", "D"}};
constexpr Grants kPutEventsAccess{Access{"Write", "events:PutEvents", "D"}};
// A resource policy's grant is written by its kind (grant() below): only the category is listed.
constexpr Grants kWriteOnly{Access{"Write", "", ""}};

constexpr std::array kProfiles{
    ConnectorProfile{kLambda, kTable, Attach::SourceRole, "", kTableAccess},
    ConnectorProfile{kLambda, kBucket, Attach::SourceRole, "", kBucketAccess},
    ConnectorProfile{
        kLambda, kQueue, Attach::SourceRole, "",
        Grants{Access{"Read", "sqs:ReceiveMessage sqs:GetQueueAttributes", "D"},
               Access{"Write",
                      "sqs:DeleteMessage sqs:SendMessage sqs:ChangeMessageVisibility "
                      "sqs:PurgeQueue",
                      "D"}}},
    ConnectorProfile{kLambda, kTopic, Attach::SourceRole, "", kPublishAccess},
    ConnectorProfile{kLambda, kLambda, Attach::SourceRole, "", kInvokeAccess},
    ConnectorProfile{kLambda, kMachine, Attach::SourceRole, "", kStateMachineAccess},
    ConnectorProfile{kLambda, kBus, Attach::SourceRole, "", kPutEventsAccess},
    ConnectorProfile{kMachine, kLambda, Attach::SourceRole, "", kInvokeAccess},
    ConnectorProfile{kMachine, kTable, Attach::SourceRole, "", kTableAccess},
    ConnectorProfile{kMachine, kBucket, Attach::SourceRole, "", kBucketAccess},
    ConnectorProfile{kMachine, kQueue, Attach::SourceRole, "",
                     Grants{Access{"Write", "sqs:SendMessage", "D"}}},
    ConnectorProfile{kMachine, kTopic, Attach::SourceRole, "", kPublishAccess},
    ConnectorProfile{kMachine, kBus, Attach::SourceRole, "", kPutEventsAccess},
    // A state machine starting another is not listed: the transform's grant for it differs
    // (event rules for the execution's events), so it stays unseen.
    // A destination polling its source: the grant is on the destination's role.
    ConnectorProfile{kTable, kLambda, Attach::DestinationRole, "",
                     Grants{Access{"Read",
                                   "dynamodb:DescribeStream dynamodb:GetRecords "
                                   "dynamodb:GetShardIterator dynamodb:ListStreams",
                                   "S/stream/*"}}},
    ConnectorProfile{kQueue, kLambda, Attach::DestinationRole, "",
                     Grants{Access{"Read", "sqs:ReceiveMessage sqs:GetQueueAttributes", "S"},
                            Access{"Write", "sqs:DeleteMessage", "S"}}},
    // A service invoking or delivering to the destination: its resource policy.
    ConnectorProfile{"AWS::ApiGateway::RestApi", kLambda, Attach::LambdaPermission,
                     "apigateway.amazonaws.com", kWriteOnly},
    ConnectorProfile{"AWS::ApiGatewayV2::Api", kLambda, Attach::LambdaPermission,
                     "apigateway.amazonaws.com", kWriteOnly},
    ConnectorProfile{kTopic, kLambda, Attach::LambdaPermission, "sns.amazonaws.com", kWriteOnly},
    ConnectorProfile{kBucket, kLambda, Attach::LambdaPermission, "s3.amazonaws.com", kWriteOnly},
    ConnectorProfile{kRule, kLambda, Attach::LambdaPermission, "events.amazonaws.com", kWriteOnly},
    ConnectorProfile{kTopic, kQueue, Attach::QueuePolicy, "sns.amazonaws.com",
                     Grants{Access{"Write", "sqs:SendMessage", "D"}}},
    ConnectorProfile{kRule, kQueue, Attach::QueuePolicy, "events.amazonaws.com",
                     Grants{Access{"Write", "sqs:SendMessage", "D"}}},
    ConnectorProfile{kRule, kTopic, Attach::TopicPolicy, "events.amazonaws.com", kPublishAccess},
};

// One end of a connector: its type, ARN and (for a source with a role) the role's name.
struct Endpoint {
  std::string type;
  Json arn;
  Json name;      // a state machine's name (for its executions)
  Json role;      // the role a grant on this end attaches to
  Json resource;  // an API's id, a queue's URL, a topic's ARN (what its policy names)
};

// The ARN, name and resource policy target of resource `id` of type `type`.
Endpoint endpointOf(const std::string& id, const std::string& type, const Json* body) {
  Endpoint end{type, getAtt(id, "Arn"), Json(), Json(), refOf(id)};
  if (type == kTopic || type == kMachine) end.arn = refOf(id);
  if (type == kMachine) end.name = getAtt(id, "Name");
  if (type == "AWS::ApiGateway::RestApi" || type == "AWS::ApiGatewayV2::Api") end.arn = refOf(id);
  const Json* properties =
      body != nullptr && body->contains("Properties") ? &(*body)["Properties"] : nullptr;
  const char* roleKey = type == kLambda ? "Role" : type == kMachine ? "RoleArn" : nullptr;
  if (properties != nullptr && roleKey != nullptr && properties->contains(roleKey)) {
    const Json& role = (*properties)[roleKey];
    // The role a function's Fn::GetAtt names: the transform's `<id>Role` or one of the template.
    if (calls(role, Fn::GetAtt)) {
      const Json& argument = role.begin().value();
      if (argument.is_array() && !argument.empty() && argument[0].is_string()) {
        end.role = refOf(argument[0].get<std::string>());
      }
    }
  }
  return end;
}

std::optional<Endpoint> endpoint(const Json* written, const std::map<std::string, const Json*>& bodies,
                                 std::string& why) {
  if (written == nullptr || !written->is_object()) {
    why = "an end c2a cannot read";
    return std::nullopt;
  }
  if (auto id = written->find("Id"); id != written->end()) {
    if (!id->is_string()) {
      why = "an end named by a function";
      return std::nullopt;
    }
    auto found = bodies.find(id->get<std::string>());
    if (found == bodies.end()) {
      why = "an end not in the template (" + id->get<std::string>() + ")";
      return std::nullopt;
    }
    const Json& type = (*found->second)["Type"];
    return endpointOf(found->first, type.is_string() ? type.get<std::string>() : "",
                      found->second);
  }
  auto type = written->find("Type");
  auto arn = written->find("Arn");
  if (type == written->end() || !type->is_string() || arn == written->end()) {
    why = "an end without an Id, or an Arn and a Type";
    return std::nullopt;
  }
  Endpoint end{type->get<std::string>(), *arn, Json(), Json(), Json()};
  if (auto name = written->find("Name"); name != written->end()) end.name = *name;
  if (auto role = written->find("RoleName"); role != written->end()) end.role = *role;
  for (const char* key : {"QueueUrl", "ResourceId"}) {
    if (auto value = written->find(key); value != written->end()) end.resource = *value;
  }
  if (end.type == kTopic) end.resource = end.arn;
  return end;
}

Json words(std::string_view list) {
  Json out = Json::array();
  std::size_t at = 0;
  while (at < list.size()) {
    std::size_t space = list.find(' ', at);
    if (space == std::string_view::npos) space = list.size();
    if (space > at) out.push_back(std::string(list.substr(at, space - at)));
    at = space + 1;
  }
  return out;
}

// `arn` followed by `suffix`: the text itself when `arn` is text, else an Fn::Sub over it.
Json withSuffix(const Json& arn, std::string_view suffix) {
  if (suffix.empty()) return arn;
  if (arn.is_string()) return arn.get<std::string>() + std::string(suffix);
  Json variables = Json::object();
  variables["__Arn__"] = arn;
  return call(Fn::Sub, Json::array({"${__Arn__}" + std::string(suffix), std::move(variables)}));
}

Json resourcesOf(std::string_view tokens, const Endpoint& source, const Endpoint& destination) {
  Json out = Json::array();
  for (const auto& token : words(tokens)) {
    const auto& text = token.get_ref<const std::string&>();
    if (text == "X") {
      Json variables = Json::object();
      variables["__Name__"] = destination.name;
      out.push_back(call(Fn::Sub,
                         Json::array({"arn:${AWS::Partition}:states:${AWS::Region}:"
                                      "${AWS::AccountId}:execution:${__Name__}:*",
                                      std::move(variables)})));
    } else {
      const Endpoint& end = text[0] == 'S' ? source : destination;
      out.push_back(withSuffix(end.arn, std::string_view(text).substr(1)));
    }
  }
  return out;
}

const ConnectorProfile* profileFor(const std::string& source, const std::string& destination) {
  for (const auto& profile : kProfiles) {
    if (profile.source == source && profile.destination == destination) return &profile;
  }
  return nullptr;
}

// The connector's grant to one destination; false (with `why`) when c2a cannot write it.
bool grant(const SamResource& connector, const std::string& id, const Endpoint& source,
           const Endpoint& destination, const Json& categories, Expansion& expansion,
           std::string& why) {
  const ConnectorProfile* profile = profileFor(source.type, destination.type);
  if (profile == nullptr) {
    why = fmt::format("a connector from {} to {}", source.type, destination.type);
    return false;
  }
  Json statements = Json::array();
  bool resourcePolicy = profile->attach != Attach::SourceRole &&
                        profile->attach != Attach::DestinationRole;
  for (const auto& category : categories) {
    bool known = false;
    for (const auto& one : profile->grants) {
      if (one.category.empty() || category != one.category) continue;
      known = true;
      if (resourcePolicy) continue;
      statements.push_back(Json{{"Effect", "Allow"},
                                {"Action", words(one.actions)},
                                {"Resource", resourcesOf(one.resources, source, destination)}});
    }
    if (!known) {
      why = fmt::format("the permission {} from {} to {}", category.dump(), source.type,
                        destination.type);
      return false;
    }
  }
  switch (profile->attach) {
    case Attach::SourceRole:
    case Attach::DestinationRole: {
      const Json& role = profile->attach == Attach::SourceRole ? source.role : destination.role;
      if (role.is_null()) {
        why = "a role c2a cannot name";
        return false;
      }
      expansion.add(connector, id + "Policy", "AWS::IAM::ManagedPolicy",
                    Json{{"PolicyDocument", {{"Version", "2012-10-17"}, {"Statement", statements}}},
                         {"Roles", Json::array({role})}});
      return true;
    }
    case Attach::LambdaPermission: {
      Json permission{{"Action", "lambda:InvokeFunction"},
                      {"FunctionName", destination.arn},
                      {"Principal", std::string(profile->principal)}};
      if (source.type == "AWS::ApiGateway::RestApi" || source.type == "AWS::ApiGatewayV2::Api") {
        Json variables = Json::object();
        variables["__ApiId__"] = source.resource;
        permission["SourceArn"] =
            call(Fn::Sub, Json::array({"arn:${AWS::Partition}:execute-api:${AWS::Region}:"
                                       "${AWS::AccountId}:${__ApiId__}/*",
                                       std::move(variables)}));
      } else {
        permission["SourceArn"] = source.arn;
      }
      if (source.type == kBucket) permission["SourceAccount"] = refOf("AWS::AccountId");
      expansion.add(connector, id + "WriteLambdaPermission", "AWS::Lambda::Permission",
                    std::move(permission));
      return true;
    }
    case Attach::QueuePolicy:
    case Attach::TopicPolicy: {
      bool queue = profile->attach == Attach::QueuePolicy;
      const Access& only = profile->grants[0];
      Json statement{{"Effect", "Allow"},
                     {"Principal", {{"Service", std::string(profile->principal)}}},
                     {"Action", std::string(only.actions)},
                     {"Resource", destination.arn},
                     {"Condition", {{"ArnEquals", {{"aws:SourceArn", source.arn}}}}}};
      Json document{{"Version", "2012-10-17"}, {"Statement", Json::array({statement})}};
      if (destination.resource.is_null()) {
        why = "a destination c2a cannot name for its policy";
        return false;
      }
      expansion.add(connector, id + (queue ? "QueuePolicy" : "TopicPolicy"),
                    queue ? "AWS::SQS::QueuePolicy" : "AWS::SNS::TopicPolicy",
                    Json{{"PolicyDocument", std::move(document)},
                         {queue ? "Queues" : "Topics", Json::array({destination.resource})}});
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<SamResource> embeddedConnectors(const std::string& host, const Json& connectors,
                                            const std::string& pointer, Expansion& expansion) {
  std::vector<SamResource> out;
  SamResource hostResource{host, "a resource", Json::object(), pointer};
  if (!connectors.is_object()) {
    expansion.unseen(hostResource, "its Connectors (not a mapping)");
    return out;
  }
  for (auto it = connectors.begin(); it != connectors.end(); ++it) {
    const Json* properties =
        it->is_object() && it->contains("Properties") ? &(*it)["Properties"] : nullptr;
    Json body{{"Type", "AWS::Serverless::Connector"}};
    body["Properties"] = properties != nullptr && properties->is_object() ? *properties
                                                                          : Json::object();
    body["Properties"]["Source"] = Json{{"Id", host}};
    out.push_back({host + it.key(), "AWS::Serverless::Connector", std::move(body),
                   pointer + "/Connectors/" + it.key()});
  }
  return out;
}

std::vector<ExpandedEntry> expandConnectors(const std::vector<SamResource>& connectors,
                                            const std::vector<ExpandedEntry>& resources,
                                            Expansion& expansion) {
  // Every other resource is expanded by now: each end is read as the type it deploys as.
  std::map<std::string, const Json*> bodies;
  for (const auto& entry : resources) {
    if (entry.value.is_object()) bodies[entry.key] = &entry.value;
  }
  std::vector<ExpandedEntry> keptAsWritten;
  for (const auto& connector : connectors) {
    std::string why;
    const Json* destinations = connector.property("Destination");
    const Json* permissions = connector.property("Permissions");
    auto source = endpoint(connector.property("Source"), bodies, why);
    bool written = source.has_value() && destinations != nullptr && permissions != nullptr &&
                   permissions->is_array() && !permissions->empty();
    if (source && why.empty() && !written) why = "a connector without Destination or Permissions";
    if (written) {
      Json list = destinations->is_array() ? *destinations : Json::array({*destinations});
      for (std::size_t i = 0; written && i < list.size(); ++i) {
        auto destination = endpoint(&list[i], bodies, why);
        std::string id = connector.id + (destinations->is_array() ? fmt::format("Destination{}", i) : "");
        written = destination.has_value() &&
                  grant(connector, id, *source, *destination, *permissions, expansion, why);
      }
    }
    if (!written) {
      expansion.unseen(connector, why, true);
      keptAsWritten.push_back({connector.id, connector.body, connector.pointer});
    }
  }
  auto made = expansion.take();
  made.insert(made.end(), std::make_move_iterator(keptAsWritten.begin()),
              std::make_move_iterator(keptAsWritten.end()));
  return made;
}

}  // namespace c2a::serverless
