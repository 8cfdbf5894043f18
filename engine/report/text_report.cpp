#include "engine/report/text_report.h"

#include <fmt/format.h>

#include <map>
#include <vector>

#include "spec/resource_attributes.h"

namespace c2a {
namespace {

constexpr std::size_t kValueWidth = 72;

std::string shortValue(const std::optional<Json>& value) {
  if (!value) return "(absent)";
  // dump() escapes control characters inside strings; ensure_ascii keeps the output plain.
  std::string text = value->dump(-1, ' ', true, Json::error_handler_t::replace);
  if (text.size() > kValueWidth) text = text.substr(0, kValueWidth - 3) + "...";
  return text;
}

struct ComponentBlock {
  const Operation* head = nullptr;  // the component-level operation, if any
  std::vector<const Operation*> updates;
  bool replaced = false;
};

std::string marker(const Operation& op) {
  switch (op.type) {
    case OperationType::Insert: return "[+]";
    case OperationType::Remove: return "[-]";
    case OperationType::Replace:
    case OperationType::Rename: return "[-/+]";
    case OperationType::Update: return "[~]";
  }
  return "[~]";
}

// What a REMOVE leaves behind: DeletionPolicy Retain keeps the physical resource.
std::string retention(const Analysis& analysis, const Operation& op) {
  if (op.type != OperationType::Remove || !op.before ||
      op.componentType != ComponentType::Resource) {
    return "";
  }
  const auto& body = analysis.before.component(*op.before).properties;
  auto policy = body.find("DeletionPolicy");
  if (policy == body.end() || !policy->is_string()) return "";
  const auto& value = policy->get_ref<const std::string&>();
  if (value == "Retain" || value == "RetainExceptOnCreate") {
    return " (DeletionPolicy Retain: the physical resource is kept)";
  }
  if (value == "Snapshot") return " (DeletionPolicy Snapshot: a final snapshot is taken)";
  return "";
}

std::string headline(const Operation& op) {
  std::string what =
      op.subtype.empty() ? std::string(toString(op.componentType)) : terminalSafe(op.subtype);
  std::string name = terminalSafe(op.name);
  switch (op.type) {
    case OperationType::Replace:
      return fmt::format(
          "{} {} {}  {}", marker(op), what, name,
          op.certainty == Certainty::Definite ? "WILL BE REPLACED" : "MAY BE REPLACED");
    case OperationType::Rename:
      return fmt::format("{} {} {}  RENAMED from {} (new resource, old one deleted)", marker(op),
                         what, name, terminalSafe(op.oldName));
    case OperationType::Insert: return fmt::format("{} {} {}  added", marker(op), what, name);
    case OperationType::Remove: return fmt::format("{} {} {}  REMOVED", marker(op), what, name);
    case OperationType::Update: return fmt::format("[~] {} {}", what, name);
  }
  return name;
}

// What the rules decided, when rules ran: the action, the risk and the rules that decided.
std::string decision(const Operation& op, bool rulesApplied) {
  if (!rulesApplied) return "";
  std::string rules;
  for (std::size_t i = 0; i < op.rules.size(); ++i) {
    rules += (i == 0 ? ": " : "; ") + terminalSafe(op.rules[i]);
  }
  switch (op.action) {
    case Action::Reject: return fmt::format("  [REJECTED, {} risk{}]", toString(op.risk), rules);
    case Action::Approve: return fmt::format("  [approved, {} risk{}]", toString(op.risk), rules);
    case Action::None: break;
  }
  if (op.rules.empty()) return "  [review: no rule decides it]";
  return fmt::format("  [review, {} risk{}]", toString(op.risk), rules);
}

std::string propertyLine(const Operation& op) {
  const auto& p = *op.property;
  std::string path = terminalSafe(toDotted(p.path));
  std::string line;
  switch (p.operation) {
    case PropertyOperationType::Insert:
      line = fmt::format("+ {}: {}", path, shortValue(p.newValue));
      break;
    case PropertyOperationType::Remove:
      line = fmt::format("- {}: {}", path, shortValue(p.oldValue));
      break;
    case PropertyOperationType::Move:
      line = fmt::format("> {} moved from {}", path, terminalSafe(toDotted(p.oldPath)));
      break;
    case PropertyOperationType::Update:
      // A propagated update keeps its text; what changes is the value it resolves to.
      if (p.oldValue && p.newValue && *p.oldValue == *p.newValue) {
        line = fmt::format("~ {}: {} (resolves to a new value)", path, shortValue(p.newValue));
      } else {
        line = fmt::format("~ {}: {} -> {}", path, shortValue(p.oldValue), shortValue(p.newValue));
      }
      break;
  }
  if (p.updateType != UpdateType::Mutable) line += fmt::format("  ({})", toString(p.updateType));
  if (op.componentType == ComponentType::Resource && p.path.size() == 1 &&
      isPassiveResourceAttribute(p.path[0])) {
    line += "  (no change on its own: applies with the next update)";
  }
  if (op.propagated && op.cause) line += fmt::format("  <- {}", terminalSafe(op.cause->reason));
  return line;
}

}  // namespace

std::string terminalSafe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    auto next = [&](std::size_t k) {
      return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
    };
    if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else if (c == 0xC2 && next(1) >= 0x80 && next(1) <= 0x9F) {
      // C1 controls (U+0080..U+009F; U+009B starts an escape sequence on some terminals).
      out += fmt::format("\\u{:04x}", next(1));
      ++i;
    } else if (c == 0xE2 && ((next(1) == 0x80 && next(2) >= 0xAA && next(2) <= 0xAE) ||
                             (next(1) == 0x81 && next(2) >= 0xA6 && next(2) <= 0xA9))) {
      // Bidirectional overrides and isolates: they reorder what a reviewer reads.
      unsigned code = next(1) == 0x80 ? 0x2000u + (next(2) - 0x80u) : 0x2040u + (next(2) - 0x80u);
      out += fmt::format("\\u{:04x}", code);
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string renderText(const Analysis& analysis) {
  std::string out;
  const auto& operations = analysis.diff.operations;
  // stack → component key → block, keeping the report order of first appearance.
  std::map<std::string, std::vector<std::string>> order;
  std::map<std::string, std::map<std::string, ComponentBlock>> stacks;
  for (const auto& op : operations) {
    // The subtype keeps a type change's removal and insertion apart.
    std::string key = std::string(toString(op.componentType)) + ":" + op.name + ":" + op.subtype;
    auto& blocks = stacks[op.stack];
    if (blocks.count(key) == 0) order[op.stack].push_back(key);
    auto& block = blocks[key];
    if (op.type == OperationType::Update) {
      block.updates.push_back(&op);
    } else if (block.head == nullptr || op.type == OperationType::Replace ||
               op.type == OperationType::Rename) {
      block.head = &op;
    }
    if (op.type == OperationType::Replace || op.type == OperationType::Rename)
      block.replaced = true;
  }

  std::size_t replacements = 0;
  for (const auto& [stack, keys] : order) {
    out += fmt::format("Stack {}\n", stack.empty() ? "(template)" : terminalSafe(stack));
    // Replacements first: they are what loses data.
    for (int pass = 0; pass < 2; ++pass) {
      for (const auto& key : keys) {
        const auto& block = stacks[stack][key];
        if (block.replaced != (pass == 0)) continue;
        const Operation& head = block.head != nullptr ? *block.head : *block.updates.front();
        out += "  " + headline(head) + retention(analysis, head) +
               (block.head != nullptr ? decision(head, analysis.rulesApplied) : "") + "\n";
        if (block.replaced) {
          ++replacements;
          if (head.cause)
            out += fmt::format("        because {}\n", terminalSafe(head.cause->reason));
        } else if (head.cause && head.type != OperationType::Update) {
          out += fmt::format("        because {}\n", terminalSafe(head.cause->reason));
        }
        for (const auto* update : block.updates) {
          out += "      " + propertyLine(*update) + decision(*update, analysis.rulesApplied) + "\n";
        }
      }
    }
    out += "\n";
  }

  const auto& summary = analysis.summary;
  if (operations.empty()) {
    out += "No changes.\n";
  } else {
    out += fmt::format("{} change{}, {} component{} replaced.\n", summary.changes,
                       summary.changes == 1 ? "" : "s", replacements, replacements == 1 ? "" : "s");
  }
  switch (summary.verdict) {
    case Verdict::Approved: out += "Verdict: APPROVED\n"; break;
    case Verdict::Rejected:
      out += fmt::format("Verdict: REJECTED ({} change{} rejected)\n", summary.rejected,
                         summary.rejected == 1 ? "" : "s");
      break;
    case Verdict::Review:
      out += fmt::format("Verdict: REVIEW ({} change{} need{} a human)\n", summary.review,
                         summary.review == 1 ? "" : "s", summary.review == 1 ? "s" : "");
      break;
  }
  return out;
}

}  // namespace c2a
