#include "engine/report/report_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "model/cause_chain.h"
#include "model/change_title.h"

namespace c2a {

std::string valueText(const std::optional<Json>& value) {
  if (!value) return "(absent)";
  return value->dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string valueBlock(const std::optional<Json>& value) {
  if (!value) return "(absent)";
  return value->dump(2, ' ', false, Json::error_handler_t::replace);
}

std::string actionWord(const Decision& decision) {
  switch (decision.action) {
    case Action::Reject: return "rejected";
    case Action::Approve: return "approved";
    case Action::None: break;
  }
  return "review";
}

std::vector<std::string> causeChain(const Report& report, std::size_t index) {
  const auto& operations = report.diff.operations;
  const CauseIndex& causes = *report.causes;
  auto chain = causes.chain(index);
  std::vector<std::string> out;
  for (std::size_t k = 0; k < chain.size(); ++k) {
    const auto& op = operations[chain[k]];
    out.push_back(changeTitle(op));
    if (k + 1 < chain.size() && op.cause) out.push_back(op.cause->reason);
  }
  // A cause outside the diff still has a reason worth showing.
  const auto& last = operations[chain.back()];
  if (last.cause && !causes.find(last.cause->changeId)) out.push_back(last.cause->reason);
  return out;
}

std::string constructPathOf(const Report& report, std::size_t index) {
  const auto& op = report.diff.operations[index];
  if (op.after) return report.after.component(*op.after).constructPath();
  if (op.before) return report.before.component(*op.before).constructPath();
  return "";
}

std::string shortLocation(const Report& report, std::size_t index) {
  const auto& where = report.locations[index];
  const auto& side = where.after ? where.after : where.before;
  if (!side || side->file.empty()) return "";
  return side->line > 0 ? fmt::format("{}:{}", side->file, side->line) : side->file;
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
      return fmt::format("Verdict: REJECTED ({} change{} rejected)", summary.rejected,
                         summary.rejected == 1 ? "" : "s");
    case Verdict::Review: break;
  }
  return fmt::format("Verdict: REVIEW ({} change{} need{} a human)", summary.review,
                     summary.review == 1 ? "" : "s", summary.review == 1 ? "s" : "");
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
  const auto& body = report.before.component(*op.before).properties;
  auto policy = body.find("DeletionPolicy");
  if (policy == body.end() || !policy->is_string()) return "";
  const auto& value = policy->get_ref<const std::string&>();
  if (value == "Retain" || value == "RetainExceptOnCreate") {
    return "DeletionPolicy Retain: the physical resource is kept";
  }
  if (value == "Snapshot") return "DeletionPolicy Snapshot: a final snapshot is taken";
  return "";
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
