#include "engine/approvals/acceptances.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "engine/approvals/inline_accept.h"
#include "model/change_title.h"

namespace c2a {
namespace {

// The rules that decided, each with its id: what a refusal or a warning records.
std::string rulesText(const Decision& decision) {
  std::string out;
  for (std::size_t i = 0; i < decision.rules.size(); ++i) {
    out += (out.empty() ? "" : "; ") + ruleWithId(decision, i);
  }
  return out.empty() ? "a rule" : out;
}

class Applier {
 public:
  Applier(Report& report, const AcceptanceOptions& options)
      : report_(report), options_(options), ruleDecisions_(report.decisions) {
    report_.acceptances.assign(report_.diff.operations.size(), std::nullopt);
  }

  void run() {
    if (options_.inlineAccept) inlineAccepts();
    for (const auto& file : options_.approvals) approvals(file);
    if (options_.baseline) baseline(*options_.baseline);
  }

 private:
  // Approves change `index` for `acceptance` unless something approved it already.
  void accept(std::size_t index, Acceptance acceptance) {
    auto& decision = report_.decisions[index];
    if (decision.action == Action::Approve) return;
    acceptance.ruleAction = ruleDecisions_[index].action;
    decision.action = Action::Approve;
    report_.acceptances[index] = std::move(acceptance);
  }

  // ---- inline ----------------------------------------------------------------------------------

  [[nodiscard]] bool matches(const InlineAccept& entry, std::size_t index) const {
    const auto& op = report_.diff.operations[index];
    if (!op.after || *op.after != entry.component || op.type == OperationType::Remove) return false;
    if (!entry.operations.empty() && std::find(entry.operations.begin(), entry.operations.end(),
                                               op.type) == entry.operations.end()) {
      return false;
    }
    if (entry.path.empty()) return true;
    if (op.type == OperationType::Update) return pathMatches(entry.path, op.property->path);
    if (op.type == OperationType::Replace) {
      auto cause = causeInComponent(index);
      return cause && pathMatches(entry.path, report_.diff.operations[*cause].property->path);
    }
    return false;
  }

  // The property change of the same resource that causes the REPLACE `index`, if any.
  [[nodiscard]] std::optional<std::size_t> causeInComponent(std::size_t index) const {
    const auto& op = report_.diff.operations[index];
    if (!op.cause) return std::nullopt;
    auto cause = report_.causes->find(op.cause->changeId);
    if (!cause) return std::nullopt;
    const auto& causing = report_.diff.operations[*cause];
    if (causing.type != OperationType::Update || !causing.property || causing.after != op.after) {
      return std::nullopt;
    }
    return cause;
  }

  // Whether change `index` is approved now (by this entry, or already).
  bool acceptInline(std::size_t index, const InlineAccept& entry) {
    const auto& op = report_.diff.operations[index];
    if (report_.decisions[index].action == Action::Approve) return true;
    if (ruleDecisions_[index].action == Action::Reject && !options_.inlineAcceptRejections) {
      report_.warnings.push_back(
          {ErrorKind::InvalidInput, entry.where,
           fmt::format("the acceptance of {} is not applied: the rules reject it ({}); an inline "
                       "acceptance overrides a rejection only with "
                       "--allow-inline-accept-of-rejections",
                       changeTitle(op), rulesText(ruleDecisions_[index]))});
      return false;
    }
    Acceptance acceptance;
    acceptance.source = AcceptanceSource::Inline;
    acceptance.reason = entry.reason;
    acceptance.file = entry.where.file;
    acceptance.where = entry.where;
    accept(index, std::move(acceptance));
    return true;
  }

