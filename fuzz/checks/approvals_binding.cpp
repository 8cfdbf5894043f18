// Approvals bind to values (issue 30 §4): every change of the README example is approved (its id
// and digest, as `c2a approve` writes them), then the fuzzed AFTER is diffed against the same
// BEFORE with that approval. The promise: a change the approval approves is, value for value, the
// change that was approved (the same operation, the same bodies). A template that changes what a
// change does while keeping its digest would be approved without a review.
#include <map>
#include <string>

#include "engine/pipeline/analyze.h"
#include "fuzz/checks/fixtures.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "model/operation_json.h"

namespace c2a::fuzz {
namespace {

// What a reviewer saw of a change: the operation and the bodies it acts on.
std::string content(const Report& report, std::size_t index) {
  const auto& op = report.diff.operations[index];
  Json out = operationToJson(op);
  if (!op.property) {
    if (op.before) out["oldBody"] = report.diff.before->component(*op.before).properties;
    if (op.after) out["newBody"] = report.diff.after->component(*op.after).properties;
  }
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

struct Approved {
  ApprovalsFile file;
  std::map<std::string, std::string> contents;  // by change id
};

const Approved& approvedExample() {
  static const Approved approved = [] {
    AnalyzeOptions options;
    options.limits = fuzzLimits();
    auto report = analyze(exampleFile("before.yaml"), exampleFile("after.yaml"), options);
    Approved out;
    out.file.file = "approvals.json";
    out.file.by = "alice";
    out.file.fingerprint = report->diff.fingerprint;
    for (std::size_t i = 0; i < report->diff.operations.size(); ++i) {
      const auto& id = report->diff.operations[i].id;
      out.file.changes.push_back({id, report->diff.digests[i]});
      out.contents[id] = content(*report, i);
    }
    return out;
  }();
  return approved;
}

}  // namespace

Finding checkApprovalsBinding(std::string_view input) {
  const auto& approved = approvedExample();
  if (approved.file.changes.empty()) return "the example has no change to approve";
  std::string file = writeScratchFile("after." + extensionFor(input), input);
  return underPromiseNaming(file, [&]() -> Finding {
    AnalyzeOptions options;
    options.limits = fuzzLimits();
    options.acceptance.approvals = {approved.file};
    auto report = analyze(exampleFile("before.yaml"), file, options);
    for (std::size_t i = 0; i < report->diff.operations.size(); ++i) {
      const auto& acceptance = report->acceptances.at(i);
      if (!acceptance || acceptance->source != AcceptanceSource::Approval) continue;
      const auto& id = report->diff.operations[i].id;
      auto was = approved.contents.find(id);
      if (was == approved.contents.end())
        return "an approval approved a change it does not name: " + id;
      if (was->second != content(*report, i)) {
        return "an approval approved " + id + " with other values than those approved";
      }
    }
    return std::nullopt;
  });
}

}  // namespace c2a::fuzz
