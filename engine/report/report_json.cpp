#include "engine/report/report_json.h"

#include "engine/report/plan_json.h"
#include "engine/report/report_text.h"
#include "model/operation_json.h"

namespace c2a {
namespace {

Json summaryToJson(const VerdictSummary& summary) {
  Json out{{"changes", summary.changes},
           {"approved", summary.approved},
           {"rejected", summary.rejected},
           {"review", summary.review},
           {"notAnalysed", summary.notAnalysed}};
  // Only with a change set that disagrees (--change-set): the reports without one keep their shape.
  if (summary.disagreements > 0) out["disagreements"] = summary.disagreements;
  return out;
}

}  // namespace

Json idsToJson(const Report& report, const std::vector<std::size_t>& changes) {
  Json ids = Json::array();
  for (auto index : changes) ids.push_back(report.diff.operations[index].id);
  return ids;
}

Json acceptanceToJson(const Acceptance& acceptance) {
  Json out{{"source", toString(acceptance.source)}};
  if (acceptance.source == AcceptanceSource::Approval) {
    out["by"] = acceptance.by;
    if (!acceptance.at.empty()) out["at"] = acceptance.at;
  }
  if (acceptance.source != AcceptanceSource::Baseline) out["reason"] = acceptance.reason;
  if (!acceptance.file.empty()) out["file"] = acceptance.file;
  if (acceptance.where) out["location"] = locationToJson(*acceptance.where);
  out["ruleAction"] = toString(acceptance.ruleAction);
  return out;
}

namespace {

Json refusalsToJson(const std::vector<Refusal>& refusals) {
  Json out = Json::array();
  for (const auto& refusal : refusals) {
    out.push_back({{"changeId", refusal.changeId}, {"reason", refusal.reason}});
  }
  return out;
}

}  // namespace

Json approvalsToJson(const Report& report) {
  Json out = Json::array();
  for (const auto& record : report.approvals) {
    Json entry{{"file", record.file},
               {"by", record.by},
               {"at", record.at},
               {"comment", record.comment},
               {"fingerprint", record.fingerprint},
               {"signature", record.signature},
               {"applied", record.applied}};
    if (!record.applied) entry["reason"] = record.whyNot;
    entry["approved"] = record.approved;
    entry["unknown"] = record.unknown;
    entry["changed"] = refusalsToJson(record.changed);
    entry["refused"] = refusalsToJson(record.refused);
    out.push_back(std::move(entry));
  }
  return out;
}

Json acceptedToJson(const Report& report) {
  Json out = Json::array();
  for (std::size_t i = 0; i < report.acceptances.size(); ++i) {
    const auto& acceptance = report.acceptances[i];
    if (!acceptance || acceptance->source == AcceptanceSource::Approval) continue;
    Json entry{{"changeId", report.diff.operations[i].id}};
    auto fields = acceptanceToJson(*acceptance);  // kept alive for the loop
    for (auto& [key, value] : fields.items()) entry[key] = value;
    out.push_back(std::move(entry));
  }
  return out;
}

Json baselineToJson(const Report& report) {
  if (!report.baseline) return nullptr;
  const auto& b = *report.baseline;
  return Json{{"file", b.file},
              {"listed", b.listed},
              {"accepted", b.accepted},
              {"changed", refusalsToJson(b.changed)},
              {"refused", refusalsToJson(b.refused)},
              {"unused", b.unused}};
}

Json gateToJson(const Report& report) {
  Json out{{"failOn", toString(report.gate.failOn)},
           {"fails", report.gate.fails},
           {"exitStatus", report.gate.exitStatus},
           {"notAnalysed", report.gate.notAnalysed},
           {"changes", idsToJson(report, report.gate.changes)}};
  if (report.gate.disagreements > 0) out["disagreements"] = report.gate.disagreements;
  return out;
}

namespace {

Json changeToJson(const Report& report, std::size_t index) {
  const auto& op = report.diff.operations[index];
  Json out = operationToJson(op);
  // What `c2a approve` binds an approval of this change to (model-diffing/fingerprint.h).
  if (index < report.diff.digests.size()) out["digest"] = report.diff.digests[index];
  const auto& decision = report.decisions[index];
  out["risk"] = toString(decision.risk);
  out["action"] = toString(decision.action);
  out["rules"] = decision.rules;
  out["ruleIds"] = decision.ruleIds;
  const auto& where = report.locations[index];
  Json location = Json::object();
  if (where.before) location["before"] = locationToJson(*where.before);
  if (where.after) location["after"] = locationToJson(*where.after);
  out["location"] = std::move(location);
  const Component* component = nullptr;
  if (op.after)
    component = &report.after.component(*op.after);
  else if (op.before)
    component = &report.before.component(*op.before);
  if (component != nullptr) {
    auto path = component->constructPath();
    if (!path.empty()) out["constructPath"] = path;
  }
  // What is added or removed, whole: the body an approval of it binds.
  if (const auto* body = bodyOf(report, index))
    out[op.type == OperationType::Insert ? "new" : "old"] = *body;
  if (index < report.acceptances.size() && report.acceptances[index]) {
    out["acceptance"] = acceptanceToJson(*report.acceptances[index]);
  }
  return out;
}

}  // namespace

Json locationToJson(const SourceLocation& location) {
  Json out{{"file", location.file}};
  if (location.line > 0) out["line"] = location.line;
  if (location.column > 0) out["column"] = location.column;
  return out;
}

Json aggregationToJson(const Report& report, const AggregationNode& node) {
  Json out{{"key", node.key}, {"value", node.value}};
  if (!node.collapsed.empty()) {
    Json collapsed = Json::array();
    for (const auto& [key, value] : node.collapsed)
      collapsed.push_back({{"key", key}, {"value", value}});
    out["collapsed"] = std::move(collapsed);
  }
  out["description"] = node.description;
  out["count"] = node.count;
  Json children = Json::array();
  for (const auto& child : node.children) children.push_back(aggregationToJson(report, child));
  out["children"] = std::move(children);
  if (node.children.empty()) {
    Json ids = Json::array();
    for (auto index : node.changes) ids.push_back(report.diff.operations[index].id);
    out["changes"] = std::move(ids);
  }
  return out;
}

// `{code, message, changeId, location}` per foreseen failure (CONTRACT.md), in report order.
Json failuresToJson(const Report& report) {
  Json out = Json::array();
  for (const auto& failure : report.failures) {
    Json location = Json::object();
    Json changeId;
    if (failure.change) {
      const auto& where = report.locations[*failure.change];
      if (where.before) location["before"] = locationToJson(*where.before);
      if (where.after) location["after"] = locationToJson(*where.after);
      changeId = report.diff.operations[*failure.change].id;
    } else if (!failure.where.file.empty()) {
      location["given"] = locationToJson(failure.where);  // a parameter value, say
    }
    out.push_back({{"code", failure.code},
                   {"message", failure.message},
                   {"changeId", std::move(changeId)},
                   {"location", std::move(location)}});
  }
  return out;
}

// One property value the change set gives, beside c2a's.
Json changeSetValueToJson(const Report& report, const ChangeSetValue& value) {
  auto either = [](const std::optional<Json>& v) { return v ? *v : Json(); };
  Json entry = {
      {"path", value.path},
      {"changeType", value.attributeChangeType.empty() ? Json() : Json(value.attributeChangeType)},
      {"before", either(value.before)},
      {"after", either(value.after)},
      {"compared", value.known},
      {"agrees", value.agrees()}};
  // c2a's values where it knows them (null: no value); absent where it does not.
  if (value.beforeKnown) entry["predictedBefore"] = either(value.predictedBefore);
  if (value.afterKnown) entry["predictedAfter"] = either(value.predictedAfter);
  if (!value.beforeFrom.empty()) entry["beforeFrom"] = value.beforeFrom;
  if (value.truncated) entry["truncated"] = true;
  if (value.change) entry["changeId"] = report.diff.operations[*value.change].id;
  if (!value.where.file.empty()) entry["location"] = locationToJson(value.where);
  return entry;
}

// The change set against the prediction, resource by resource (docs/report.md, "changeSet").
Json changeSetToJson(const Report& report, const ChangeSetComparison& comparison) {
  auto text = [](const std::string& value) { return value.empty() ? Json() : Json(value); };
  Json resources = Json::array();
  for (const auto& answer : comparison.resources) {
    Json ids = Json::array();
    for (auto change : answer.changes) ids.push_back(report.diff.operations[change].id);
    Json values = Json::array();
    for (const auto& value : answer.values) values.push_back(changeSetValueToJson(report, value));
    Json entry = {{"stack", text(answer.stack)},
                  {"logicalId", answer.logicalId},
                  {"type", text(answer.resourceType)},
                  {"changeSet",
                   {{"action", text(answer.listed)},
                    {"replacement", text(answer.listedReplace)},
                    {"policyAction", text(answer.listedPolicy)}}},
                  {"predicted",
                   {{"action", text(answer.predicted)},
                    {"replacement", text(answer.predictedReplace)},
                    {"policyAction", text(answer.predictedPolicy)}}},
                  {"replacement", text(answer.replacement)},
                  {"source", answer.source},
                  {"agrees", answer.disagreement.empty()},
                  {"values", std::move(values)},
                  {"changes", std::move(ids)}};
    if (!answer.disagreement.empty()) entry["disagreement"] = answer.disagreement;
    if (!answer.where.file.empty()) entry["location"] = locationToJson(answer.where);
    resources.push_back(std::move(entry));
  }
  Json parts = Json::array();
  for (const auto& part : comparison.parts) {
    parts.push_back({{"files", part.files},
                     {"stack", text(part.stack)},
                     {"stackName", text(part.stackName)},
                     {"changeSetName", text(part.changeSetName)},
                     {"changeSetId", text(part.changeSetId)},
                     {"deploymentMode", text(part.deploymentMode)},
                     {"propertyValues", part.withValues}});
  }
  return {{"file", comparison.file},
          {"stackName", text(comparison.stackName)},
          {"changeSetName", text(comparison.changeSetName)},
          {"changeSets", std::move(parts)},
          {"nestedNotGiven", comparison.nestedNotGiven},
          {"disagreements", comparison.disagreements()},
          {"resources", std::move(resources)}};
}

// The security tables (docs/report.md, "security"): every table, each row's cells by field.
Json securityToJson(const Report& report) {
  Json out = Json::object();
  for (std::string_view key : {"iam", "managedPolicies", "network"})
    out[std::string(key)] = Json::array();
  for (const auto& table : report.security) {
    auto& rows = out[std::string(table.key)];
    for (const auto& row : table.rows) {
      Json entry{{"sign", row.added ? "+" : "-"},
                 {"changeId", report.diff.operations[row.change].id}};
      for (std::size_t c = 0; c < table.fields.size() && c < row.cells.size(); ++c) {
        entry[std::string(table.fields[c])] = row.cells[c];
      }
      rows.push_back(std::move(entry));
    }
  }
  return out;
}

Json reportToJson(const Report& report) {
  Json out = Json::object();
  out["schemaVersion"] = 1;
  Json sources = Json::array();
  for (const auto& source : report.metadata.sources) {
    sources.push_back({{"role", source.role}, {"path", source.path}, {"sha256", source.sha256}});
  }
  out["tool"] = Json{{"name", report.metadata.tool},
                     {"version", report.metadata.version},
                     {"sources", std::move(sources)},
                     {"presets", report.metadata.presets}};
  out["verdict"] = toString(report.summary.verdict);
  out["decidedBy"] = idsToJson(report, report.decidedBy);
  out["gate"] = gateToJson(report);
  out["fingerprint"] = report.diff.fingerprint;
  out["summary"] = summaryToJson(report.summary);
  Json stacks = Json::array();
  for (const auto& stack : report.stacks) {
    stacks.push_back({{"name", stack.name.empty() ? Json() : Json(stack.name)},
                      {"verdict", toString(stack.summary.verdict)},
                      {"summary", summaryToJson(stack.summary)}});
  }
  out["stacks"] = std::move(stacks);
  Json changes = Json::array();
  for (std::size_t i = 0; i < report.diff.operations.size(); ++i) {
    changes.push_back(changeToJson(report, i));
  }
  out["changes"] = std::move(changes);
  Json roots = Json::array();
  for (const auto& root : report.aggregations.roots)
    roots.push_back(aggregationToJson(report, root));
  out["aggregations"] = std::move(roots);
  out["aggregationLevels"] = report.aggregations.levels;
  out["security"] = securityToJson(report);
  out["plan"] = planToJson(report);
  out["failures"] = failuresToJson(report);
  if (report.changeSet) out["changeSet"] = changeSetToJson(report, *report.changeSet);
  out["approvals"] = approvalsToJson(report);
  out["accepted"] = acceptedToJson(report);
  out["baseline"] = baselineToJson(report);
  Json warnings = Json::array();
  for (const auto& warning : report.warnings) {
    Json entry{{"message", warning.message}, {"notAnalysed", warning.notAnalysed}};
    if (!warning.where.file.empty()) entry["location"] = locationToJson(warning.where);
    warnings.push_back(std::move(entry));
  }
  out["warnings"] = std::move(warnings);
  return out;
}

}  // namespace c2a
