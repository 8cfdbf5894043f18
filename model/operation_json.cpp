#include "model/operation_json.h"

namespace c2a {

void writeOperationMembers(JsonWriter& out, const Operation& operation) {
  out.member("id", operation.id);
  out.key("stack").textOrNull(operation.stack);
  out.key("component").beginObject();
  out.member("name", operation.name);
  out.member("type", toString(operation.componentType));
  out.key("subtype").textOrNull(operation.subtype);
  out.endObject();
  if (!operation.oldName.empty()) out.member("oldName", operation.oldName);
  out.member("operation", toString(operation.type));
  out.key("property");
  if (operation.property) {
    const auto& p = *operation.property;
    out.beginObject();
    out.member("path", toDotted(p.path));
    out.member("operation", toString(p.operation));
    if (!p.oldPath.empty()) out.member("oldPath", toDotted(p.oldPath));
    if (p.oldValue) out.member("old", *p.oldValue);
    if (p.newValue) out.member("new", *p.newValue);
    if (p.oldEvaluated) out.member("oldEvaluated", *p.oldEvaluated);
    if (p.newEvaluated) out.member("newEvaluated", *p.newEvaluated);
    out.member("updateType", toString(p.updateType));
    out.endObject();
  } else {
    out.null();
  }
  out.member("certainty", toString(operation.certainty));
  out.member("propagated", operation.propagated);
  out.key("cause");
  if (operation.cause) {
    out.beginObject();
    out.member("changeId", operation.cause->changeId);
    out.member("reason", operation.cause->reason);
    out.endObject();
  } else {
    out.null();
  }
}

std::string operationCanonicalText(const Operation& operation) {
  JsonWriter out(JsonStyle::Canonical);
  out.beginObject();
  writeOperationMembers(out, operation);
  out.endObject();
  return out.take();
}

Json operationToJson(const Operation& operation) {
  return Json::parse(operationCanonicalText(operation));
}

}  // namespace c2a
