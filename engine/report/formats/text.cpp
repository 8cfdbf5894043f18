// The human report: the aggregation tree as headings, each component's changes under it
// (replacements and rejections first), old and new values on lines of their own, cause chains,
// then the counts and the verdict.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "engine/report/escape.h"
#include "engine/report/formats/formats.h"
#include "engine/report/line_diff.h"
#include "engine/report/report_text.h"
#include "model/change_title.h"
#include "model/utf8.h"

namespace c2a::formats {
namespace {

struct Style {
  bool on = false;
  [[nodiscard]] std::string paint(std::string_view code, const std::string& text) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : text;
  }
  [[nodiscard]] std::string red(const std::string& t) const { return paint("1;31", t); }
  [[nodiscard]] std::string yellow(const std::string& t) const { return paint("33", t); }
  [[nodiscard]] std::string green(const std::string& t) const { return paint("32", t); }
  [[nodiscard]] std::string bold(const std::string& t) const { return paint("1", t); }
  [[nodiscard]] std::string dim(const std::string& t) const { return paint("2", t); }
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

// Characters a terminal shows: our colour codes left out (template text has none: terminalSafe).
std::size_t visibleLength(std::string_view text) {
  std::size_t length = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\x1b') {
      auto end = text.find('m', i);
      i = end == std::string_view::npos ? text.size() : end + 1;
      continue;
    }
    int n = utf8SequenceLength(text, i);
    i += static_cast<std::size_t>(n < 0 ? -n : n);
    ++length;
  }
  return length;
}

class TextRenderer {
 public:
  TextRenderer(const Report& report, const RenderOptions& options)
      : report_(report), options_(options), style_{options.color} {}

  std::string render() {
    header();
    for (const auto& table : report_.security) securityTable(table);
    if (options_.summaryOnly) {
      stackLines();
      footer();
      return out_;
    }
    auto shown = shownChanges(report_, options_.only);
    std::size_t hidden = static_cast<std::size_t>(std::count(shown.begin(), shown.end(), false));
    auto tree = options_.only.empty()
                    ? AggregationTree{}
                    : aggregate(report_.diff, report_.decisions, report_.aggregations.levels,
                                &shown, report_.causes.get());
    const auto& roots = options_.only.empty() ? report_.aggregations.roots : tree.roots;
    for (const auto& root : roots) node(root, 0);
    if (hidden > 0) {
      out_ += style_.dim(fmt::format("({} change{} not shown: --only {})", hidden,
                                     hidden == 1 ? "" : "s", joinOnly()));
      out_ += "\n\n";
    }
    for (const auto& warning : report_.warnings) {
      auto where = warning.where.str();
      prose("",
            "warning: " + terminalSafe(where.empty() ? "" : where + ": ") +
                terminalSafe(warning.message),
            &Style::yellow);
    }
    if (!report_.warnings.empty()) out_ += "\n";
    if (report_.stacks.size() > 1) stackLines();
    footer();
    return out_;
  }

 private:
  std::string joinOnly() const {
    std::string out;
    for (const auto& word : options_.only) out += (out.empty() ? "" : ",") + word;
    return out;
  }

  void header() {
    std::string before, after;
    for (const auto& source : report_.metadata.sources) {
      if (source.role == "before") before = source.path;
      if (source.role == "after") after = source.path;
    }
    if (!before.empty() || !after.empty()) {
      auto line = fmt::format("c2a diff {} -> {}", terminalSafe(before), terminalSafe(after));
      // Long paths: one a line.
      if (utf8Length(line) > 160) {
        line = fmt::format("c2a diff {}\n  -> {}", terminalSafe(before), terminalSafe(after));
      }
      out_ += style_.bold(line) + "\n\n";
    }
  }

