#include "engine/report/change_text.h"

#include <fmt/format.h>

#include "engine/report/escape.h"
#include "engine/report/report_text.h"

namespace c2a::formats {
namespace {

std::string safeValue(const Json& value, std::size_t maxValue) {
  auto text = valueText(value);
  if (text.size() <= maxValue) return terminalSafe(text);
  std::size_t cut = maxValue;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // whole chars
  return terminalSafe(text.substr(0, cut)) +
         fmt::format("… (cut at {} of {} bytes; the JSON report has the whole value)", cut,
                     text.size());
}

std::string safeValue(const std::optional<Json>& value, std::size_t maxValue) {
  return value ? safeValue(*value, maxValue) : "(absent)";
}

}  // namespace

std::string changeSentence(const Operation& op) {
  std::string who =
      terminalSafe(op.subtype.empty() ? std::string(toString(op.componentType)) : op.subtype) +
      " " + terminalSafe(op.name);
  if (!op.stack.empty()) who = "stack " + terminalSafe(op.stack) + ": " + who;
  switch (op.type) {
    case OperationType::Replace:
      return who +
             (op.certainty == Certainty::Definite ? " will be replaced." : " may be replaced.");
    case OperationType::Rename:
      return who + " is renamed from " + terminalSafe(op.oldName) +
             ": CloudFormation creates a new resource and deletes the old one.";
    case OperationType::Insert: return who + " is added.";
    case OperationType::Remove: return who + " is removed.";
    case OperationType::Update: break;
  }
  if (!op.property) return who + " is updated.";
  const auto& p = *op.property;
  std::string line = who + ": " + terminalSafe(toDotted(p.path));
  switch (p.operation) {
    case PropertyOperationType::Insert: line += " added"; break;
    case PropertyOperationType::Remove: line += " removed"; break;
    case PropertyOperationType::Move:
      line += " moved from " + terminalSafe(toDotted(p.oldPath));
      break;
    case PropertyOperationType::Update: line += " changed"; break;
  }
  if (p.updateType != UpdateType::Mutable) line += fmt::format(" ({})", toString(p.updateType));
  if (op.certainty == Certainty::Possible) line += " (possible)";
  return line + ".";
}

std::vector<std::string> valueLines(const Operation& op, std::size_t maxValue) {
  if (!op.property || op.property->operation == PropertyOperationType::Move) return {};
  const auto& p = *op.property;
  if (p.oldValue && p.newValue && *p.oldValue == *p.newValue) {
    // A propagated update keeps its text; what changes is the value it resolves to.
    std::string line = "value: " + safeValue(p.newValue, maxValue) + " (resolves to a new value)";
    if (p.oldEvaluated || p.newEvaluated) {
      line += ": " + safeValue(p.oldEvaluated ? p.oldEvaluated : p.oldValue, maxValue) + " -> " +
              safeValue(p.newEvaluated ? p.newEvaluated : p.newValue, maxValue);
    }
    return {line};
  }
  std::vector<std::string> lines;
  auto shown = [&](const std::optional<Json>& written, const std::optional<Json>& evaluated) {
    auto text = safeValue(written, maxValue);
    const auto& worth = shownEvaluated(written, evaluated);
    return worth ? text + " = " + safeValue(worth, maxValue) : text;
  };
  if (p.oldValue) lines.push_back("old: " + shown(p.oldValue, p.oldEvaluated));
  if (p.newValue) lines.push_back("new: " + shown(p.newValue, p.newEvaluated));
  return lines;
}

std::string becauseLine(const Report& report, std::size_t index) {
  auto line = causeLine(report, index);
  return line.empty() ? "" : "Because " + terminalSafe(line) + ".";
}

namespace {

std::string rulesText(const Decision& decision) {
  std::string rules;
  for (std::size_t i = 0; i < decision.rules.size(); ++i) {
    rules += (rules.empty() ? "" : "; ") + terminalSafe(ruleWithId(decision, i));
  }
  return rules;
}

}  // namespace

std::string decisionLine(const Decision& decision, const Acceptance* acceptance,
                         const std::string& failure) {
  if (!failure.empty()) {
    // No rule, approval or acceptance stands against a deployment CloudFormation will refuse.
    std::string head =
        fmt::format("Rejected, {} risk: {}.", toString(decision.risk), terminalSafe(failure));
    return decision.rules.empty() ? head : head + " Rules: " + rulesText(decision) + ".";
  }
  std::string head = decision.action == Action::Reject    ? "Rejected"
                     : decision.action == Action::Approve ? "Approved"
                                                          : "Needs review";
  head += fmt::format(", {} risk", toString(decision.risk));
  if (acceptance != nullptr) {
    head += ": " + terminalSafe(acceptanceText(*acceptance)) + ".";
    if (decision.rules.empty()) return head;
    return head + " Rules: " + rulesText(decision) + ".";
  }
  if (decision.rules.empty()) return head + ": no rule decides it.";
  return head + ": " + rulesText(decision) + ".";
}

std::string decisionLine(const Report& report, std::size_t index) {
  return decisionLine(report.decisions[index], acceptanceOf(report, index),
                      failureReason(report, index));
}

std::vector<std::string> failureLines(const Report& report, std::size_t index) {
  std::vector<std::string> lines;
  for (const auto& failure : failuresOf(report, index)) {
    lines.push_back(terminalSafe(failureLine(failure)));
  }
  return lines;
}

std::string changeDetails(const Report& report, std::size_t index, std::size_t maxValue) {
  std::string text = changeSentence(report.diff.operations[index]);
  for (const auto& line : valueLines(report.diff.operations[index], maxValue)) text += "\n" + line;
  // What an addition adds or a removal takes away: its body, as the other formats show it.
  if (const Json* body = bodyOf(report, index); body != nullptr && !body->empty()) {
    text += "\nbody: " + safeValue(*body, maxValue);
  }
  auto because = becauseLine(report, index);
  if (!because.empty()) text += "\n" + because;
  text += "\n" + decisionLine(report, index);
  for (const auto& line : failureLines(report, index)) text += "\n" + line;
  return text;
}

}  // namespace c2a::formats
