#pragma once
// What the SAM type expanders share (serverless_transform.cpp runs them; one file per type).
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/error.h"
#include "model/json.h"
#include "model/location_table.h"
#include "platform-mapping/cloudformation/language_extensions.h"

namespace c2a::serverless {

/// A SAM resource as written, Globals merged into its Properties.
struct SamResource {
  std::string id;
  std::string type;
  Json body;            // the whole resource: Type, Properties, Condition, DependsOn...
  std::string pointer;  // where it is written
  [[nodiscard]] const Json& properties() const;
  [[nodiscard]] const Json* property(std::string_view key) const;
};

/// A route an event adds to an API the transform builds (implicit or named).
struct Route {
  std::string api;      // logical id of the API
  std::string path;     // "/orders/{id}"
  std::string method;   // "get", "any"...
  Json integrationUri;  // the function's invocation URI
  Json auth;            // the event's Auth (Authorizer, AuthorizationScopes, ApiKeyRequired)
};

class Expansion {
 public:
  Expansion(std::string stack, Diagnostics& warnings, LocationTablePtr locations)
      : stack_(std::move(stack)), warnings_(warnings), locations_(std::move(locations)) {}

  /// A resource the transform makes from `from`: `body` gets `from`'s Condition (and, for the
  /// resource keeping `from`'s id, its DependsOn, Metadata and policies).
  void add(const SamResource& from, const std::string& id, const std::string& type,
           Json properties);
  /// `from`'s own resource: the same id, its DependsOn, Metadata, DeletionPolicy and
  /// UpdateReplacePolicy kept.
  void addOwn(const SamResource& from, const std::string& type, Json properties);
  /// Something the transform makes from `from` that c2a does not: not analysed. `keptAsWritten`
  /// says `from` stays in the model as written (a SAM type c2a does not expand), so a change of
  /// it is a change of that resource and the finding holds only while it changes. Otherwise the
  /// part is in no resource c2a makes, a change of it shows nowhere, and it always holds.
  void unseen(const SamResource& from, const std::string& what, bool keptAsWritten = false);

  /// Counts `bytes` of text the transform copies for `from` (Globals merged into it, an
  /// authorizer's scopes into each of its routes): copies multiply a small template, so they may
  /// make at most 64 MiB, as Fn::ForEach loops may. Past that, throws C2aError (InvalidInput)
  /// located at `pointer`, naming `what`.
  void charge(std::size_t bytes, const std::string& pointer, std::string_view what);

  std::vector<Route>& restRoutes() { return restRoutes_; }
  std::vector<Route>& httpRoutes() { return httpRoutes_; }
  /// Notifications S3 events add to buckets of the template: bucket id → configurations.
  std::map<std::string, Json>& bucketNotifications() { return bucketNotifications_; }

  std::vector<ExpandedEntry> take() { return std::move(made_); }
  [[nodiscard]] const std::string& stack() const { return stack_; }

 private:
  std::string stack_;
  Diagnostics& warnings_;
  LocationTablePtr locations_;
  std::vector<ExpandedEntry> made_;
  std::vector<Route> restRoutes_;
  std::vector<Route> httpRoutes_;
  std::map<std::string, Json> bucketNotifications_;
  std::size_t copiedBytes_ = 0;
};

/// An API's Auth as the transform applies it (api_auth.cpp): the security each method gets and
/// the security schemes (with a permission for each Lambda authorizer) of the body.
class ApiAuth {
 public:
  ApiAuth(const SamResource& api, bool http, Expansion& expansion);
  /// The `security` of a route the transform adds for an event: empty when nothing guards it.
  [[nodiscard]] Json security(const Route& route) const;
  /// A method already in the body (written, or written and named by an event without Auth):
  /// the DefaultAuthorizer where it names no authorizer, and the API key the API requires.
  void applyDefaults(Json& method, const std::string& name) const;
  /// The schemes of the API's authorizers and of the built-in ones its methods use, into the
  /// body's own.
  void addSchemes(Json& body) const;

 private:
  [[nodiscard]] bool preflightExempt(const std::string& method, const char* flag) const;

