// The event sources of a SAM function or state machine: one line per event type in kEventTypes.
// A function is invoked through a resource-based permission `<id><event>Permission`; a state
// machine is started through a role `<id><event>Role`.
#include <algorithm>
#include <array>
#include <cctype>

#include "model/intrinsics.h"
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {
namespace {

struct Event {
  const SamResource& from;
  std::string id;  // `<resource><event>`
  const Json& properties;
  bool function;
  Expansion& expansion;
  std::vector<Json>& managed;

  [[nodiscard]] const Json* get(const char* key) const {
    auto it = properties.find(key);
    return it == properties.end() ? nullptr : &*it;
  }
  [[nodiscard]] Json target() const { return function ? getAtt(from.id, "Arn") : refOf(from.id); }
  void permission(const std::string& principal, const Json* sourceArn,
                  const Json* sourceAccount = nullptr) const {
    Json permission{{"Action", "lambda:InvokeFunction"},
                    {"FunctionName", refOf(from.id)},
                    {"Principal", principal}};
    if (sourceArn != nullptr) permission["SourceArn"] = *sourceArn;
    if (sourceAccount != nullptr) permission["SourceAccount"] = *sourceAccount;
    expansion.add(from, id + "Permission", "AWS::Lambda::Permission", std::move(permission));
  }
  // A rule's or schedule's target: the function (with its permission) or the state machine
  // (with a role allowed to start it).
  Json ruleTarget(const std::string& principal) const {
    Json target{{"Arn", this->target()},
                {"Id", id + (function ? "LambdaTarget" : "StepFunctionsTarget")}};
    for (const char* key :
         {"Input", "InputPath", "InputTransformer", "RetryPolicy", "DeadLetterConfig"}) {
      if (const Json* value = get(key)) target[key] = *value;
    }
    if (function) {
      Json arn = getAtt(id, "Arn");
      permission(principal, &arn);
    } else {
      startRole(principal);
      target["RoleArn"] = getAtt(id + "Role", "Arn");
    }
    return target;
  }
  void startRole(const std::string& principal) const {
    expansion.add(
        from, id + "Role", "AWS::IAM::Role",
        Json{{"AssumeRolePolicyDocument",
              {{"Version", "2012-10-17"},
               {"Statement",
                Json::array({Json{{"Action", Json::array({"sts:AssumeRole"})},
                                  {"Effect", "Allow"},
                                  {"Principal", {{"Service", Json::array({principal})}}}}})}}},
             {"Policies",
              Json::array(
                  {Json{{"PolicyName", id + "RoleStartExecutionPolicy"},
                        {"PolicyDocument",
                         {{"Statement", Json::array({Json{{"Action", "states:StartExecution"},
                                                          {"Effect", "Allow"},
                                                          {"Resource", refOf(from.id)}}})}}}}})}});
  }
};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// Queues and streams: an event source mapping polls them, with the service's managed policy.
void pollerEvent(const Event& event, const char* sourceKey, const char* managedPolicy) {
  if (!event.function) return event.expansion.unseen(event.from, "a polled event source");
  Json mapping{{"FunctionName", refOf(event.from.id)}};
  for (auto it = event.properties.begin(); it != event.properties.end(); ++it) {
    mapping[it.key() == sourceKey ? std::string("EventSourceArn") : it.key()] = *it;
  }
  event.expansion.add(event.from, event.id, "AWS::Lambda::EventSourceMapping", std::move(mapping));
  event.managed.push_back(
      sub(std::string("arn:${AWS::Partition}:iam::aws:policy/service-role/") + managedPolicy));
}

void sqs(const Event& e) {
  pollerEvent(e, "Queue", "AWSLambdaSQSQueueExecutionRole");
}
void kinesis(const Event& e) {
  pollerEvent(e, "Stream", "AWSLambdaKinesisExecutionRole");
}
void dynamoDb(const Event& e) {
  pollerEvent(e, "Stream", "AWSLambdaDynamoDBExecutionRole");
}

void sns(const Event& e) {
  if (!e.function) return e.expansion.unseen(e.from, "an SNS event of a state machine");
  const Json* topic = e.get("Topic");
  Json subscription{{"Endpoint", getAtt(e.from.id, "Arn")}, {"Protocol", "lambda"}};
  if (topic != nullptr) subscription["TopicArn"] = *topic;
  for (const char* key : {"FilterPolicy", "FilterPolicyScope", "Region", "RedrivePolicy"}) {
    if (const Json* value = e.get(key)) subscription[key] = *value;
  }
  e.expansion.add(e.from, e.id, "AWS::SNS::Subscription", std::move(subscription));
  e.permission("sns.amazonaws.com", topic);
}

void s3(const Event& e) {
  if (!e.function) return e.expansion.unseen(e.from, "an S3 event of a state machine");
  Json account = refOf("AWS::AccountId");
  e.permission("s3.amazonaws.com", nullptr, &account);
  const Json* bucket = e.get("Bucket");
  if (bucket == nullptr || !calls(*bucket, Fn::Ref) || !bucket->begin().value().is_string()) {
    return e.expansion.unseen(e.from, "an S3 event on a bucket outside the template");
  }
  Json configuration{{"Function", getAtt(e.from.id, "Arn")}};
  if (const Json* events = e.get("Events")) {
    for (const auto& name : events->is_array() ? *events : Json::array({*events})) {
      Json one = configuration;
      one["Event"] = name;
      if (const Json* filter = e.get("Filter")) one["Filter"] = *filter;
      auto& list = e.expansion.bucketNotifications()[bucket->begin().value().get<std::string>()];
      if (!list.is_array()) list = Json::array();
      list.push_back(std::move(one));
    }
  }
}

void schedule(const Event& e) {
  Json rule = Json::object();
  for (const auto& [sam, cfn] : {std::pair{"Schedule", "ScheduleExpression"},
                                 {"Name", "Name"},
                                 {"Description", "Description"},
                                 {"State", "State"}}) {
    if (const Json* value = e.get(sam)) rule[cfn] = *value;
  }
  if (const Json* enabled = e.get("Enabled"); enabled != nullptr && !rule.contains("State")) {
    rule["State"] = *enabled == true ? "ENABLED" : "DISABLED";
  }
  rule["Targets"] = Json::array({e.ruleTarget("events.amazonaws.com")});
  e.expansion.add(e.from, e.id, "AWS::Events::Rule", std::move(rule));
}

void eventBridgeRule(const Event& e) {
  Json rule = Json::object();
  for (const auto& [sam, cfn] : {std::pair{"Pattern", "EventPattern"},
                                 {"EventBusName", "EventBusName"},
                                 {"RuleName", "Name"},
                                 {"State", "State"}}) {
    if (const Json* value = e.get(sam)) rule[cfn] = *value;
  }
  rule["Targets"] = Json::array({e.ruleTarget("events.amazonaws.com")});
  e.expansion.add(e.from, e.id, "AWS::Events::Rule", std::move(rule));
}

void cloudWatchLogs(const Event& e) {
  if (!e.function) return e.expansion.unseen(e.from, "a CloudWatch Logs event of a state machine");
  Json filter{{"DestinationArn", getAtt(e.from.id, "Arn")}};
  for (const char* key : {"FilterPattern", "LogGroupName"}) {
    if (const Json* value = e.get(key)) filter[key] = *value;
  }
  e.expansion.add(e.from, e.id, "AWS::Logs::SubscriptionFilter", std::move(filter));
  Json variables = Json::object();
  variables["__LogGroupName__"] = e.get("LogGroupName") ? *e.get("LogGroupName") : Json("");
  Json source =
      call(Fn::Sub,
           Json::array({"arn:${AWS::Partition}:logs:${AWS::Region}:${AWS::AccountId}:log-group:${"
                        "__LogGroupName__}:*",
                        variables}));
  e.permission("logs.amazonaws.com", &source);
}

// An API event adds a route to an API the transform builds (the implicit one unless RestApiId or
// ApiId names one) and lets API Gateway invoke the function there.
void apiRoute(const Event& e, bool http) {
  if (!e.function) return e.expansion.unseen(e.from, "an API event of a state machine");
  const Json* named = e.get(http ? "ApiId" : "RestApiId");
  std::string api = http ? "ServerlessHttpApi" : "ServerlessRestApi";
  if (named != nullptr) {
    if (!calls(*named, Fn::Ref) || !named->begin().value().is_string()) {
      return e.expansion.unseen(e.from, "an API event on an API outside the template");
    }
    api = named->begin().value().get<std::string>();
  }
  std::string path =
      e.get("Path") && e.get("Path")->is_string() ? e.get("Path")->get<std::string>() : "$default";
  std::string method = e.get("Method") && e.get("Method")->is_string()
                           ? lower(e.get("Method")->get<std::string>())
                           : "any";
  Json uri =
      sub("arn:${AWS::Partition}:apigateway:${AWS::Region}:lambda:path/2015-03-31/functions/${" +
          e.from.id + ".Arn}/invocations");
  const Json* auth = e.get("Auth");
  (http ? e.expansion.httpRoutes() : e.expansion.restRoutes())
      .push_back({api, path, method, uri, auth != nullptr ? *auth : Json()});
  // The authorizer, its scopes and (REST) the API key are written into the API's body; the
  // rest of an event's Auth (a resource policy, an invoke role) is not analysed.
  if (auth != nullptr && !auth->is_object()) e.expansion.unseen(e.from, "the Auth of an API event");
  if (auth != nullptr && auth->is_object()) {
    for (auto it = auth->begin(); it != auth->end(); ++it) {
      if (it.key() != "Authorizer" && it.key() != "AuthorizationScopes" &&
          (http || it.key() != "ApiKeyRequired")) {
        e.expansion.unseen(e.from, "the Auth " + it.key() + " of an API event");
      }
    }
    // A function in place of the authorizer's name: which one guards the route is unknown.
    if (auto chosen = auth->find("Authorizer"); chosen != auth->end() && !chosen->is_string()) {
      e.expansion.unseen(e.from, "the Auth Authorizer of an API event (written as a function)");
    }
  }
  if (e.get("RequestParameters") != nullptr) {
    e.expansion.unseen(e.from, "the request parameters of an API event");
  }
  std::string stageMethod = method == "any" ? "*" : method;
  for (auto& c : stageMethod) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  Json variables = Json::object();
  variables["__ApiId__"] = refOf(api);
  Json source = call(
      Fn::Sub,
      Json::array(
          {"arn:${AWS::Partition}:execute-api:${AWS::Region}:${AWS::AccountId}:${__ApiId__}/*/" +
               stageMethod + (path == "$default" ? "" : path),
           variables}));
  Json permission{{"Action", "lambda:InvokeFunction"},
                  {"FunctionName", refOf(e.from.id)},
                  {"Principal", "apigateway.amazonaws.com"},
                  {"SourceArn", std::move(source)}};
  e.expansion.add(e.from, e.id + (http ? "Permission" : "PermissionProd"),
                  "AWS::Lambda::Permission", std::move(permission));
}

void api(const Event& e) {
  apiRoute(e, false);
}
void httpApi(const Event& e) {
  apiRoute(e, true);
}

struct EventType {
  std::string_view type;
  void (*expand)(const Event&);
};

constexpr std::array kEventTypes{
    EventType{"SQS", &sqs},
    EventType{"Kinesis", &kinesis},
    EventType{"DynamoDB", &dynamoDb},
    EventType{"SNS", &sns},
    EventType{"S3", &s3},
    EventType{"Schedule", &schedule},
    EventType{"CloudWatchEvent", &eventBridgeRule},
    EventType{"EventBridgeRule", &eventBridgeRule},
    EventType{"CloudWatchLogs", &cloudWatchLogs},
    EventType{"Api", &api},
    EventType{"HttpApi", &httpApi},
};

}  // namespace

void expandEvents(const SamResource& from, Expansion& expansion, bool function,
                  std::vector<Json>& managedPolicies) {
  const Json* events = from.property("Events");
  if (events == nullptr || !events->is_object()) return;
  static const Json kNone = Json::object();
  for (auto it = events->begin(); it != events->end(); ++it) {
    const Json& event = *it;
    const std::string* type =
        event.is_object() && event.contains("Type") && event["Type"].is_string()
            ? &event["Type"].get_ref<const std::string&>()
            : nullptr;
    const Json& properties =
        event.is_object() && event.contains("Properties") ? event["Properties"] : kNone;
    const EventType* found = nullptr;
    for (const auto& entry : kEventTypes) {
      if (type != nullptr && entry.type == *type) found = &entry;
    }
    if (found == nullptr) {
      expansion.unseen(from,
                       "the event " + it.key() + " of type " + (type ? *type : std::string("?")));
      continue;
    }
    found->expand(
        Event{from, from.id + it.key(), properties, function, expansion, managedPolicies});
  }
}

}  // namespace c2a::serverless
