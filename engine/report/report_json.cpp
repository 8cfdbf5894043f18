#include "engine/report/report_json.h"

#include "engine/report/plan_json.h"
#include "engine/report/report_text.h"
#include "model/json_writer.h"
#include "model/operation_json.h"

namespace c2a {

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
    Json entry{{"file", record.file}, {"by", record.by}, {"at", record.at}};
    if (!record.expires.empty()) entry["expires"] = record.expires;
    entry["comment"] = record.comment;
    entry["fingerprint"] = record.fingerprint;
    entry["signature"] = record.signature;
    entry["applied"] = record.applied;
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
              {"signature", b.signature},
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

void writeStrings(JsonWriter& out, const std::vector<std::string>& texts) {
  out.beginArray();
  for (const auto& text : texts) out.value(text);
  out.endArray();
}

void writeIds(JsonWriter& out, const Report& report, const std::vector<std::size_t>& changes) {
  out.beginArray();
  for (auto index : changes) out.value(report.diff.operations[index].id);
  out.endArray();
}

void writeLocation(JsonWriter& out, const SourceLocation& location) {
  out.value(locationToJson(location));  // small: one shape, locationToJson's
}

void writeSummary(JsonWriter& out, const VerdictSummary& summary) {
  out.beginObject();
  out.member("changes", summary.changes);
  out.member("approved", summary.approved);
  out.member("rejected", summary.rejected);
  out.member("review", summary.review);
  out.member("notAnalysed", summary.notAnalysed);
  // Only with a change set that disagrees (--change-set): the reports without one keep their shape.
  if (summary.disagreements > 0) out.member("disagreements", summary.disagreements);
  out.endObject();
}

// A `changes` entry: the operation as the fingerprint hashes it, then what the report adds. The
// bodies are written from the models in place, never copied.
void writeChange(JsonWriter& out, const Report& report, std::size_t index) {
  const auto& op = report.diff.operations[index];
  out.beginObject();
  writeOperationMembers(out, op);
  // What `c2a approve` binds an approval of this change to (model-diffing/fingerprint.h).
  if (index < report.diff.digests.size()) out.member("digest", report.diff.digests[index]);
  const auto& decision = report.decisions[index];
  out.member("risk", toString(decision.risk));
  out.member("action", toString(decision.action));
  writeStrings(out.key("rules"), decision.rules);
  writeStrings(out.key("ruleIds"), decision.ruleIds);
  if (decision.action == Action::Reject) {
    // The rules whose own effect rejects it, by id (by label when a rule has none).
    std::vector<std::string> rejectedBy;
    for (std::size_t i = 0; i < decision.rules.size() && i < decision.rejects.size(); ++i) {
      if (!decision.rejects[i]) continue;
      bool id = i < decision.ruleIds.size() && !decision.ruleIds[i].empty();
      rejectedBy.push_back(id ? decision.ruleIds[i] : decision.rules[i]);
    }
    if (!rejectedBy.empty()) writeStrings(out.key("rejectedBy"), rejectedBy);
  }
  const auto& where = report.locations[index];
  out.key("location").beginObject();
  if (where.before) writeLocation(out.key("before"), *where.before);
  if (where.after) writeLocation(out.key("after"), *where.after);
  if (where.source) writeLocation(out.key("source"), *where.source);
  out.endObject();
  if (index < report.decidedWith.size() && report.decidedWith[index]) {
    out.member("decidedWith", report.diff.operations[*report.decidedWith[index]].id);
  }
  const Component* component = nullptr;
  if (op.after)
    component = &report.after.component(*op.after);
  else if (op.before)
    component = &report.before.component(*op.before);
  if (component != nullptr) {
    auto path = component->constructPath();
    if (!path.empty()) out.member("constructPath", path);
  }
  // What is added or removed, whole: the body an approval of it binds.
  if (const auto* body = bodyOf(report, index))
    out.member(op.type == OperationType::Insert ? "new" : "old", *body);
  if (index < report.acceptances.size() && report.acceptances[index]) {
    out.member("acceptance", acceptanceToJson(*report.acceptances[index]));
  }
  out.endObject();
}

void writeAggregation(JsonWriter& out, const Report& report, const AggregationNode& node) {
  out.beginObject();
  out.member("key", node.key);
  out.member("value", node.value);
  if (!node.collapsed.empty()) {
    out.key("collapsed").beginArray();
    for (const auto& [key, value] : node.collapsed) {
      out.beginObject();
      out.member("key", key);
      out.member("value", value);
      out.endObject();
    }
    out.endArray();
  }
  out.member("description", node.description);
  out.member("count", node.count);
  out.key("children").beginArray();
  for (const auto& child : node.children) writeAggregation(out, report, child);
  out.endArray();
  if (node.children.empty()) writeIds(out.key("changes"), report, node.changes);
  out.endObject();
}

}  // namespace

Json locationToJson(const SourceLocation& location) {
  Json out{{"file", location.file}};
  if (location.line > 0) out["line"] = location.line;
  if (location.column > 0) out["column"] = location.column;
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

std::string reportJsonText(const Report& report) {
  JsonWriter out(JsonStyle::Report);
  out.beginObject();
  out.member("schemaVersion", 1);
  out.key("tool").beginObject();
  out.member("name", report.metadata.tool);
  out.member("version", report.metadata.version);
  out.key("sources").beginArray();
  for (const auto& source : report.metadata.sources) {
    out.beginObject();
    out.member("role", source.role);
    out.member("path", source.path);
    out.member("sha256", source.sha256);
    out.endObject();
  }
  out.endArray();
  writeStrings(out.key("presets"), report.metadata.presets);
  out.endObject();
  out.member("verdict", toString(report.summary.verdict));
  writeIds(out.key("decidedBy"), report, report.decidedBy);
  out.member("gate", gateToJson(report));
  out.member("fingerprint", report.diff.fingerprint);
  writeSummary(out.key("summary"), report.summary);
  out.key("stacks").beginArray();
  for (const auto& stack : report.stacks) {
    out.beginObject();
    out.key("name").textOrNull(stack.name);
    out.member("verdict", toString(stack.summary.verdict));
    writeSummary(out.key("summary"), stack.summary);
    out.endObject();
  }
  out.endArray();
  out.key("changes").beginArray();
  for (std::size_t i = 0; i < report.diff.operations.size(); ++i) writeChange(out, report, i);
  out.endArray();
  out.key("aggregations").beginArray();
  for (const auto& root : report.aggregations.roots) writeAggregation(out, report, root);
  out.endArray();
  writeStrings(out.key("aggregationLevels"), report.aggregations.levels);
  out.member("security", securityToJson(report));
  out.member("plan", planToJson(report));
  out.member("failures", failuresToJson(report));
  if (report.changeSet) out.member("changeSet", changeSetToJson(report, *report.changeSet));
  out.member("approvals", approvalsToJson(report));
  out.member("accepted", acceptedToJson(report));
  out.member("baseline", baselineToJson(report));
  out.key("warnings").beginArray();
  for (const auto& warning : report.warnings) {
    out.beginObject();
    out.member("message", warning.message);
    out.member("notAnalysed", warning.notAnalysed);
    if (!warning.where.file.empty()) writeLocation(out.key("location"), warning.where);
    out.endObject();
  }
  out.endArray();
  out.endObject();
  auto text = out.take();
  text += '\n';
  return text;
}

Json reportToJson(const Report& report) {
  return Json::parse(reportJsonText(report));
}

}  // namespace c2a
