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

  // Why entry `entry` cannot approve change `index`, or "" when it can. The author of a change
  // writes the AFTER template, so an entry counts only once it is deployed (the same entry is on
  // the BEFORE side of the resource: a human saw it added), and never for what the rules mark high
  // or reject, which only an approval by a person can lift (docs/approvals.md).
  [[nodiscard]] std::string refusal(std::size_t index, const InlineAccept& entry) const {
    const auto& rules = ruleDecisions_[index];
    if (rules.action == Action::Reject) {
      return fmt::format(
          "the rules reject it ({}); an acceptance in the template never lifts a "
          "rejection",
          rulesText(rules));
    }
    if (rules.risk == Risk::High) {
      return fmt::format(
          "the rules mark it high risk ({}); an acceptance in the template never "
          "lifts high risk: approve it with an approvals file (c2a approve)",
          rulesText(rules));
    }
    const auto& op = report_.diff.operations[index];
    const auto& component = report_.after.component(*op.after);
    if (auto unread = unreadable_.find({component.stack, component.name}); unread != unreadable_.end()) {
      return fmt::format(
          "c2a cannot read part of this resource ({}); an acceptance in the template never "
          "covers what c2a cannot read or rate",
          unread->second);
    }
    if (op.before) {
      auto [first, last] = deployed_.equal_range(*op.before);
      for (auto it = first; it != last; ++it) {
        if (sameEntry(it->second, entry)) return "";
      }
    }
    return "the acceptance is new in this change; it counts once it is deployed, after a person "
           "has reviewed the change that adds it";
  }

  // Whether change `index` is approved now (by this entry, or already).
  bool acceptInline(std::size_t index, const InlineAccept& entry) {
    const auto& op = report_.diff.operations[index];
    if (report_.decisions[index].action == Action::Approve) return true;
    if (auto why = refusal(index, entry); !why.empty()) {
      report_.warnings.push_back(
          {ErrorKind::InvalidInput, entry.where,
           fmt::format("the acceptance of {} is not applied: {}", changeTitle(op), why)});
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
    // The resources with a part c2a could not read (a policy written as text it cannot parse, a
    // SAM type it does not expand): what an acceptance there would cover was never judged.
    for (const auto& warning : report_.warnings) {
      if (warning.notAnalysed && warning.seenIfUnchanged) {
        unreadable_.try_emplace({warning.seenIfUnchanged->stack, warning.seenIfUnchanged->name},
                                warning.message);
      }
    }
    auto entries = readInlineAccepts(report_.after);
    for (auto& entry : readDeployedInlineAccepts(report_.before)) {
      deployed_.emplace(entry.component, std::move(entry));
    }
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
  }

  // ---- approvals files and the baseline: changes bound to their values -----------------------

  // The change `entry` names when it has the same values; otherwise it records why not in
  // `unknown` (no such id) or `changed` (another digest).
  std::optional<std::size_t> boundChange(const BoundChange& entry,
                                         std::vector<std::string>& unknown,
                                         std::vector<Refusal>& changed) const {
    auto index = report_.causes->find(entry.id);
    if (!index) {
      unknown.push_back(entry.id);
      return std::nullopt;
    }
    const auto& digest = report_.diff.digests.at(*index);
    if (digest != entry.digest) {
      changed.push_back({entry.id, fmt::format("its values are not those approved (approved {}, "
                                               "now {}): the change was edited since",
                                               entry.digest, digest)});
      return std::nullopt;
    }
    return index;
  }

  void approvals(const ApprovalsFile& file) {
    ApprovalRecord record;
    record.file = file.file;
    record.by = file.by;
    record.at = file.at;
    record.comment = file.comment;
    record.fingerprint = file.fingerprint;
    record.signature = file.signatureState;
    record.expires = file.expires;
    // Expired: it approves nothing, whatever its changes are; listed so the reviewer sees why.
    if (auto expires = parseRfc3339(file.expires); expires && *expires <= options_.now) {
      record.whyNot = fmt::format("it expired at {}: approve the changes again", file.expires);
      report_.approvals.push_back(std::move(record));
      return;
    }
    for (const auto& entry : file.changes) {
      auto index = boundChange(entry, record.unknown, record.changed);
      if (!index) continue;
      if (ruleDecisions_[*index].action == Action::Reject) {
        record.refused.push_back(
            {entry.id, fmt::format("rejected by the rules ({}): an approval cannot override a "
                                   "rejection, only a change of the rules can",
                                   rulesText(ruleDecisions_[*index]))});
        continue;
      }
      record.approved.push_back(entry.id);
      Acceptance acceptance;
      acceptance.source = AcceptanceSource::Approval;
      acceptance.reason = file.comment;
      acceptance.by = file.by;
      acceptance.at = file.at;
      acceptance.file = file.file;
      accept(*index, std::move(acceptance));
    }
    record.applied = !record.approved.empty();
    if (!record.applied) {
      record.whyNot =
          "none of the changes it approves is in this change set with the values "
          "approved";
    }
    report_.approvals.push_back(std::move(record));
  }

  void baseline(const BaselineFile& file) {
    BaselineRecord record;
    record.file = file.file;
    record.signature = file.signatureState;
    record.listed = file.changes.size();
    std::vector<std::string> unknown;
    for (const auto& entry : file.changes) {
      auto index = boundChange(entry, unknown, record.changed);
      if (!index) continue;
      if (ruleDecisions_[*index].action == Action::Reject) {
        record.refused.push_back(
            {entry.id, fmt::format("rejected by the rules ({}): a baseline cannot accept a "
                                   "rejection",
                                   rulesText(ruleDecisions_[*index]))});
        continue;
      }
      if (report_.decisions[*index].action == Action::Approve) continue;  // approved already
      record.accepted.push_back(entry.id);
      Acceptance acceptance;
      acceptance.source = AcceptanceSource::Baseline;
      acceptance.file = file.file;
      accept(*index, std::move(acceptance));
    }
    record.unused = unknown.size();
    report_.baseline = std::move(record);
  }

  Report& report_;
  const AcceptanceOptions& options_;
  const Decisions ruleDecisions_;  // what the rules decided, before any acceptance
  std::multimap<ComponentIndex, InlineAccept> deployed_;  // the BEFORE side's entries
  std::map<std::pair<std::string, std::string>, std::string> unreadable_;  // (stack, id) → why
};

}  // namespace

void applyAcceptances(Report& report, const AcceptanceOptions& options) {
  Applier(report, options).run();
}

}  // namespace c2a
