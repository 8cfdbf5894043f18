#include "model/retention_policy.h"

namespace c2a {

RetentionPolicy retentionPolicy(const Json& body, std::string_view type, bool replaced) {
  RetentionPolicy policy;
  policy.key = replaced ? "UpdateReplacePolicy" : "DeletionPolicy";
  bool rds = type == "AWS::RDS::DBCluster" || type == "AWS::RDS::DBInstance";
  auto value = body.is_object() ? body.find(policy.key) : body.end();
  if (!body.is_object() || value == body.end()) {
    if (!rds) {
      policy.outcome = Retention::Delete;
    } else if (!replaced) {
      // A DB instance in an Aurora cluster has no storage of its own to snapshot.
      auto properties = body.find("Properties");
      bool inCluster = type == "AWS::RDS::DBInstance" && properties != body.end() &&
                       properties->is_object() && properties->contains("DBClusterIdentifier");
      policy.outcome = inCluster ? Retention::Delete : Retention::Snapshot;
    }
    return policy;
  }
  if (!value->is_string()) return policy;
  policy.written = value->get<std::string>();
  // RetainExceptOnCreate deletes only what a failed creation made: a deployed resource is kept.
  if (policy.written == "Delete") policy.outcome = Retention::Delete;
  if (policy.written == "Retain" || policy.written == "RetainExceptOnCreate") {
    policy.outcome = Retention::Retain;
  }
  if (policy.written == "Snapshot") policy.outcome = Retention::Snapshot;
  return policy;
}

std::string_view toString(Retention retention) {
  switch (retention) {
    case Retention::Delete: return "Delete";
    case Retention::Retain: return "Retain";
    case Retention::Snapshot: return "Snapshot";
    case Retention::Unknown: return "";
  }
  return "";
}

}  // namespace c2a
