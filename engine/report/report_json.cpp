#include "engine/report/report_json.h"

#include "model/operation_json.h"

namespace c2a {
namespace {

Json summaryToJson(const VerdictSummary& summary) {
  return Json{{"changes", summary.changes},
              {"approved", summary.approved},
              {"rejected", summary.rejected},
              {"review", summary.review}};
}

Json changeToJson(const Report& report, std::size_t index) {
  const auto& op = report.diff.operations[index];
  Json out = operationToJson(op);
  const auto& decision = report.decisions[index];
  out["risk"] = toString(decision.risk);
  out["action"] = toString(decision.action);
  out["rules"] = decision.rules;
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
  Json warnings = Json::array();
  for (const auto& warning : report.warnings) {
    Json entry{{"message", warning.message}};
    if (!warning.where.file.empty()) entry["location"] = locationToJson(warning.where);
    warnings.push_back(std::move(entry));
  }
  out["warnings"] = std::move(warnings);
  return out;
}

}  // namespace c2a
