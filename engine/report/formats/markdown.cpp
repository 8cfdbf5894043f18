// The pull-request comment: a hidden marker naming it (`<!-- c2a:report ID -->`, one ID per set of
// stacks), the verdict first, a summary table, then one collapsible <details>
// per top-level group holding every change with its decision, values, cause chain and location.
//
// GitHub and GitLab refuse comments longer than 65,536 characters: a larger report is cut
// between groups (components at the finest) and says how many changes it leaves out.
//
// Template text reaches the comment three ways only: markdownEscape for running text (it works
// in HTML blocks such as <summary> too), code spans and fenced blocks whose backtick fences are
// longer than any backtick run they hold. Controls and bidirectional overrides are shown, never
// applied, in all three.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/report/escape.h"
#include "engine/report/formats/formats.h"
#include "engine/report/line_diff.h"
#include "engine/report/report_text.h"
#include "model/sha256.h"

namespace c2a::formats {
namespace {

// The hosts' limit in characters, counted here in bytes: never fewer than characters (UTF-8 or
// UTF-16), so the comment fits however the host counts.
constexpr std::size_t kCommentLimit = 65536;
// Room kept for the truncation notice.
constexpr std::size_t kNoticeRoom = 1024;
// Longer values (and any value holding a line break) are shown as fenced blocks.
constexpr std::size_t kInlineValue = 80;
// Longer blocks are cut: the comment has room for many changes rather than one value.
constexpr std::size_t kMaxBlock = 3000;
// Beyond these, the HTML and JSON reports have the rest: a comment stays a comment.
constexpr std::size_t kMaxStackRows = 50;
constexpr std::size_t kMaxSecurityRows = 25;
constexpr std::size_t kMaxWarnings = 20;
constexpr std::size_t kMaxFailures = 20;

std::string safeLine(std::string_view text) {
  return terminalSafe(validUtf8(text));
}

std::size_t longestRun(std::string_view text, char c) {
  std::size_t longest = 0, run = 0;
  for (char k : text) {
    run = k == c ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

// A code span: its content is literal (no markup, mention or link), delimited by one backtick
// more than the longest run inside; padded when it starts or ends with a backtick or a space,
// which CommonMark would otherwise take as part of the delimiter or strip.
std::string code(std::string_view raw) {
  std::string text = safeLine(raw);
  std::string ticks(longestRun(text, '`') + 1, '`');
  bool pad = text.empty() || text.front() == '`' || text.back() == '`' || text.front() == ' ' ||
             text.back() == ' ';
  return pad ? ticks + " " + text + " " + ticks : ticks + text + ticks;
}

// A fenced block, each line indented by `indent` (it belongs to the list item above), each line
// made safe on its own so line breaks stay line breaks.
std::string fenced(std::string_view body, std::string_view info, const std::string& indent) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (true) {
    auto end = body.find('\n', start);
    lines.push_back(safeLine(body.substr(start, end - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  std::size_t run = 0;
  for (const auto& line : lines) run = std::max(run, longestRun(line, '`'));
  std::string fence(std::max<std::size_t>(3, run + 1), '`');
  std::string out = indent + fence + std::string(info) + "\n";
  for (const auto& line : lines) out += indent + line + "\n";
  return out + indent + fence + "\n";
}

// The start of `text`, at most `limit` bytes: up to its last line break, or inside a long line at
// a character boundary (never inside a UTF-8 sequence).
std::string_view cutAt(std::string_view text, std::size_t limit) {
  if (text.size() <= limit) return text;
  auto lineEnd = text.rfind('\n', limit);
  if (lineEnd != std::string_view::npos && lineEnd > limit / 2) return text.substr(0, lineEnd);
  std::size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

class MarkdownRenderer {
 public:
  MarkdownRenderer(const Report& report, const RenderOptions& options)
      : report_(report), options_(options), shown_(shownChanges(report, options.only)) {}

  std::string render() {
    std::string head = header();
    std::string tail = footer();
    if (options_.summaryOnly) return head + tail;
    std::size_t fixed = head.size() + tail.size() + kNoticeRoom;
    budget_ = fixed < kCommentLimit ? kCommentLimit - fixed : 0;
    std::string body = body_();
    if (omittedHeld_ > 0) {
      // The cut in the tree's order left out a change that waits for a person: written again
      // with those changes only, so what the gate holds is never what the comment drops.
      budget_ = fixed < kCommentLimit ? kCommentLimit - fixed : 0;
      omitted_ = omittedHeld_ = 0;
      truncated_ = false;
      heldOnly_ = true;
      body = body_();
    }
    return head + body + notice() + tail;
  }

 private:
  // ---- head and foot ---------------------------------------------------------------------------

  // A hidden first line that names the comment for the set of stacks it covers, the same on every
  // push: a CI step finds its earlier comment by it and updates it instead of adding another.
  std::string marker() const {
    std::set<std::string> stacks;
    for (const auto* model : {&report_.before, &report_.after}) {
      for (const auto& stack : model->stacks()) stacks.insert(stack.empty() ? "template" : stack);
    }
    std::string names;
    for (const auto& stack : stacks) names += stack + "\n";
    return "<!-- c2a:report " + sha256Hex(names).substr(0, 12) + " -->\n";
  }

  std::string header() const {
    std::string out = marker() + "## " + verdictLine(report_.summary) + "\n\n";
    out += paragraph(markdownEscape(decidedByLine(report_)));
    auto gate = gateLine(report_);
    if (!gate.empty()) out += "\n" + paragraph(markdownEscape(gate));
    out += "\n" + failures();
    std::string inputs;
    for (const auto& source : report_.metadata.sources) {
      inputs += fmt::format("{}{} {}", inputs.empty() ? "" : ", ", source.role, code(source.path));
    }
    if (!inputs.empty()) out += paragraph("c2a change analysis of " + inputs + ".") + "\n";
    out += summaryTable() + "\n" + changeCountsLine(report_) + "\n\n";
    return out + approvals() + securityTables();
  }

  // What the changes grant and open, before the changes: a row per statement, managed policy or
  // rule added (+) or removed (-), cell lines joined by <br>. A table of more than
  // kMaxSecurityRows rows is cut, the rest counted (the HTML and JSON reports have every row).
  std::string securityTables() const {
    std::string out;
    for (const auto& table : report_.security) {
      out += "### " + std::string(table.title) + "\n\n|  |";
      std::string rule = "| --- |";
      for (auto column : table.columns) {
        out += " " + std::string(column) + " |";
        rule += " --- |";
      }
      out += "\n" + rule + "\n";
      for (std::size_t r = 0; r < table.rows.size() && r < kMaxSecurityRows; ++r) {
        const auto& row = table.rows[r];
        out += row.added ? "| + |" : "| - |";
        for (const auto& cell : row.cells) {
          std::string text;
          for (const auto& line : cell) text += (text.empty() ? "" : "<br>") + markdownEscape(line);
          out += " " + text + " |";
        }
        out += "\n";
      }
      if (table.rows.size() > kMaxSecurityRows) {
        out += fmt::format("\n{} more: see the HTML or JSON report.\n",
                           plural(table.rows.size() - kMaxSecurityRows, "row", "rows"));
      }
      out += "\n";
    }
    return out;
  }

  // What CloudFormation will refuse, before any table: no review makes such a deployment pass.
  std::string failures() const {
    if (report_.failures.empty()) return "";
    // The count line holds no template text: written as it is, its leading digit stays a digit.
    std::string out = "### Deployment will fail\n\n" + failuresSummaryLine(report_) + "\n\n";
    for (std::size_t k = 0; k < report_.failures.size() && k < kMaxFailures; ++k) {
      const auto& failure = report_.failures[k];
      out += item(0, (failure.change ? code(report_.diff.operations[*failure.change].id)
                                     : std::string("the deployment")) +
                         ": " + markdownEscape(failureLine(failure)));
    }
    if (report_.failures.size() > kMaxFailures) {
      out += fmt::format("- and {} more: see the HTML or JSON report\n",
                         report_.failures.size() - kMaxFailures);
    }
    return out + "\n";
  }

  // Which approvals files applied (and which did not, and why), and what was accepted.
  std::string approvals() const {
    std::string out;
    auto lines = approvalLines(report_);
    if (!lines.empty()) {
      out += "**Approvals**\n\n";
      for (const auto& line : lines) out += "- " + markdownEscape(line) + "\n";
      out += "\n";
    }
    auto accepted = acceptedLine(report_);
    if (!accepted.empty()) out += markdownEscape(accepted) + "\n\n";
    auto changeSet = changeSetLines(report_);
    if (!changeSet.empty()) {
      out += "**Change set**\n\n";
      for (const auto& line : changeSet) out += "- " + markdownEscape(line) + "\n";
      out += "\n";
    }
    return out;
  }

  std::string tableRow(const std::string& scope, const VerdictSummary& s,
                       const std::vector<std::size_t>& changes) const {
    auto r = replacementCounts(report_, changes);
    return fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", scope, verdictWord(s.verdict),
                       s.changes, s.rejected, s.review, s.approved, r.definite, r.possible);
  }

  std::string summaryTable() const {
    std::string out =
        "| | verdict | changes | rejected | review | approved | definite replacements | possible "
        "replacements |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
    std::vector<std::size_t> all(report_.diff.operations.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    out += tableRow(report_.stacks.size() > 1 ? "**all stacks**" : "**all changes**",
                    report_.summary, all);
    if (report_.stacks.size() < 2) return out;
    for (std::size_t k = 0; k < report_.stacks.size() && k < kMaxStackRows; ++k) {
      const auto& stack = report_.stacks[k];
      // A table cell: markdownEscape writes `|` as a reference, which splits no cell.
      out += tableRow("stack " + markdownEscape(stack.name), stack.summary, stack.changes);
    }
    if (report_.stacks.size() > kMaxStackRows) {
      out += fmt::format("\n{} more: see the HTML or JSON report.\n",
                         plural(report_.stacks.size() - kMaxStackRows, "stack", "stacks"));
    }
    return out;
  }

  std::string footer() const {
    std::string out;
    std::size_t hidden = static_cast<std::size_t>(std::count(shown_.begin(), shown_.end(), false));
    if (hidden > 0 && !options_.summaryOnly) {
      std::string only;
      for (const auto& word : options_.only) only += (only.empty() ? "" : ",") + word;
      out += fmt::format("{} not shown: {}.\n\n", plural(hidden, "change", "changes"),
                         code("--only " + only));
    }
    out += warnings();
    out += fmt::format("<sub>{} {}, change set {}</sub>\n", report_.metadata.tool,
                       report_.metadata.version, code(report_.diff.fingerprint));
    return out;
  }

  std::string warnings() const {
    if (report_.warnings.empty()) return "";
    std::string out = "**Warnings**\n\n";
    for (std::size_t k = 0; k < report_.warnings.size() && k < kMaxWarnings; ++k) {
      const auto& warning = report_.warnings[k];
      auto where = warning.where.str();
      out += item(0, (where.empty() ? "" : code(where) + ": ") + markdownEscape(warning.message));
    }
    if (report_.warnings.size() > kMaxWarnings) {
      out += fmt::format("- and {} more\n", report_.warnings.size() - kMaxWarnings);
    }
    return out + "\n";
  }

  std::string notice() const {
    if (omitted_ == 0) return "";
    std::size_t approved = omitted_ - omittedHeld_;
    std::string left =
        omittedHeld_ == 0
            ? fmt::format("Left out: {} approved.", plural(approved, "change", "changes"))
            : fmt::format(
                  "Left out: {} approved and {} waiting for a person, which the JSON "
                  "report lists.",
                  plural(approved, "change", "changes"), omittedHeld_);
    if (heldOnly_) left = "Every change that waits for a person comes first. " + left;
    return paragraph(fmt::format("**Truncated:** {} of {} changes {} not shown: the whole report "
                                 "would be longer than "
                                 "the 65,536 characters a GitHub or GitLab comment may hold. {} "
                                 "The HTML report ({}) and "
                                 "the JSON report ({}) show every change.",
                                 omitted_, report_.diff.operations.size(),
                                 omitted_ == 1 ? "is" : "are", left, code("--report html=c2a.html"),
                                 code("--report json=c2a.json"))) +
           "\n";
  }

  std::string body_() { return report_.stacks.size() > 1 ? stackSections() : groups(viewTree({})); }

  [[nodiscard]] bool held(std::size_t index) const {
    return report_.decisions[index].action != Action::Approve;
  }

  [[nodiscard]] std::size_t heldCount(const std::vector<std::size_t>& changes) const {
    return static_cast<std::size_t>(
        std::count_if(changes.begin(), changes.end(), [&](std::size_t i) { return held(i); }));
  }

  // Counts `node`'s changes as left out, without ending the walk (held-only mode passes over
  // approved groups).
  void omit(const AggregationNode& node) {
    omitted_ += node.count;
    omittedHeld_ += heldCount(changesUnder(node));
  }

  // ---- groups ----------------------------------------------------------------------------------

  // The tree to show: the report's own, or regrouped for --only or for one stack's section.
  AggregationTree viewTree(const std::optional<std::string>& stack) const {
    auto levels = report_.aggregations.levels;
    if (stack) {
      // The section says which stack it is; a level made only of it would say it again.
      levels.erase(std::remove(levels.begin(), levels.end(), "stack"), levels.end());
      if (levels.empty()) levels.emplace_back("component");
    } else if (options_.only.empty()) {
      return report_.aggregations;
    }
    std::vector<bool> include = shown_;
    for (std::size_t i = 0; i < include.size(); ++i) {
      include[i] = include[i] && (!stack || report_.diff.operations[i].stack == *stack);
    }
    return aggregate(report_.diff, report_.decisions, levels, &include, report_.causes.get());
  }

  // One overall verdict above, then a section per stack with the stack's own verdict.
  std::string stackSections() {
    std::string out;
    for (const auto& stack : report_.stacks) {
      std::string heading =
          fmt::format("### Stack {}\n\n{}\n\n", code(stack.name), verdictLine(stack.summary));
      if (heading.size() > budget_) {
        skipAll(viewTree(stack.name).roots);
        continue;
      }
      budget_ -= heading.size();
      std::string inner = groups(viewTree(stack.name));
      if (inner.empty()) {
        budget_ += heading.size();  // nothing of it fitted: no empty section
        continue;
      }
      out += heading + inner;
    }
    return out;
  }

  std::string groups(const AggregationTree& tree) {
    std::string out;
    for (const auto& root : tree.roots) group(root, 0, out);
    return out;
  }

  void skipAll(const std::vector<AggregationNode>& nodes) {
    for (const auto& node : nodes) omit(node);
    truncated_ = true;
  }

  // Writes what fits of `node` into `out`: a <details> at the top, a bold list item below, then
  // its subgroups and changes, cut between components once the budget runs out (and everything
  // after the cut is left out too: the order is the reviewer's priority). A group none of whose
  // changes fitted is not written at all. Returns whether anything was written.
  bool group(const AggregationNode& node, int depth, std::string& out) {
    std::string open, close;
    if (depth == 0) {
      auto under = changesUnder(node);
      bool attention = heldCount(under) > 0;
      // Groups that need a human are open; approved ones are folded.
      open = fmt::format("<details{}>\n<summary>{}</summary>\n\n", attention ? " open" : "",
                         markdownEscape(node.description));
      close = "\n</details>\n\n";
    } else {
      open = indent(depth - 1) + "- **" + markdownEscape(node.description) + "**\n";
    }
    if (heldOnly_ && !truncated_ && heldCount(changesUnder(node)) == 0) {
      omit(node);
      return false;
    }
    if (truncated_ || open.size() + close.size() > budget_) {
      skipAll({node});
      return false;
    }
    budget_ -= open.size() + close.size();
    std::string inner;
    bool any = false;
    for (const auto& child : node.children) any |= group(child, depth + 1, inner);
    rootNamed_ = node.rootCauseNamed;
    if (!node.changes.empty()) any |= leaf(node.changes, depth, inner);
    if (!any) {
      budget_ += open.size() + close.size();
      return false;
    }
    out += open + inner + close;
    return true;
  }

  // ---- changes ---------------------------------------------------------------------------------

  // The changes of a leaf, component by component (replaced components first), each component
  // written whole or not at all.
  bool leaf(const std::vector<std::size_t>& changes, int depth, std::string& out) {
    bool any = false;
    for (const auto& block : componentBlocks(report_, changes)) {
      std::string text;
      if (block.heads.empty()) text += componentLine(block.updates.front(), depth);
      for (auto index : block.heads) text += headline(index, depth);
      for (auto index : block.updates) text += propertyChange(index, depth + 1);
      std::size_t count = block.heads.size() + block.updates.size();
      std::size_t waiting = heldCount(block.heads) + heldCount(block.updates);
      if (heldOnly_ && waiting == 0) {
        omitted_ += count;
        continue;
      }
      if (truncated_ || text.size() > budget_) {
        truncated_ = true;
        omitted_ += count;
        omittedHeld_ += waiting;
        continue;
      }
      budget_ -= text.size();
      out += text;
      any = true;
    }
    return any;
  }

  // A list item of prose: lines over kProseWidth characters go on, indented, on the next lines
  // (the same paragraph to Markdown), so the comment reads in a diff view too.
  static std::string item(int depth, const std::string& text) {
    std::string out;
    std::size_t room = static_cast<std::size_t>(depth) * 2 + 2;
    for (const auto& line : wrapWords(text, kProseWidth - room)) {
      out += indent(depth) + (out.empty() ? "- " : "  ") + line + "\n";
    }
    return out;
  }

  // Running text in lines of at most kProseWidth characters (one paragraph to Markdown).
  static std::string paragraph(const std::string& text) {
    std::string out;
    for (const auto& line : wrapWords(text, kProseWidth)) out += line + "\n";
    return out;
  }

  static std::string indent(int depth) {
    return std::string(static_cast<std::size_t>(depth) * 2, ' ');
  }

  // "AWS::S3::Bucket `Archive`" (with its construct path, when it has one).
  std::string component(std::size_t index) const {
    const auto& op = report_.diff.operations[index];
    std::string what =
        op.subtype.empty() ? std::string(toString(op.componentType)) : markdownEscape(op.subtype);
    if (!op.label.empty() && op.label != op.name) {
      return what + " " + code(op.label) + " (" + code(op.name) + ")";
    }
    std::string out = what + " " + code(op.name);
    auto construct = constructPathOf(report_, index);
    if (!construct.empty()) out += " (construct " + code(construct) + ")";
    return out;
  }

  std::string where(std::size_t index) const {
    auto location = shortLocation(report_, index);
    auto source = sourceLine(report_, index);
    if (!source.empty()) {
      return " at " + code(source) + (location.empty() ? "" : " (" + code(location) + ")");
    }
    return location.empty() ? "" : " at " + code(location);
  }

  // The component whose property changes follow, when no component operation heads them.
  std::string componentLine(std::size_t index, int depth) const {
    return item(depth, component(index));
  }

  std::string headline(std::size_t index, int depth) const {
    const auto& op = report_.diff.operations[index];
    std::string what;
    switch (op.type) {
      case OperationType::Replace:
        what = op.certainty == Certainty::Definite ? "**will be replaced**" : "**may be replaced**";
        break;
      case OperationType::Rename:
        what = "**renamed** from " + code(op.oldName) + " (new resource, old one deleted)";
        break;
      case OperationType::Insert: what = "added"; break;
      case OperationType::Remove: {
        auto kept = retentionNote(report_, op);
        what = "**removed**" + (kept.empty() ? "" : " (" + kept + ")");
        break;
      }
      case OperationType::Update: what = "updated"; break;
    }
    return item(depth, component(index) + " " + what + where(index)) + details(index, depth + 1) +
           body(index, depth + 1);
  }

  // The body of an added or removed component: inline when short, else folded in a <details>
  // (its block cut at kMaxBlock bytes: the HTML and JSON reports have it whole).
  std::string body(std::size_t index, int depth) const {
    const Json* body = bodyOf(report_, index);
    if (body == nullptr || body->empty()) return "";
    auto line = valueText(*body);
    if (line.size() <= kInlineValue) return indent(depth) + "- body: " + code(line) + "\n";
    auto block = valueBlock(*body);
    auto lines = static_cast<std::size_t>(std::count(block.begin(), block.end(), '\n')) + 1;
    std::string inner = indent(depth + 1);
    return indent(depth) + "- body:\n\n" + inner +
           fmt::format("<details><summary>{} lines</summary>\n\n", lines) +
           this->block(block, "json", depth + 1) + "\n" + inner + "</details>\n\n";
  }

  std::string propertyChange(std::size_t index, int depth) const {
    const auto& op = report_.diff.operations[index];
    const auto& p = *op.property;
    std::string line = code(toDotted(p.path));
    switch (p.operation) {
      case PropertyOperationType::Insert: line += " added"; break;
      case PropertyOperationType::Remove: line += " removed"; break;
      case PropertyOperationType::Move: line += " moved from " + code(toDotted(p.oldPath)); break;
      case PropertyOperationType::Update: line += " changed"; break;
    }
    if (p.updateType != UpdateType::Mutable) line += fmt::format(" ({})", toString(p.updateType));
    if (op.certainty == Certainty::Possible) line += " (possible)";
    if (auto passive = passiveNote(report_, op); !passive.empty()) line += " (" + passive + ")";
    return item(depth, line + where(index)) + values(p, depth + 1) + details(index, depth + 1);
  }

  // The decision and the cause chain, as sub-items of the change.
  std::string details(std::size_t index, int depth) const {
    std::string out = item(depth, decision(index));
    // What a reviewer approves it by (`c2a approve --change ID`).
    if (report_.decisions[index].action == Action::None) {
      out += item(depth, "change " + code(report_.diff.operations[index].id));
    }
    for (const auto& failure : failuresOf(report_, index)) {
      out += item(depth, "**" + markdownEscape(failureLine(failure)) + "**");
    }
    if (report_.diff.operations[index].cause) {
      std::string because;
      for (const auto& part : shortCauseChain(report_, index, rootNamed_)) {
        because += (because.empty() ? "" : " ← ") + markdownEscape(part);
      }
      out += item(depth, "because " + because);
    }
    return out;
  }

  std::string decision(std::size_t index) const {
    const auto& d = report_.decisions[index];
    auto failure = failureReason(report_, index);
    if (!failure.empty()) {
      // Rejected by the failure, whatever the rules said: they are named, not blamed.
      std::string out =
          fmt::format("**rejected**, {} risk: {}", toString(d.risk), markdownEscape(failure));
      for (std::size_t k = 0; k < d.rules.size(); ++k) {
        out += (k == 0 ? "; rules: " : "; ") + markdownEscape(ruleWithId(d, k));
      }
      return out;
    }
    if (const auto* acceptance = acceptanceOf(report_, index)) {
      std::string out = fmt::format("**approved**, {} risk: {}", toString(d.risk),
                                    markdownEscape(acceptanceText(*acceptance)));
      for (std::size_t k = 0; k < d.rules.size(); ++k) {
        out += (k == 0 ? "; rules: " : "; ") + markdownEscape(ruleWithId(d, k));
      }
      return out;
    }
    if (!report_.rulesApplied) return "**review**: no rules were given";
    if (d.action == Action::None && d.rules.empty()) return "**review**: no rule decides it";
    std::string out = fmt::format("**{}**, {} risk", actionWord(d), toString(d.risk));
    for (std::size_t k = 0; k < d.rules.size(); ++k) {
      out += (k == 0 ? ": " : "; ") + markdownEscape(ruleWithId(d, k));
    }
    return out;
  }

  std::string values(const PropertyChange& p, int depth) const {
    if (p.operation == PropertyOperationType::Move) return "";
    if (p.oldValue && p.newValue && *p.oldValue == *p.newValue) {
      // A propagated update keeps its text; what changes is the value it resolves to.
      return value("unchanged text, resolves to a new value", p.newValue, depth) +
             evaluated(p, depth);
    }
    if (options_.contextLines >= 0 && p.oldValue && p.newValue &&
        (p.oldValue->is_structured() || p.newValue->is_structured())) {
      std::string diff;
      for (const auto& line :
           unifiedLines(valueBlock(p.oldValue), valueBlock(p.newValue), options_.contextLines)) {
        diff += (diff.empty() ? "" : "\n") + line;
      }
      return indent(depth) + "- what changed:\n" + block(diff, "diff", depth + 1);
    }
    std::string out;
    if (p.oldValue) out += value("old", p.oldValue, depth);
    if (p.newValue) out += value("new", p.newValue, depth);
    return out + evaluated(p, depth);
  }

  // What the written values deploy as, where evaluating them says more (template_evaluation.h).
  std::string evaluated(const PropertyChange& p, int depth) const {
    std::string out;
    if (const auto& old = shownEvaluated(p.oldValue, p.oldEvaluated)) {
      out += value("old, evaluated", old, depth);
    }
    if (const auto& now = shownEvaluated(p.newValue, p.newEvaluated)) {
      out += value("new, evaluated", now, depth);
    }
    return out;
  }

  // Short values inline; long ones pretty-printed in a block; a string holding line breaks
  // (a script, a policy written as text) as its lines, which is how a reviewer reads it.
  std::string value(std::string_view label, const std::optional<Json>& v, int depth) const {
    std::string head = indent(depth) + "- " + std::string(label) + ":";
    if (v && v->is_string() && v->get_ref<const std::string&>().find('\n') != std::string::npos) {
      return head + " (text)\n" + block(v->get_ref<const std::string&>(), "text", depth + 1);
    }
    auto line = valueText(v);
    if (line.size() <= kInlineValue) return head + " " + code(line) + "\n";
    return head + "\n" + block(valueBlock(v), "json", depth + 1);
  }

  // A fenced block of at most kMaxBlock bytes: a bigger value (an inline dashboard, a script) is
  // cut and says so, so that one value cannot take the whole comment.
  static std::string block(std::string_view body, std::string_view info, int depth) {
    if (body.size() <= kMaxBlock) return fenced(body, info, indent(depth));
    std::string_view shown = cutAt(body, kMaxBlock);
    return fenced(shown, info, indent(depth)) +
           fmt::format("{}(cut after {} of {} bytes: the HTML and JSON reports show it whole)\n",
                       indent(depth), shown.size(), body.size());
  }

  const Report& report_;
  const RenderOptions& options_;
  std::vector<bool> shown_;
  std::size_t budget_ = 0;
  bool rootNamed_ = false;   // the heading over the changes being written names their root cause
  std::size_t omitted_ = 0;  // changes left out for the size limit
  std::size_t omittedHeld_ = 0;  // of them, those that wait for a person (or are rejected)
  bool truncated_ = false;
  bool heldOnly_ = false;  // the second pass: only what waits for a person is written
};

}  // namespace

std::string renderMarkdown(const Report& report, const RenderOptions& options) {
  return MarkdownRenderer(report, options).render();
}

}  // namespace c2a::formats