  const SamResource& api_;
  bool http_;
  const Json* auth_;
  Expansion& expansion_;
  const Json* authorizers_ = nullptr;
  std::string defaultAuthorizer_;
};

// ---- helpers the expanders share (expansion.cpp)
// -------------------------------------------------

/// A reference to `id`, its `attribute`, a substitution of `text` (model/intrinsics.h `call`).
Json refOf(const std::string& id);
Json getAtt(const std::string& id, const std::string& attribute);
Json sub(const std::string& text);
/// A SAM Tags map as a CloudFormation tag list, after the transform's own tags (`key: value`).
Json tagList(const Json* tags, const std::vector<std::pair<std::string, std::string>>& own);
/// The first ten hex digits of SHA-256 over `value`'s canonical text: c2a's stand-in for the hash
/// SAM appends to some ids.
std::string shortHash(const Json& value);
/// `Bucket`/`Key`/`Version` (or an `s3://bucket/key` string, or a local path) as the
/// `S3Bucket`/`S3Key`/`S3ObjectVersion` the CloudFormation resource takes. A local path stands for
/// the object `sam package` uploads: its S3Key is the path.
Json s3Location(const Json& uri, std::string_view bucketKey = "S3Bucket",
                std::string_view keyKey = "S3Key", std::string_view versionKey = "S3ObjectVersion");
/// Copies the properties named in `keys` (SAM name, CloudFormation name) that are set.
void copy(const SamResource& from, Json& to,
          std::initializer_list<std::pair<std::string_view, std::string_view>> keys);

/// An execution role for `principal` (`lambda.amazonaws.com`) as the transform makes it: the
/// `managed` policy ARNs first, then SAM's `Policies` (managed policy names or ARNs, policy
/// documents, policy templates), PermissionsBoundary, Path and Tags (after `createdByTag: SAM`). A
/// policy template c2a does not carry is left out of the role and marks `from` unseen.
void addExecutionRole(const SamResource& from, Expansion& expansion, const std::string& roleId,
                      const std::string& principal, const std::string& createdByTag,
                      std::vector<Json> managed, std::vector<Json> inlineStatements);

/// A SAM policy template (`{"SQSPollerPolicy": {"QueueName": ...}}`) as its statements, or nullopt
/// for a template c2a does not carry (policy_templates.cpp).
std::optional<Json> policyTemplateStatements(const std::string& name, const Json& parameters);

/// The event sources of a function or state machine (event_sources.cpp). `target` is the ARN the
/// events invoke; `function` is true for a function (a permission), false for a state machine (a
/// role to start executions).
void expandEvents(const SamResource& from, Expansion& expansion, bool function,
                  std::vector<Json>& managedPolicies);

/// The connectors `host` embeds (its `Connectors` attribute), each as the standalone
/// AWS::Serverless::Connector `<host><name>` with `host` as its Source (connectors.cpp).
std::vector<SamResource> embeddedConnectors(const std::string& host, const Json& connectors,
                                            const std::string& pointer, Expansion& expansion);
/// After every other resource is expanded (`resources`, typed as they deploy): the grants the
/// connectors write, and the connectors c2a cannot write kept as written (unseen while they
/// change).
std::vector<ExpandedEntry> expandConnectors(const std::vector<SamResource>& connectors,
                                            const std::vector<ExpandedEntry>& resources,
                                            Expansion& expansion);

/// The types (one file each).
void expandFunction(const SamResource& from, Expansion& expansion);
void expandApi(const SamResource& from, Expansion& expansion);
void expandHttpApi(const SamResource& from, Expansion& expansion);
void expandSimpleTable(const SamResource& from, Expansion& expansion);
void expandLayerVersion(const SamResource& from, Expansion& expansion);
void expandStateMachine(const SamResource& from, Expansion& expansion);
void expandApplication(const SamResource& from, Expansion& expansion);
/// After every resource: the implicit APIs their events asked for (with `globals`' Api and
/// HttpApi sections, as for a written API), and routes into named ones.
void finishApis(const std::map<std::string, SamResource>& apis, const Json& globals,
                Expansion& expansion);
/// `globals` under `own`: maps merge (the resource wins a key), lists add the resource's after
/// the global ones, anything else is the resource's.
Json mergeGlobals(const Json& globals, const Json& own);

}  // namespace c2a::serverless
