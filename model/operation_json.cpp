#include "model/operation_json.h"

namespace c2a {

Json operationToJson(const Operation& operation) {
  Json out = Json::object();
  out["id"] = operation.id;
  out["stack"] = operation.stack.empty() ? Json() : Json(operation.stack);
  out["component"] =
      Json{{"name", operation.name},
           {"type", toString(operation.componentType)},
           {"subtype", operation.subtype.empty() ? Json() : Json(operation.subtype)}};
  if (!operation.oldName.empty()) out["oldName"] = operation.oldName;
  out["operation"] = toString(operation.type);
  if (operation.property) {
    const auto& p = *operation.property;
    Json property = Json::object();
    property["path"] = toDotted(p.path);
    property["operation"] = toString(p.operation);
    if (!p.oldPath.empty()) property["oldPath"] = toDotted(p.oldPath);
    if (p.oldValue) property["old"] = *p.oldValue;
    if (p.newValue) property["new"] = *p.newValue;
    if (p.oldEvaluated) property["oldEvaluated"] = *p.oldEvaluated;
    if (p.newEvaluated) property["newEvaluated"] = *p.newEvaluated;
    property["updateType"] = toString(p.updateType);
    out["property"] = std::move(property);
  } else {
    out["property"] = nullptr;
  }
  out["certainty"] = toString(operation.certainty);
  out["propagated"] = operation.propagated;
  out["cause"] = operation.cause ? Json{{"changeId", operation.cause->changeId},
                                        {"reason", operation.cause->reason}}
                                 : Json();
  return out;
}

}  // namespace c2a