  void inlineAccepts() {
    auto entries = readInlineAccepts(report_.after);
    std::multimap<ComponentIndex, const InlineAccept*> byComponent;
    for (const auto& entry : entries) byComponent.emplace(entry.component, &entry);
    const auto& operations = report_.diff.operations;
    for (std::size_t i = 0; i < operations.size(); ++i) {
      const auto& op = operations[i];
      if (!op.after) continue;
      auto [first, last] = byComponent.equal_range(*op.after);
      for (auto it = first; it != last; ++it) {
        if (!matches(*it->second, i)) continue;
        // Accepting a replacement accepts the property change of the resource that causes it.
        if (acceptInline(i, *it->second) && op.type == OperationType::Replace) {
          if (auto cause = causeInComponent(i)) acceptInline(*cause, *it->second);
        }
        break;
      }
    }
    // The acceptances themselves: only c2a's metadata changes, nothing in the deployed resource.
    for (std::size_t i = 0; i < operations.size(); ++i) {
      const auto& op = operations[i];
      if (!onlyAcceptanceMetadata(op) || report_.decisions[i].action != Action::None) continue;
      Acceptance acceptance;
      acceptance.source = AcceptanceSource::Inline;
      acceptance.reason = "c2a's own acceptance metadata: no effect on the resource";
      const auto& where = report_.locations.size() > i ? report_.locations[i] : ChangeLocation{};
      if (where.after) {
        acceptance.where = where.after;
      } else if (where.before) {
        acceptance.where = where.before;
      }
      if (acceptance.where) acceptance.file = acceptance.where->file;
      accept(i, std::move(acceptance));
    }
  }

  // ---- approvals files -------------------------------------------------------------------------

  void approvals(const ApprovalsFile& file) {
    ApprovalRecord record;
    record.file = file.file;
    record.by = file.by;
    record.at = file.at;
    record.comment = file.comment;
    record.fingerprint = file.fingerprint;
    record.signature = file.signatureState;
    if (file.fingerprint != report_.diff.fingerprint) {
      record.whyNot = fmt::format(
          "it approves change set {}, and this change set is {}: an approval binds to the "
          "changes it was given for",
          file.fingerprint, report_.diff.fingerprint);
      report_.approvals.push_back(std::move(record));
      return;
    }
    record.applied = true;
    for (const auto& id : file.changes) {
      auto index = report_.causes->find(id);
      if (!index) {
        record.unknown.push_back(id);
        continue;
      }
      if (ruleDecisions_[*index].action == Action::Reject) {
        record.refused.push_back(
            {id, fmt::format("rejected by the rules ({}): an approval cannot override a "
                             "rejection, only a change of the rules can",
                             rulesText(ruleDecisions_[*index]))});
        continue;
      }
      record.approved.push_back(id);
      Acceptance acceptance;
      acceptance.source = AcceptanceSource::Approval;
      acceptance.reason = file.comment;
      acceptance.by = file.by;
      acceptance.at = file.at;
      acceptance.file = file.file;
      accept(*index, std::move(acceptance));
    }
    report_.approvals.push_back(std::move(record));
  }

  // ---- baseline --------------------------------------------------------------------------------

  void baseline(const BaselineFile& file) {
    BaselineRecord record;
    record.file = file.file;
    record.listed = file.changes.size();
    for (const auto& id : file.changes) {
      auto index = report_.causes->find(id);
      if (!index) {
        ++record.unused;
        continue;
      }
      if (ruleDecisions_[*index].action == Action::Reject) {
        record.refused.push_back(
            {id, fmt::format("rejected by the rules ({}): a baseline cannot accept a rejection",
                             rulesText(ruleDecisions_[*index]))});
        continue;
      }
      if (report_.decisions[*index].action == Action::Approve) continue;  // approved already
      record.accepted.push_back(id);
      Acceptance acceptance;
      acceptance.source = AcceptanceSource::Baseline;
      acceptance.file = file.file;
      accept(*index, std::move(acceptance));
    }
    report_.baseline = std::move(record);
  }

  Report& report_;
  const AcceptanceOptions& options_;
  const Decisions ruleDecisions_;  // what the rules decided, before any acceptance
};

}  // namespace

void applyAcceptances(Report& report, const AcceptanceOptions& options) {
  Applier(report, options).run();
}

}  // namespace c2a