  // A security table in columns: each cell line cut into pieces of at most kCellWidth
  // characters (nothing left out), a row as tall as its tallest cell, + rows green, - rows red.
  void securityTable(const SecurityTable& table) {
    constexpr std::size_t kCellWidth = 60;
    std::vector<std::vector<SecurityCell>> rows;
    std::vector<std::size_t> widths(table.columns.size() + 1, 1);
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      widths[c + 1] = utf8Length(table.columns[c]);
    }
    for (const auto& row : table.rows) {
      std::vector<SecurityCell> cells{{row.added ? "+" : "-"}};
      for (const auto& cell : row.cells) {
        SecurityCell lines;
        for (const auto& line : cell) {
          for (auto& piece : cutAtBoundaries(terminalSafe(line), kCellWidth)) {
            lines.push_back(piece);
          }
        }
        cells.push_back(std::move(lines));
      }
      cells.resize(widths.size());
      for (std::size_t c = 0; c < cells.size(); ++c) {
        for (const auto& line : cells[c]) widths[c] = std::max(widths[c], utf8Length(line));
      }
      rows.push_back(std::move(cells));
    }
    std::string rule;
    for (std::size_t c = 0; c < widths.size(); ++c) {
      rule += (c == 0 ? "" : "-+-") + std::string(widths[c], '-');
    }
    auto line = [&](const std::vector<std::string>& texts) {
      std::string out;
      for (std::size_t c = 0; c < widths.size(); ++c) {
        std::string text = c < texts.size() ? texts[c] : "";
        out += (c == 0 ? "" : " | ") + text;
        if (c + 1 < widths.size()) out += std::string(widths[c] - utf8Length(text), ' ');
      }
      while (!out.empty() && out.back() == ' ') out.pop_back();
      return out;
    };
    out_ += style_.bold(std::string(table.title)) + "\n";
    std::vector<std::string> heading{""};
    for (auto column : table.columns) heading.emplace_back(column);
    out_ += line(heading) + "\n" + rule + "\n";
    // With a row of several lines, every row is ruled off: a one-line row above a taller one
    // would otherwise read as its first line.
    auto heightOf = [&](const std::vector<SecurityCell>& row) {
      std::size_t height = 1;
      for (const auto& cell : row) height = std::max(height, cell.size());
      return height;
    };
    bool ruled =
        std::any_of(rows.begin(), rows.end(), [&](const auto& row) { return heightOf(row) > 1; });
    for (std::size_t r = 0; r < rows.size(); ++r) {
      std::size_t height = heightOf(rows[r]);
      for (std::size_t k = 0; k < height; ++k) {
        std::vector<std::string> texts;
        for (const auto& cell : rows[r]) texts.push_back(k < cell.size() ? cell[k] : "");
        auto text = line(texts);
        out_ += (table.rows[r].added ? style_.green(text) : style_.red(text)) + "\n";
      }
      if (ruled && r + 1 < rows.size()) out_ += rule + "\n";
    }
    out_ += "\n";
  }

  std::string colourFor(const AggregationNode& node, const std::string& text) const {
    auto changes = changesUnder(node);
    bool rejected = false, review = false;
    for (auto i : changes) {
      rejected |= report_.decisions[i].action == Action::Reject;
      review |= report_.decisions[i].action == Action::None;
    }
    if (rejected) return style_.red(text);
    if (review) return style_.yellow(text);
    return style_.green(text);
  }

  void node(const AggregationNode& n, int depth) {
    std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    std::string bullet = depth == 0 ? "== " : "-- ";
    out_ += indent + colourFor(n, bullet + terminalSafe(n.description)) + "\n";
    for (const auto& child : n.children) node(child, depth + 1);
    rootNamed_ = n.rootCauseNamed;
    if (!n.changes.empty()) leaf(n.changes, depth + 1);
    if (depth == 0) out_ += "\n";
  }

  // The changes of a leaf, component by component; replaced components first.
  void leaf(const std::vector<std::size_t>& changes, int depth) {
    std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    for (const auto& block : componentBlocks(report_, changes)) {
      if (block.heads.empty()) {
        headline(report_.diff.operations[block.updates.front()], std::nullopt, indent);
      }
      for (auto index : block.heads) headline(report_.diff.operations[index], index, indent);
      for (auto index : block.updates) propertyChange(index, indent + "    ");
    }
  }

  // A headline and where it is written, on one line when it fits kProseWidth, else on two.
  void placed(const std::string& indent, const std::string& line, const std::string& tail,
              std::string_view separator = "  ") {
    if (tail.empty()) {
      out_ += indent + line + "\n";
    } else if (indent.size() + visibleLength(line) + separator.size() + visibleLength(tail) <=
               kProseWidth) {
      out_ += indent + line + std::string(separator) + tail + "\n";
    } else {
      out_ += indent + line + "\n" + indent + "      " + tail + "\n";
    }
  }

  // The decision on its line(s), in its colour.
  void decisionLines(std::size_t index, const std::string& indent) {
    auto [text, paint] = decision(index);
    if (!text.empty()) prose(indent, text, paint);
    // What a reviewer approves it by (`c2a approve --change ID`).
    if (report_.decisions[index].action == Action::None) {
      prose(indent, "change " + terminalSafe(report_.diff.operations[index].id), &Style::dim);
    }
  }

  using Paint = std::string (Style::*)(const std::string&) const;

  // Prose (decisions, causes, failures, warnings) over kProseWidth characters goes on over more
  // lines, each in `paint`; values are never cut or folded.
  void prose(const std::string& indent, const std::string& text, Paint paint = nullptr) {
    std::size_t width = kProseWidth > indent.size() + 40 ? kProseWidth - indent.size() : 40;
    bool first = true;
    for (const auto& line : wrapWords(text, width)) {
      out_ += (first ? indent : indent + "  ") + (paint ? (style_.*paint)(line) : line) + "\n";
      first = false;
    }
  }

  std::pair<std::string, Paint> decision(std::size_t index) const {
    const auto& d = report_.decisions[index];
    auto failure = failureReason(report_, index);
    if (!failure.empty()) {
      // Rejected by the failure, whatever the rules said: they are named, not blamed.
      std::string rules;
      for (std::size_t i = 0; i < d.rules.size(); ++i) {
        rules += (i == 0 ? "; rules: " : "; ") + terminalSafe(ruleWithId(d, i));
      }
      return {
          fmt::format("[REJECTED, {} risk: {}{}]", toString(d.risk), terminalSafe(failure), rules),
          &Style::red};
    }
    if (const auto* acceptance = acceptanceOf(report_, index)) {
      std::string rules;
      for (std::size_t i = 0; i < d.rules.size(); ++i) {
        rules += (i == 0 ? "; rules: " : "; ") + terminalSafe(ruleWithId(d, i));
      }
      return {fmt::format("[approved, {} risk] {}{}", toString(d.risk),
                          terminalSafe(acceptanceText(*acceptance)), rules),
              &Style::green};
    }
    if (!report_.rulesApplied) return {"", nullptr};
    std::string rules;
    for (std::size_t i = 0; i < d.rules.size(); ++i) {
      rules += (i == 0 ? ": " : "; ") + terminalSafe(ruleWithId(d, i));
    }
    switch (d.action) {
      case Action::Reject:
        return {fmt::format("[REJECTED, {} risk{}]", toString(d.risk), rules), &Style::red};
      case Action::Approve:
        return {fmt::format("[approved, {} risk{}]", toString(d.risk), rules), &Style::green};
      case Action::None: break;
    }
    if (d.rules.empty()) return {"[review: no rule decides it]", &Style::yellow};
    return {fmt::format("[review, {} risk{}]", toString(d.risk), rules), &Style::yellow};
  }

  void headline(const Operation& op, std::optional<std::size_t> index, const std::string& indent) {
    std::string what =
        op.subtype.empty() ? std::string(toString(op.componentType)) : terminalSafe(op.subtype);
    std::string name = terminalSafe(componentName(op));
    std::string line;
    switch (op.type) {
      case OperationType::Replace:
        line = fmt::format("{} {} {}  {}", marker(op), what, name,
                           style_.red(op.certainty == Certainty::Definite ? "WILL BE REPLACED"
                                                                          : "MAY BE REPLACED"));
        break;
      case OperationType::Rename:
        line = fmt::format("{} {} {}  {} from {} (new resource, old one deleted)", marker(op), what,
                           name, style_.red("RENAMED"), terminalSafe(op.oldName));
        break;
      case OperationType::Insert:
        line = fmt::format("{} {} {}  added", marker(op), what, name);
        break;
      case OperationType::Remove:
        line = fmt::format("{} {} {}  {}", marker(op), what, name, style_.red("REMOVED"));
        break;
      case OperationType::Update: line = fmt::format("[~] {} {}", what, name); break;
    }
    std::size_t any =
        index ? *index : static_cast<std::size_t>(&op - report_.diff.operations.data());
    std::string tail;  // where it is: the construct path, what a removal keeps, the location
    std::string where;
    auto construct = constructPathOf(report_, any);
    // A path the name does not already say (one that is not the stack's own construct's).
    if (!construct.empty() && op.label.empty()) {
      tail += style_.dim("(" + terminalSafe(construct) + ")");
    }
    if (index) {
      auto kept = retentionNote(report_, op);
      if (!kept.empty()) tail += (tail.empty() ? "(" : " (") + kept + ")";
      auto location = shortLocation(report_, *index);
      if (auto source = sourceLine(report_, *index); !source.empty()) {
        location = location.empty() ? source : source + "  " + location;
      }
      if (!location.empty()) {
        where = style_.dim(terminalSafe(location));
        tail += (tail.empty() ? "" : "  ") + where;
      }
    }
    if (!index) {
      // A resource whose properties change: where the app makes it, once for all of them.
      if (auto source = sourceLine(report_, any); !source.empty()) {
        where = style_.dim(terminalSafe(source));
        tail += (tail.empty() ? "" : "  ") + where;
      }
    }
    placed(indent, line, tail, tail.empty() || tail == where ? "  " : " ");
    if (!index) return;
    decisionLines(*index, indent + "      ");
    failures(*index, indent + "      ");
    if (op.cause) prose(indent + "      ", "because " + chainText(*index));
    body(*index, indent + "      ");
  }

  // The body of an added or removed component: on one line when short, else pretty-printed and
  // folded after kBodyLines lines (the JSON and HTML reports have it whole).
  void body(std::size_t index, const std::string& indent) {
    const Json* body = bodyOf(report_, index);
    if (body == nullptr || body->empty()) return;
    constexpr std::size_t kInlineBody = 100;
    constexpr std::size_t kBodyLines = 12;
    auto line = valueText(*body);
    if (utf8Length(line) <= kInlineBody) {
      out_ += indent + style_.dim("body: ") + terminalSafe(line) + "\n";
      return;
    }
    auto block = valueBlock(*body);
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start <= block.size();) {
      auto end = std::min(block.find('\n', start), block.size());
      lines.emplace_back(std::string_view(block).substr(start, end - start));
      start = end + 1;
    }
    out_ += indent + style_.dim(fmt::format("body ({} lines):", lines.size())) + "\n";
    // Folded only when it saves more than a couple of lines.
    std::size_t shown = lines.size() <= kBodyLines + 2 ? lines.size() : kBodyLines;
    for (std::size_t k = 0; k < shown; ++k) out_ += indent + "  " + terminalSafe(lines[k]) + "\n";
    if (shown < lines.size()) {
      out_ += indent + "  " +
              style_.dim(fmt::format("... {} more lines (the JSON and HTML reports have it whole)",
                                     lines.size() - shown)) +
              "\n";
    }
  }

  std::string chainText(std::size_t index) const {
    std::string out;
    for (const auto& part : shortCauseChain(report_, index, rootNamed_)) {
      out += (out.empty() ? "" : " <- ") + terminalSafe(part);
    }
    return out;
  }

  void propertyChange(std::size_t index, const std::string& indent) {
    const auto& op = report_.diff.operations[index];
    const auto& p = *op.property;
    std::string path = terminalSafe(toDotted(p.path));
    std::string line;
    switch (p.operation) {
      case PropertyOperationType::Insert: line = "+ " + path + " added"; break;
      case PropertyOperationType::Remove: line = "- " + path + " removed"; break;
      case PropertyOperationType::Move:
        line = fmt::format("> {} moved from {}", path, terminalSafe(toDotted(p.oldPath)));
        break;
      case PropertyOperationType::Update: line = "~ " + path; break;
    }
    if (p.updateType != UpdateType::Mutable) line += fmt::format("  ({})", toString(p.updateType));
    if (op.certainty == Certainty::Possible) line += "  (possible)";
    if (auto passive = passiveNote(report_, op); !passive.empty()) line += "  (" + passive + ")";
    auto where = shortLocation(report_, index);
    placed(indent, line, where.empty() ? "" : style_.dim(terminalSafe(where)));
    values(p, indent + "    ");
    decisionLines(index, indent + "    ");
    failures(index, indent + "    ");
    if (op.cause) prose(indent + "    ", "because " + chainText(index));
  }

  // "WILL FAIL (CODE): MESSAGE" under the decision, one line per foreseen failure.
  void failures(std::size_t index, const std::string& indent) {
    for (const auto& failure : failuresOf(report_, index)) {
      prose(indent, terminalSafe(failureLine(failure)), &Style::red);
    }
  }

  void values(const PropertyChange& p, const std::string& indent) {
    if (p.operation == PropertyOperationType::Move) return;
    if (p.oldValue && p.newValue && *p.oldValue == *p.newValue) {
      // A propagated update keeps its text; what changes is the value it resolves to.
      std::string resolved = "resolves to a new value";
      if (p.oldEvaluated || p.newEvaluated) {
        resolved += ": " + valueText(p.oldEvaluated ? p.oldEvaluated : p.oldValue) + " -> " +
                    valueText(p.newEvaluated ? p.newEvaluated : p.newValue);
      }
      out_ += indent + "= " + terminalSafe(valueText(p.newValue)) + "  (" + terminalSafe(resolved) +
              ")\n";
      return;
    }
    if (options_.contextLines >= 0 && p.oldValue && p.newValue &&
        (p.oldValue->is_structured() || p.newValue->is_structured())) {
      for (const auto& line :
           unifiedLines(valueBlock(p.oldValue), valueBlock(p.newValue), options_.contextLines)) {
        std::string safe = terminalSafe(line);
        out_ += indent +
                (line[0] == '-'   ? style_.red(safe)
                 : line[0] == '+' ? style_.green(safe)
                                  : safe) +
                "\n";
      }
      return;
    }
    // Whole values, each on its own line: never cut so that two values read alike.
    if (p.oldValue) {
      out_ +=
          indent + style_.red("old: " + terminalSafe(valueText(p.oldValue, p.oldEvaluated))) + "\n";
    }
    if (p.newValue) {
      out_ += indent + style_.green("new: " + terminalSafe(valueText(p.newValue, p.newEvaluated))) +
              "\n";
    }
  }

  void stackLines() {
    for (const auto& stack : report_.stacks) {
      const auto& s = stack.summary;
      out_ += fmt::format("{}: {} ({} change{}: {} rejected, {} review, {} approved)\n",
                          stack.name.empty() ? "template" : "stack " + terminalSafe(stack.name),
                          toString(s.verdict), s.changes, s.changes == 1 ? "" : "s", s.rejected,
                          s.review, s.approved);
    }
  }

  // The counts, the approvals and acceptances, the verdict and why, and the exit status when
  // --fail-on chose it: the last lines a pipeline log shows.
  void footer() {
    out_ += changeCountsLine(report_) + "\n";
    for (const auto& line : approvalLines(report_)) {
      prose("", "Approvals: " + terminalSafe(line));
    }
    auto accepted = acceptedLine(report_);
    if (!accepted.empty()) prose("", terminalSafe(accepted));
    for (const auto& line : changeSetLines(report_)) prose("", terminalSafe(line));
    auto failed = failuresSummaryLine(report_);
    if (!failed.empty()) out_ += style_.red(failed) + "\n";
    for (const auto& failure : report_.failures) {
      // The deployment's own failures (a parameter value refused) have no change to sit under.
      if (!failure.change) prose("", terminalSafe(failureLine(failure)), &Style::red);
    }
    auto line = verdictLine(report_.summary);
    switch (report_.summary.verdict) {
      case Verdict::Approved: out_ += style_.green(line); break;
      case Verdict::Rejected: out_ += style_.red(line); break;
      case Verdict::Review: out_ += style_.yellow(line); break;
    }
    out_ += "\n";
    prose("", terminalSafe(decidedByLine(report_)));
    auto gate = gateLine(report_);
    if (!gate.empty()) prose("", terminalSafe(gate));
  }

  const Report& report_;
  const RenderOptions& options_;
  Style style_;
  std::string out_;
  bool rootNamed_ = false;  // the heading over the changes being written names their root cause
};

}  // namespace

std::string renderText(const Report& report, const RenderOptions& options) {
  return TextRenderer(report, options).render();
}

}  // namespace c2a::formats
