#include "engine/report/json_report.h"

#include "engine/model/operation_json.h"

namespace c2a {

Json reportToJson(const Analysis& analysis) {
  const auto& summary = analysis.summary;
  Json report = Json::object();
  report["schemaVersion"] = 1;
  report["verdict"] = toString(summary.verdict);
  report["fingerprint"] = analysis.diff.fingerprint;
  report["summary"] = Json{{"changes", summary.changes},
                           {"approved", summary.approved},
                           {"rejected", summary.rejected},
                           {"review", summary.review}};
  Json changes = Json::array();
  for (const auto& operation : analysis.diff.operations)
    changes.push_back(operationToJson(operation));
  report["changes"] = std::move(changes);
  report["aggregations"] = Json::array();
  return report;
}

}  // namespace c2a
