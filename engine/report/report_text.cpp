#include "engine/report/report_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "model/cause_chain.h"
#include "model/change_title.h"
#include "model/failure.h"
#include "model/retention_policy.h"
#include "model/same_value.h"
#include "model/utf8.h"
#include "spec/resource_attributes.h"

namespace c2a {

std::string valueText(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string valueText(const std::optional<Json>& value) {
  return value ? valueText(*value) : "(absent)";
}

std::string valueText(const std::optional<Json>& written, const std::optional<Json>& evaluated) {
  const auto& shown = shownEvaluated(written, evaluated);
  if (!shown) return valueText(written);
  return valueText(written) + " = " + valueText(shown);
}

const std::optional<Json>& shownEvaluated(const std::optional<Json>& written,
                                          const std::optional<Json>& evaluated) {
  static const std::optional<Json> kNothing;
  if (!written || !evaluated) return evaluated;
  return equivalent(normalizeIntrinsics(*written), *evaluated) ? kNothing : evaluated;
}

std::string valueBlock(const Json& value) {
  return value.dump(2, ' ', false, Json::error_handler_t::replace);
}

std::string valueBlock(const std::optional<Json>& value) {
  return value ? valueBlock(*value) : "(absent)";
}

std::string actionWord(const Decision& decision) {
  switch (decision.action) {
    case Action::Reject: return "rejected";
    case Action::Approve: return "approved";
    case Action::None: break;
  }
  return "review";
}

std::vector<std::size_t> shownCauses(const Report& report, std::size_t index, std::size_t& hidden) {
  const CauseIndex& causes = *report.causes;
  auto length = causes.length(index);
  hidden = 0;
  if (length <= kShownCauses) return causes.chain(index);
  hidden = length - (kShownCauses - 1);
  auto shown = causes.chain(index, kShownCauses - 2);
  shown.push_back(causes.root(index));
  return shown;
}

std::vector<std::string> causeChain(const Report& report, std::size_t index) {
  const auto& operations = report.diff.operations;
  const CauseIndex& causes = *report.causes;
  std::size_t hidden = 0;
  auto chain = shownCauses(report, index, hidden);
  std::vector<std::string> out;
  for (std::size_t k = 0; k < chain.size(); ++k) {
    const auto& op = operations[chain[k]];
    out.push_back(changeTitle(op));
    if (k + 1 < chain.size() && op.cause) out.push_back(op.cause->reason);
    if (hidden > 0 && k + 2 == chain.size()) {
      out.push_back(fmt::format("({} more changes)", hidden));
    }
  }
  // A cause outside the diff still has a reason worth showing.
  const auto& last = operations[chain.back()];
  if (last.cause && !causes.find(last.cause->changeId)) out.push_back(last.cause->reason);
  return out;
}

std::string causeLine(const Report& report, std::size_t index) {
  auto chain = causeChain(report, index);
  std::string out;
  for (std::size_t k = 1; k < chain.size(); ++k) out += (k > 1 ? " <- " : "") + chain[k];
  return out;
}

std::vector<std::string> shortCauseChain(const Report& report, std::size_t index, bool rootNamed) {
  const auto& operations = report.diff.operations;
  const auto& op = operations[index];
  if (!op.cause) return {};
  std::vector<std::string> out{op.cause->reason};
  const CauseIndex& causes = *report.causes;
  auto hop = causes.find(op.cause->changeId);
  if (!hop) return out;  // a cause outside the diff: its reason is all there is
  const std::size_t root = causes.root(index);
  if (*hop == root && rootNamed) return out;
  out.push_back(changeTitle(operations[*hop]));
  if (*hop == root || rootNamed) return out;
  const auto& next = operations[*hop];
  out.emplace_back(causes.length(index) == 3 && next.cause ? next.cause->reason : "...");
  out.push_back(changeTitle(operations[root]));
  return out;
}

std::string constructPathOf(const Report& report, std::size_t index) {
  const auto& op = report.diff.operations[index];
  if (op.after) return report.after.component(*op.after).constructPath();
  if (op.before) return report.before.component(*op.before).constructPath();
  return "";
}

const Json* bodyOf(const Report& report, std::size_t index) {
  const auto& op = report.diff.operations[index];
  if (op.componentType == ComponentType::Stack || op.componentType == ComponentType::Construct) {
    return nullptr;
  }
  if (op.type == OperationType::Insert && op.after) {
    return &report.after.component(*op.after).properties;
  }
  if (op.type == OperationType::Remove && op.before) {
    return &report.before.component(*op.before).properties;
  }
  return nullptr;
}

std::vector<std::string> cutInPieces(std::string_view text, std::size_t width) {
  std::vector<std::string> pieces;
  std::size_t start = 0, count = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (count == width) {
      pieces.emplace_back(text.substr(start, i - start));
      start = i;
      count = 0;
    }
    int length = utf8SequenceLength(text, i);
    i += static_cast<std::size_t>(length < 0 ? -length : length);
    ++count;
  }
  pieces.emplace_back(text.substr(start));
  return pieces;
}

std::vector<std::string> cutAtBoundaries(std::string_view text, std::size_t width) {
  // Characters after which an ARN, a path or a list reads on: `arn:aws:s3:::bucket/` | `key`.
  auto boundary = [](char c) { return c == ':' || c == '/' || c == ',' || c == ' ' || c == '*'; };
  std::vector<std::string> pieces;
  while (utf8Length(text) > width) {
    // The byte offset of character `width`, and of the last boundary in the piece's second half.
    std::size_t end = 0;
    std::size_t cut = 0;
    for (std::size_t count = 0; count < width; ++count) {
      int length = utf8SequenceLength(text, end);
      end += static_cast<std::size_t>(length < 0 ? -length : length);
      if (count >= width / 2 && boundary(text[end - 1])) cut = end;
    }
    if (cut == 0) cut = end;
    pieces.emplace_back(text.substr(0, cut));
    text.remove_prefix(cut);
  }
  pieces.emplace_back(text);
  return pieces;
}

std::vector<std::string> wrapWords(std::string_view text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t length = 0;  // of `line`, in characters
  std::size_t i = 0;
  while (i < text.size()) {
    auto end = std::min(text.find(' ', i), text.size());
    std::string_view word = text.substr(i, end - i);
    std::size_t size = utf8Length(word);
    if (length > 0 && length + 1 + size > width) {
      lines.push_back(std::move(line));
      line.clear();
      length = 0;
    }
    if (length > 0) {
      line += ' ';
      line += word;
      length += 1 + size;
    } else {
      // At a line's start: a word longer than a line goes on in pieces, the last one open.
      auto pieces = cutInPieces(word, width);
      for (std::size_t k = 0; k + 1 < pieces.size(); ++k) lines.push_back(std::move(pieces[k]));
      line = std::move(pieces.back());
      length = utf8Length(line);
    }
    i = end + 1;
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
  return lines;
}

std::string shortLocation(const Report& report, std::size_t index) {
  const auto& where = report.locations[index];
  const auto& side = where.after ? where.after : where.before;
  if (!side || side->file.empty()) return "";
  return side->line > 0 ? fmt::format("{}:{}", side->file, side->line) : side->file;
}

std::string sourceLine(const Report& report, std::size_t index) {
  const auto& source = report.locations[index].source;
  if (!source) return "";
  return source->line > 0 ? fmt::format("{}:{}", source->file, source->line) : source->file;
}

std::string changeCountsLine(const Report& report) {
  std::size_t definite = 0, possible = 0, renames = 0, added = 0, removed = 0, updates = 0;
  for (const auto& op : report.diff.operations) {
    switch (op.type) {
      case OperationType::Replace:
        (op.certainty == Certainty::Definite ? definite : possible) += 1;
        break;
      case OperationType::Rename: ++renames; break;
      case OperationType::Insert: ++added; break;
      case OperationType::Remove: ++removed; break;
      case OperationType::Update: ++updates; break;
    }
  }
  auto n = report.diff.operations.size();
  if (n == 0) return "No changes.";
  std::vector<std::string> parts;
  auto add = [&](std::size_t count, const char* one, const char* many) {
    if (count > 0) parts.push_back(fmt::format("{} {}", count, count == 1 ? one : many));
  };
  add(definite, "definite replacement", "definite replacements");
  add(possible, "possible replacement", "possible replacements");
  add(renames, "rename (replacement under a new id)", "renames (replacements under new ids)");
  add(removed, "removal", "removals");
  add(added, "addition", "additions");
  add(updates, "property update", "property updates");
  std::string line = fmt::format("{} change{}: ", n, n == 1 ? "" : "s");
  for (std::size_t i = 0; i < parts.size(); ++i) line += (i > 0 ? ", " : "") + parts[i];
  return line + ".";
}

std::string verdictLine(const VerdictSummary& summary) {
  switch (summary.verdict) {
    case Verdict::Approved: return "Verdict: APPROVED";
    case Verdict::Rejected:
      // Zero with a failure of the deployment as a whole (a parameter value refused).
      if (summary.rejected == 0) return "Verdict: REJECTED (the deployment will fail)";
      return fmt::format("Verdict: REJECTED ({} change{} rejected)", summary.rejected,
                         summary.rejected == 1 ? "" : "s");
    case Verdict::Review: break;
  }
  std::string unseen = summary.notAnalysed == 0
                           ? ""
                           : fmt::format("{} part{} of the input not analysed", summary.notAnalysed,
                                         summary.notAnalysed == 1 ? "" : "s");
  if (summary.disagreements > 0) {
    unseen += fmt::format("{}{} disagreement{} with the change set", unseen.empty() ? "" : "; ",
                          summary.disagreements, summary.disagreements == 1 ? "" : "s");
  }
  if (summary.review == 0) return "Verdict: REVIEW (" + unseen + ")";
  return fmt::format("Verdict: REVIEW ({} change{} need{} a human{})", summary.review,
                     summary.review == 1 ? "" : "s", summary.review == 1 ? "s" : "",
                     unseen.empty() ? "" : "; " + unseen);
}

std::string verdictWord(Verdict verdict) {
  switch (verdict) {
    case Verdict::Approved: return "APPROVED";
    case Verdict::Rejected: return "REJECTED";
    case Verdict::Review: break;
  }
  return "REVIEW";
}

ReplacementCounts replacementCounts(const Report& report, const std::vector<std::size_t>& changes) {
  ReplacementCounts out;
  for (auto index : changes) {
    const auto& op = report.diff.operations[index];
    if (op.type == OperationType::Rename ||
        (op.type == OperationType::Replace && op.certainty == Certainty::Definite)) {
      ++out.definite;
    } else if (op.type == OperationType::Replace) {
      ++out.possible;
    }
  }
  return out;
}

std::string retentionNote(const Report& report, const Operation& op) {
  if (op.type != OperationType::Remove || !op.before ||
      op.componentType != ComponentType::Resource) {
    return "";
  }
  const auto& component = report.before.component(*op.before);
  auto policy = retentionPolicy(component.properties, component.subtype, false);
  if (policy.written.empty()) return "";
  if (policy.outcome == Retention::Retain) {
    return "DeletionPolicy Retain: the physical resource is kept";
  }
  if (policy.outcome == Retention::Snapshot) {
    return "DeletionPolicy Snapshot: a final snapshot is taken";
  }
  return "";
}

std::string passiveNote(const Report& report, const Operation& op) {
  if (op.componentType != ComponentType::Resource || !op.property ||
      op.property->path.size() != 1 || !isPassiveResourceAttribute(op.property->path[0])) {
    return "";
  }
  // A resource made anew in this deployment (renamed, replaced) is created with the attribute:
  // it applies now, not with a later update.
  std::string component = (op.stack.empty() ? "" : op.stack + "/") + "Resource:" + op.name;
  for (const char* made : {":RENAME", ":REPLACE"}) {
    if (report.causes && report.causes->find(component + made)) return "";
  }
  return "no change on its own: applies with the next update";
}

std::vector<ComponentBlock> componentBlocks(const Report& report,
                                            const std::vector<std::size_t>& changes) {
  std::vector<ComponentBlock> blocks;
  std::map<std::string, std::size_t> byKey;
  for (auto index : changes) {
    const auto& op = report.diff.operations[index];
    // The subtype keeps a type change's removal and insertion apart.
    std::string key =
        op.stack + "/" + std::string(toString(op.componentType)) + ":" + op.name + ":" + op.subtype;
    auto [it, added] = byKey.try_emplace(key, blocks.size());
    if (added) blocks.emplace_back();
    auto& block = blocks[it->second];
    (op.type == OperationType::Update ? block.updates : block.heads).push_back(index);
    block.replaced |= op.type == OperationType::Replace || op.type == OperationType::Rename;
  }
  std::stable_partition(blocks.begin(), blocks.end(),
                        [](const ComponentBlock& block) { return block.replaced; });
  return blocks;
}

std::vector<bool> shownChanges(const Report& report, const std::vector<std::string>& only) {
  std::vector<bool> shown(report.diff.operations.size(), true);
  if (only.empty()) return shown;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    auto word = actionWord(report.decisions[i]);
    shown[i] = std::find(only.begin(), only.end(), word) != only.end();
  }
  return shown;
}

std::string changeList(const Report& report, const std::vector<std::size_t>& changes,
                       std::size_t max) {
  std::string out;
  std::size_t shown = std::min(max, changes.size());
  for (std::size_t k = 0; k < shown; ++k) {
    if (k > 0) out += k + 1 == shown && shown == changes.size() ? " and " : ", ";
    out += changeTitle(report.diff.operations[changes[k]]);
  }
  if (shown < changes.size()) out += fmt::format(" and {} more", changes.size() - shown);
  return out;
}

std::string decidedByLine(const Report& report) {
  const auto& changes = report.decidedBy;
  const bool refused = std::any_of(report.failures.begin(), report.failures.end(),
                                   [](const Failure& failure) { return !failure.change; });
  if (report.summary.verdict == Verdict::Rejected && changes.empty() && refused) {
    return "Decided by a deployment failure foreseen: CloudFormation refuses the deployment "
           "before it acts.";
  }
  if (report.summary.verdict != Verdict::Approved && changes.empty() &&
      report.summary.notAnalysed == 0 && report.summary.disagreements > 0) {
    return "Decided by the change set: where it and c2a disagree, a human decides.";
  }
  if (report.summary.verdict != Verdict::Approved && changes.empty()) {
    return "Decided by what c2a could not analyse: see the warnings.";
  }
  switch (report.summary.verdict) {
    case Verdict::Rejected:
      return fmt::format("Decided by {} rejected change{}: {}.", changes.size(),
                         changes.size() == 1 ? "" : "s", changeList(report, changes));
    case Verdict::Review:
      return fmt::format("Decided by {} change{} waiting for review: {}.", changes.size(),
                         changes.size() == 1 ? "" : "s", changeList(report, changes));
    case Verdict::Approved: break;
  }
  if (report.diff.operations.empty()) return "No changes: nothing to decide.";
  std::size_t rules = 0, approvals = 0, inlined = 0, baseline = 0;
  for (std::size_t i = 0; i < report.diff.operations.size(); ++i) {
    const auto* acceptance = acceptanceOf(report, i);
    if (acceptance == nullptr) {
      ++rules;
    } else if (acceptance->source == AcceptanceSource::Approval) {
      ++approvals;
    } else if (acceptance->source == AcceptanceSource::Inline) {
      ++inlined;
    } else {
      ++baseline;
    }
  }
  std::vector<std::string> parts;
  if (rules > 0) parts.push_back(fmt::format("{} by the rules", rules));
  if (approvals > 0) {
    parts.push_back(fmt::format("{} by approval{}", approvals, approvals == 1 ? "" : "s"));
  }
  if (inlined > 0) parts.push_back(fmt::format("{} accepted in the template", inlined));
  if (baseline > 0) parts.push_back(fmt::format("{} accepted by the baseline", baseline));
  std::string out = "Every change is approved: ";
  for (std::size_t k = 0; k < parts.size(); ++k) out += (k > 0 ? ", " : "") + parts[k];
  return out + ".";
}

std::string gateLine(const Report& report) {
  if (!report.failOnGiven) return "";
  const auto& gate = report.gate;
  auto name = std::string(toString(gate.failOn));
  if (gate.fails && gate.changes.empty()) {
    std::vector<std::string> reasons;
    if (gate.notAnalysed > 0) {
      reasons.push_back(
          fmt::format("{} part{} of the input could not be analysed (see the "
                      "warnings)",
                      gate.notAnalysed, gate.notAnalysed == 1 ? "" : "s"));
    }
    if (gate.disagreements > 0) {
      reasons.push_back(fmt::format("the change set disagrees with c2a on {} resource{}",
                                    gate.disagreements, gate.disagreements == 1 ? "" : "s"));
    }
    std::string joined;
    for (const auto& reason : reasons) joined += (joined.empty() ? "" : "; ") + reason;
    return fmt::format("Exit status {}: --fail-on {} fails: {}.", gate.exitStatus, name, joined);
  }
  if (gate.fails) {
    return fmt::format("Exit status {}: --fail-on {} fails on {} change{}: {}.", gate.exitStatus,
                       name, gate.changes.size(), gate.changes.size() == 1 ? "" : "s",
                       changeList(report, gate.changes));
  }
  std::string why;
  switch (gate.failOn) {
    case FailOn::Rejected: why = "no change is rejected"; break;
    case FailOn::High: why = "no change is rejected or waits for review at high risk"; break;
    case FailOn::Unknown:
      why = "no change is rejected or waits for review at high or unknown risk";
      break;
    case FailOn::Review: why = "every change is approved"; break;
    case FailOn::Never: why = "it passes every verdict"; break;
  }
  return fmt::format("Exit status 0: --fail-on {} passes: {}.", name, why);
}

std::string acceptanceText(const Acceptance& acceptance) {
  std::string out;
  switch (acceptance.source) {
    case AcceptanceSource::Approval:
      out = "approved by " + acceptance.by + " (" + acceptance.file +
            (acceptance.at.empty() ? "" : ", " + acceptance.at) + ")";
      if (!acceptance.reason.empty()) out += ": " + acceptance.reason;
      break;
    case AcceptanceSource::Inline:
      out = "accepted in the template";
      if (acceptance.where) out += " (" + acceptance.where->str() + ")";
      out += ": " + acceptance.reason;
      break;
    case AcceptanceSource::Baseline:
      out = "accepted by the baseline (" + acceptance.file + ")";
      break;
  }
  if (acceptance.ruleAction == Action::Reject) out += ", overriding a rejection";
  return out;
}

std::vector<std::string> approvalLines(const Report& report) {
  std::vector<std::string> out;
  for (const auto& record : report.approvals) {
    std::string line = record.file + " by " + record.by;
    if (!record.at.empty()) line += " (" + record.at + ")";
    if (!record.applied) {
      line += ": not applied: " + record.whyNot;
    } else {
      line += fmt::format(": applied: {} change{} approved", record.approved.size(),
                          record.approved.size() == 1 ? "" : "s");
      if (record.signature == "verified") {
        line += ", signature verified";
      } else if (record.signature == "not checked") {
        line += ", signed (not checked: no key given)";
      } else {
        line += ", unsigned";
      }
    }
    for (const auto& refusal : record.changed) {
      line += "; not " + refusal.changeId + ": " + refusal.reason;
    }
    for (const auto& refusal : record.refused) {
      line += "; not " + refusal.changeId + ": " + refusal.reason;
    }
    if (!record.unknown.empty()) {
      line += fmt::format("; {} change{} not in this change set:", record.unknown.size(),
                          record.unknown.size() == 1 ? "" : "s");
      for (std::size_t k = 0; k < record.unknown.size(); ++k) {
        line += (k > 0 ? ", " : " ") + record.unknown[k];
      }
    }
    out.push_back(line);
  }
  return out;
}

std::string acceptedLine(const Report& report) {
  std::size_t inlined = 0, baseline = 0;
  for (std::size_t i = 0; i < report.diff.operations.size(); ++i) {
    const auto* acceptance = acceptanceOf(report, i);
    if (acceptance == nullptr) continue;
    if (acceptance->source == AcceptanceSource::Inline) ++inlined;
    if (acceptance->source == AcceptanceSource::Baseline) ++baseline;
  }
  auto changes = [](std::size_t n) { return fmt::format("{} change{}", n, n == 1 ? "" : "s"); };
  if (!report.baseline) {
    return inlined == 0 ? "" : "Accepted in the template: " + changes(inlined) + ".";
  }
  const auto& b = *report.baseline;
  std::string out = "Accepted: " + changes(inlined + baseline) + ": ";
  if (inlined > 0) out += fmt::format("{} in the template, ", inlined);
  out += fmt::format("{} by the baseline ({}: {} listed, {} not in this change set", baseline,
                     b.file, b.listed, b.unused);
  for (const auto& refusal : b.changed) {
    out += "; not " + refusal.changeId + ": " + refusal.reason;
  }
  for (const auto& refusal : b.refused) {
    out += "; not " + refusal.changeId + ": " + refusal.reason;
  }
  return out + ").";
}

const Acceptance* acceptanceOf(const Report& report, std::size_t index) {
  if (index >= report.acceptances.size() || !report.acceptances[index]) return nullptr;
  return &*report.acceptances[index];
}

namespace {

// Orders failures against change indexes both ways, for equal_range.
struct ByChange {
  bool operator()(const Failure& failure, std::size_t change) const {
    return failureOrder(failure) < change;
  }
  bool operator()(std::size_t change, const Failure& failure) const {
    return change < failureOrder(failure);
  }
};

}  // namespace

std::span<const Failure> failuresOf(const Report& report, std::size_t index) {
  auto [first, last] =
      std::equal_range(report.failures.begin(), report.failures.end(), index, ByChange{});
  return {first, last};
}

std::string failureLine(const Failure& failure) {
  return "WILL FAIL (" + failure.code + "): " + failure.message;
}

std::string failureReason(const Report& report, std::size_t index) {
  std::vector<std::string> codes;
  for (const auto& failure : failuresOf(report, index)) {
    // A change can fail twice for one reason (two names kept): each reason is said once.
    if (std::find(codes.begin(), codes.end(), failure.code) == codes.end()) {
      codes.push_back(failure.code);
    }
  }
  if (codes.empty()) return "";
  std::string out = "deployment fails (";
  for (std::size_t k = 0; k < codes.size(); ++k) out += (k > 0 ? ", " : "") + codes[k];
  return out + ")";
}

std::string failuresSummaryLine(const Report& report) {
  auto n = report.failures.size();
  if (n == 0) return "";
  return fmt::format(
      "{} deployment failure{} foreseen: CloudFormation will refuse this deployment.", n,
      n == 1 ? "" : "s");
}

std::vector<std::string> changeSetLines(const Report& report) {
  std::vector<std::string> lines;
  if (!report.changeSet) return lines;
  const auto& comparison = *report.changeSet;
  const std::string rootStack = comparison.parts.empty() ? "" : comparison.parts.front().stack;
  // A nested stack's resource is named with its stack.
  auto named = [&](const ChangeSetAnswer& resource) {
    return resource.stack == rootStack ? resource.logicalId
                                       : resource.stack + "/" + resource.logicalId;
  };
  std::string answers;
  std::size_t fromChangeSet = 0;
  for (const auto& resource : comparison.resources) {
    if (resource.source != "change-set") continue;
    ++fromChangeSet;
    auto word = resource.replacement == "True"    ? "replaced"
                : resource.replacement == "False" ? "not replaced"
                                                  : "replaced or not at deployment";
    answers += fmt::format("{}{}: {}", answers.empty() ? "" : ", ", named(resource), word);
  }
  auto name = comparison.changeSetName.empty() ? comparison.file : comparison.changeSetName;
  auto stack = comparison.stackName.empty() ? "" : " for stack " + comparison.stackName;
  std::string nested;
  for (std::size_t i = 1; i < comparison.parts.size(); ++i) {
    nested += (nested.empty() ? "" : ", ") + comparison.parts[i].stack;
  }
  if (!nested.empty()) {
    nested = fmt::format(" with the change set{} of nested stack{} {}",
                         comparison.parts.size() > 2 ? "s" : "",
                         comparison.parts.size() > 2 ? "s" : "", nested);
  }
  auto n = comparison.disagreements();
  std::string line = fmt::format("Change set {}{}{}: {} resource{}, {} disagreement{} with c2a",
                                 name, stack, nested, comparison.resources.size(),
                                 comparison.resources.size() == 1 ? "" : "s", n, n == 1 ? "" : "s");
  if (fromChangeSet > 0) line += "; replacement answers from the change set: " + answers;
  lines.push_back(line + ".");
  std::size_t compared = 0, differ = 0;
  for (const auto& resource : comparison.resources) {
    for (const auto& value : resource.values) {
      compared += value.known ? 1 : 0;
      differ += value.agrees() ? 0 : 1;
    }
  }
  bool withValues = std::any_of(comparison.parts.begin(), comparison.parts.end(),
                                [](const ChangeSetPart& part) { return part.withValues; });
  if (withValues) {
    lines.push_back(
        fmt::format("Property values from the change set: {} compared with c2a's, {} differ{}.",
                    compared, differ, differ == 1 ? "s" : ""));
  }
  for (const auto& part : comparison.parts) {
    if (part.deploymentMode.empty()) continue;
    lines.push_back(fmt::format(
        "The change set{} is made with DeploymentMode {}{}.",
        part.stack == rootStack ? "" : " of nested stack " + part.stack, part.deploymentMode,
        part.deploymentMode == "REVERT_DRIFT"
            ? ": CloudFormation compared the template with the resources' actual state, and the "
              "deployment reverts their drift"
            : ""));
  }
  if (!comparison.nestedNotGiven.empty()) {
    std::string stacks;
    for (const auto& nestedStack : comparison.nestedNotGiven) {
      stacks += (stacks.empty() ? "" : ", ") + nestedStack;
    }
    lines.push_back("Not given: the change set of nested stack" +
                    std::string(comparison.nestedNotGiven.size() == 1 ? " " : "s ") + stacks +
                    " (describe it by the ChangeSetId its parent lists; until then c2a's "
                    "prediction stands alone there).");
  }
  for (const auto& resource : comparison.resources) {
    if (!resource.disagreement.empty()) {
      auto where = resource.stack == rootStack ? "" : " (stack " + resource.stack + ")";
      lines.push_back("Change set disagrees" + where + ": " + resource.disagreement + ".");
    }
  }
  return lines;
}

std::vector<std::size_t> changesUnder(const AggregationNode& node) {
  std::vector<std::size_t> out(node.changes.begin(), node.changes.end());
  for (const auto& child : node.children) {
    auto inner = changesUnder(child);
    out.insert(out.end(), inner.begin(), inner.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace c2a
