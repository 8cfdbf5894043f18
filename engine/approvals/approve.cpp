#include "engine/approvals/approve.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/approvals/approvals_file.h"
#include "model/decision.h"
#include "model/suggestions.h"
#include "readers/located_json.h"

namespace c2a {
namespace {

struct ReportChange {
  std::string id;
  std::string digest;  // what the approval binds to
  std::string action;  // approve, reject, none
  std::string pointer;
  std::vector<std::string> rules;
  std::vector<std::string> ruleIds;  // absent from reports made before rule ids existed
  std::string decidedWith;  // the replacement this change causes and is decided with, or ""
};

// The REPLACE of the resource a change id names (`[stack/]Type:Name:...`: logical ids hold no
// `:`): the only change a report's `decidedWith` may name, whatever a hand-edited report says.
std::string replacementOf(std::string_view id) {
  auto first = id.find(':');
  auto second = first == std::string_view::npos ? first : id.find(':', first + 1);
  if (second == std::string_view::npos) return "";
  return std::string(id.substr(0, second + 1)) + "REPLACE";
}

std::vector<ReportChange> reportChanges(const LocatedJson& doc) {
  doc.expectObject("", "a c2a JSON report (`c2a diff --format json`)");
  if (doc.integer("", "schemaVersion", true) != 1) {
    doc.fail("/schemaVersion", "not a c2a JSON report of schema version 1");
  }
  const auto* changes = doc.find("/changes");
  if (changes == nullptr || !changes->is_array()) {
    doc.fail("", "not a c2a JSON report: no `changes` list");
  }
  std::vector<ReportChange> out;
  for (std::size_t i = 0; i < changes->size(); ++i) {
    auto at = LocatedJson::child("/changes", i);
    doc.expectObject(at, "a change");
    ReportChange change;
    change.id = doc.string(at, "id", true);
    if (doc.find(at + "/digest") == nullptr) {
      doc.fail(at,
               "the change has no `digest`: the report was made by an older c2a; run `c2a diff "
               "--format json` again with this one, so the approval binds each change's values");
    }
    change.digest = doc.fingerprint(at, "digest");
    change.action = doc.string(at, "action", true);
    change.pointer = at;
    if (const auto* with = doc.find(at + "/decidedWith"); with != nullptr && with->is_string()) {
      change.decidedWith = with->get<std::string>();
      if (change.decidedWith != replacementOf(change.id)) {
        doc.fail(at + "/decidedWith", "`decidedWith` names " + change.decidedWith +
                                          ", which is not the replacement of this change's "
                                          "resource: the report was altered");
      }
    }
    if (const auto* rules = doc.find(at + "/rules"); rules != nullptr && rules->is_array()) {
      for (const auto& rule : *rules) {
        if (rule.is_string()) change.rules.push_back(rule.get<std::string>());
      }
    }
    if (const auto* ids = doc.find(at + "/ruleIds"); ids != nullptr && ids->is_array()) {
      for (const auto& id : *ids)
        change.ruleIds.push_back(id.is_string() ? id.get<std::string>() : "");
    }
    out.push_back(std::move(change));
  }
  return out;
}

// "Data stores must not be replaced [data-stores-must-not-be-replaced]", as every report names a
// rule (model/decision.h ruleWithId); the label alone from an older report.
std::string rulesText(const ReportChange& change) {
  Decision decision;
  decision.rules = change.rules;
  decision.ruleIds = change.ruleIds;
  std::string out;
  for (std::size_t i = 0; i < decision.rules.size(); ++i) {
    out += (out.empty() ? "" : "; ") + ruleWithId(decision, i);
  }
  return out.empty() ? "a rule" : out;
}

}  // namespace

ApproveResult approve(const ApproveRequest& request) {
  if (request.by.empty()) throw C2aError(ErrorKind::Usage, {}, "--by must name who approves");
  LocatedJson doc(readSourceFile(request.report, request.limits), request.report);
  auto changes = reportChanges(doc);
  ApprovalsFile approvals;
  approvals.fingerprint = doc.fingerprint("", "fingerprint");
  approvals.by = request.by;
  approvals.at = timestampNow();
  approvals.comment = request.comment;
  approvals.expires = request.expires;
  ApproveResult result;

  if (request.changes.empty()) {
    for (const auto& change : changes) {
      if (change.action == "none") approvals.changes.push_back({change.id, change.digest});
    }
    if (approvals.changes.empty()) {
      result.warnings.push_back(Diagnostic{
          ErrorKind::InvalidInput, SourceLocation{request.report, 0, 0},
          "no change of this report waits for review: the approvals file approves nothing"});
    }
  } else {
    std::vector<std::string_view> ids;
    for (const auto& change : changes) ids.emplace_back(change.id);
    for (const auto& id : request.changes) {
      auto it = std::find_if(changes.begin(), changes.end(),
                             [&](const ReportChange& change) { return change.id == id; });
      if (it == changes.end()) {
        // An id written without its stack (`Resource:Topic:...` for `App/Nested/Resource:Topic:
        // ...`): the ids that end with it are what was meant.
        std::string hint = didYouMean(id, ids);
        if (hint.empty()) {
          std::vector<std::string_view> ending;
          for (auto candidate : ids) {
            if (candidate.size() > id.size() + 1 && candidate.ends_with(id) &&
                candidate[candidate.size() - id.size() - 1] == '/') {
              ending.push_back(candidate);
            }
          }
          if (ending.size() == 1) {
            hint = fmt::format("; did you mean `{}` (a change id names its stack)?", ending[0]);
          } else if (!ending.empty()) {
            hint = fmt::format(
                "; {} changes of other stacks end with it (a change id names its "
                "stack), such as `{}`",
                ending.size(), ending[0]);
          }
        }
        throw C2aError(ErrorKind::InvalidInput, {request.report},
                       fmt::format("--change {}: this report has no such change{}", id, hint));
      }
      if (it->action == "reject") {
        throw C2aError(ErrorKind::InvalidInput, doc.where(it->pointer),
                       fmt::format("--change {}: the rules reject this change ({}); an approval "
                                   "cannot override a rejection, only a change of the rules can",
                                   id, rulesText(*it)));
      }
      if (it->action == "approve") {
        result.warnings.push_back(
            {ErrorKind::InvalidInput, doc.where(it->pointer),
             fmt::format("--change {}: the rules approve this change already", id)});
      }
      // A replacement and the property changes that cause it are one change to a reviewer:
      // approving either approves all of them (they are decided together: decidedWith).
      const std::string& replacement = it->decidedWith.empty() ? it->id : it->decidedWith;
      for (const auto& change : changes) {
        bool together =
            change.id == id || change.id == replacement || change.decidedWith == replacement;
        if (!together || change.action != "none") continue;
        if (std::none_of(approvals.changes.begin(), approvals.changes.end(),
                         [&](const BoundChange& approved) { return approved.id == change.id; })) {
          approvals.changes.push_back({change.id, change.digest});
          if (change.id != id) {
            result.warnings.push_back(
                {ErrorKind::InvalidInput, doc.where(change.pointer),
                 fmt::format("--change {}: {} is approved with it (a replacement and the change "
                             "that causes it are decided together)",
                             id, change.id)});
          }
        }
      }
      if (it->action != "none" &&
          std::none_of(approvals.changes.begin(), approvals.changes.end(),
                       [&](const BoundChange& approved) { return approved.id == id; })) {
        approvals.changes.push_back({it->id, it->digest});
      }
    }
  }
  result.text = approvalsFileText(approvals, request.key);
  return result;
}

}  // namespace c2a
