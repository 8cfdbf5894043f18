// The report as one self-contained page: the verdict, the counts, what it was made from, filters,
// the aggregation tree as nested <details>, every change in detail.
//
// Safe to open whatever the templates hold: template text only ever goes through htmlText /
// htmlBlock (escaped, controls and bidirectional overrides shown), in element content and quoted
// attributes, never inside <script> or <style>. A Content-Security-Policy allows nothing but the
// page's own style and script, by hash: no network, no other script, no plugin, no form target.
// The page works from file:// and without scripting (the filters are then hidden and every
// change is shown).
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "engine/report/escape.h"
#include "engine/report/formats/formats.h"
#include "engine/report/line_diff.h"
#include "engine/report/report_text.h"
#include "model/sha256.h"

namespace c2a::formats {
namespace {

constexpr std::string_view kStyle = R"css(
:root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#59636e;--line:#d1d9e0;--code:#f6f8fa;
--rejected:#b42318;--review:#8a5a00;--approved:#1a7f37;--focus:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#3d444d;
--code:#151b23;--rejected:#ff7b72;--review:#d29922;--approved:#3fb950;--focus:#4493f8}}
body{margin:0 auto;max-width:76rem;padding:1rem 1.5rem;font:15px/1.5 system-ui,sans-serif;
color:var(--fg);background:var(--bg)}
h1{font-size:1.5rem;margin:0}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.verdict{border-left:.4rem solid var(--review);padding:.3rem 1rem}
.verdict.rejected{border-color:var(--rejected)}.verdict.approved{border-color:var(--approved)}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:.2rem .6rem;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}
table.security td{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:break-word}
tr.added td:first-child{color:var(--approved)}tr.removed td:first-child{color:var(--rejected)}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--code);
overflow-wrap:anywhere}
pre{margin:.2rem 0;padding:.4rem .6rem;white-space:pre-wrap;max-height:24rem;overflow:auto}
fieldset{display:inline-block;border:1px solid var(--line);border-radius:6px;margin:0 .5rem .5rem 0}
label{margin-right:.75rem;white-space:nowrap}
details.group{border-left:.25rem solid var(--approved);margin:.5rem 0;padding-left:.75rem}
details.group.rejected{border-color:var(--rejected)}details.group.review{border-color:var(--review)}
summary{cursor:pointer;padding:.15rem 0;font-weight:600}
ol.changes{list-style:none;margin:.25rem 0;padding:0}
li.change{border:1px solid var(--line);border-radius:6px;margin:.5rem 0;padding:.5rem .75rem}
.title{margin:0}
.badge{display:inline-block;border:1px solid;border-radius:1rem;padding:0 .5rem;font-size:.8rem;
font-weight:600}
.badge.rejected{color:var(--rejected)}
.badge.review{color:var(--review)}.badge.approved,.badge.risk-low{color:var(--approved)}
.badge.risk-high{color:var(--rejected)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:.4rem 0}
dt{color:var(--muted)}dd{margin:0}ol.chain{margin:0;padding-left:1.25rem;list-style-type:"\2190  "}
.values{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:.5rem}
.diff .del{color:var(--rejected)}.diff .add{color:var(--approved)}figure{margin:0}figcaption{color:var(--muted);font-size:.85rem}.muted{color:var(--muted)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}[hidden]{display:none!important}
)css";

// The filters: a change row stays visible when, for every filter the page has, its value is one
// of the checked boxes; a group stays visible while it holds a visible change. It reads the
// values from the page (data-* attributes and checkbox values), so no template text is in here.
constexpr std::string_view kScript = R"js(
"use strict";
(function () {
  var form = document.getElementById("filters");
  if (form === null) return;  // --summary-only: no changes, no filters
  var status = document.getElementById("shown");
  var rows = document.querySelectorAll("[data-change]");
  var groups = document.querySelectorAll("[data-group]");
  var keys = ["action", "risk", "operation", "stack"].filter(function (key) {
    return form.querySelector("input[name=" + key + "]") !== null;
  });
  function update() {
    var checked = {};
    keys.forEach(function (key) { checked[key] = new Set(); });
    form.querySelectorAll("input[type=checkbox]").forEach(function (box) {
      if (box.checked) checked[box.name].add(box.value);
    });
    var shown = 0;
    rows.forEach(function (row) {
      var keep = keys.every(function (key) {
        return checked[key].has(row.getAttribute("data-" + key));
      });
      row.hidden = !keep;
      if (keep) shown += 1;
    });
    groups.forEach(function (group) {
      group.hidden = group.querySelector("[data-change]:not([hidden])") === null;
    });
    status.textContent = shown + " of " + rows.length + " changes shown";
  }
  form.addEventListener("change", update);
  form.addEventListener("reset", function () { setTimeout(update, 0); });
  form.hidden = false;
  update();
})();
)js";

// A CSP source for an inline element: 'sha256-' and the base64 of the SHA-256 of its text.
std::string cspHash(std::string_view text) {
  return "'sha256-" + sha256Base64(text) + "'";
}

// Only the page's own style and script run; nothing is fetched, framed, submitted or based
// elsewhere.
const std::string& contentSecurityPolicy() {
  static const std::string policy = fmt::format(
      "default-src 'none'; style-src {}; script-src {}; base-uri 'none'; form-action 'none'",
      cspHash(kStyle), cspHash(kScript));
  return policy;
}

// Template text for element content or a quoted attribute value.
std::string htmlText(std::string_view text) {
  return htmlEscape(terminalSafe(validUtf8(text)));
}

// Template text of several lines, for <pre>: each line made safe on its own.
std::string htmlBlock(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (true) {
    auto end = text.find('\n', start);
    out += htmlText(text.substr(start, end - start));
    if (end == std::string_view::npos) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

// The most serious action under a group: what its border colour says.
std::string worstAction(const Report& report, const std::vector<std::size_t>& changes) {
  bool review = false;
  for (auto index : changes) {
    if (report.decisions[index].action == Action::Reject) return "rejected";
    review |= report.decisions[index].action == Action::None;
  }
  return review ? "review" : "approved";
}

class HtmlRenderer {
 public:
  HtmlRenderer(const Report& report, const RenderOptions& options)
      : report_(report), options_(options), shown_(shownChanges(report, options.only)) {}

  std::string render() {
    head();
    out_ += "<body>\n<header class=\"verdict " + std::string(toString(report_.summary.verdict)) +
            "\">\n<h1>" + htmlText(verdictLine(report_.summary)) + "</h1>\n<p>" +
            htmlText(changeCountsLine(report_)) + "</p>\n<p>" + htmlText(decidedByLine(report_)) +
            "</p>\n";
    auto gate = gateLine(report_);
    if (!gate.empty()) out_ += "<p>" + htmlText(gate) + "</p>\n";
    auto failed = failuresSummaryLine(report_);
    if (!failed.empty()) out_ += "<p><strong>" + htmlText(failed) + "</strong></p>\n";
    out_ += "</header>\n<main>\n";
    failures();
    summaryTable();
    metadata();
    approvals();
    changeSet();
    securityTables();
    if (!options_.summaryOnly) {
      if (!report_.diff.operations.empty()) filters();
      tree();
    }
    warnings();
    out_ += "</main>\n<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
    return out_;
  }

 private:
  void head() {
    out_ += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out_ += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + contentSecurityPolicy() +
            "\">\n";
    out_ += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out_ += "<meta name=\"referrer\" content=\"no-referrer\">\n";
    out_ += "<title>c2a report: " + verdictWord(report_.summary.verdict) + "</title>\n";
    out_ += "<style>" + std::string(kStyle) + "</style>\n</head>\n";
  }

  // What CloudFormation will refuse, before the tables: no review makes such a deployment pass.
  void failures() {
    if (report_.failures.empty()) return;
    out_ += "<h2>Deployment will fail</h2>\n<ul>\n";
    for (const auto& failure : report_.failures) {
      out_ += "<li>" +
              (failure.change
                   ? "<code>" + htmlText(report_.diff.operations[*failure.change].id) + "</code>"
                   : std::string("the deployment")) +
              ": " + htmlText(failureLine(failure)) + "</li>\n";
    }
    out_ += "</ul>\n";
  }

  // Escaped cell text with a break opportunity after each `:`, `/` and `,`: a narrow column breaks
  // an ARN between its parts, never inside a name (the cell's CSS breaks a word only when it must).
  static std::string breakable(const std::string& escaped) {
    std::string out;
    out.reserve(escaped.size());
    for (char c : escaped) {
      out += c;
      if (c == ':' || c == '/' || c == ',') out += "<wbr>";
    }
    return out;
  }

  // What the changes grant and open: a table per kind, a row per statement, managed policy or
  // rule added (+) or removed (-), each cell line on a line of its own.
  void securityTables() {
    for (const auto& table : report_.security) {
      out_ += "<h2>" + std::string(table.title) + "</h2>\n<table class=\"security\" data-table=\"" +
              std::string(table.key) + "\">\n<thead><tr><th></th>";
      for (auto column : table.columns) out_ += "<th>" + std::string(column) + "</th>";
      out_ += "</tr></thead>\n<tbody>\n";
      for (const auto& row : table.rows) {
        out_ += row.added ? "<tr class=\"added\"><td>+</td>" : "<tr class=\"removed\"><td>-</td>";
        for (const auto& cell : row.cells) {
          std::string text;
          for (const auto& line : cell) {
            text += (text.empty() ? "" : "<br>") + breakable(htmlText(line));
          }
          out_ += "<td>" + text + "</td>";
        }
        out_ += "</tr>\n";
      }
      out_ += "</tbody>\n</table>\n";
    }
  }

  // ---- summary and metadata --------------------------------------------------------------------

  void summaryRow(const std::string& scope, const VerdictSummary& s,
                  const std::vector<std::size_t>& changes) {
    auto replacements = replacementCounts(report_, changes);
    out_ += fmt::format(
        "<tr><th scope=\"row\">{}</th><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>"
        "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>"
        "<td class=\"n\">{}</td></tr>\n",
        scope, verdictWord(s.verdict), s.changes, s.rejected, s.review, s.approved,
        replacements.definite, replacements.possible);
  }

  void summaryTable() {
    out_ +=
        "<h2>Summary</h2>\n<table>\n<thead><tr><th scope=\"col\"></th><th scope=\"col\">verdict"
        "</th><th scope=\"col\">changes</th><th scope=\"col\">rejected</th><th scope=\"col\">"
        "review</th><th scope=\"col\">approved</th><th scope=\"col\">definite replacements</th>"
        "<th scope=\"col\">possible replacements</th></tr></thead>\n<tbody>\n";
    std::vector<std::size_t> all(report_.diff.operations.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    summaryRow(report_.stacks.size() > 1 ? "all stacks" : "all changes", report_.summary, all);
    if (report_.stacks.size() > 1) {
      for (const auto& stack : report_.stacks) {
        summaryRow("stack <code>" + htmlText(stack.name) + "</code>", stack.summary, stack.changes);
      }
    }
    out_ += "</tbody>\n</table>\n";
  }

  void metadata() {
    const auto& m = report_.metadata;
    out_ += "<h2>Inputs</h2>\n<dl class=\"facts\">\n";
    out_ += "<dt>tool</dt><dd>" + htmlText(m.tool) + " " + htmlText(m.version) + "</dd>\n";
    for (const auto& source : m.sources) {
      out_ += "<dt>" + htmlText(source.role) + "</dt><dd><code>" + htmlText(source.path) +
              "</code> <span class=\"muted\">sha256 <code>" + htmlText(source.sha256) +
              "</code></span></dd>\n";
    }
    if (!m.presets.empty()) {
      std::string presets;
      for (const auto& preset : m.presets) {
        presets += (presets.empty() ? "" : ", ") + ("<code>" + htmlText(preset) + "</code>");
      }
      out_ += "<dt>presets</dt><dd>" + presets + "</dd>\n";
    }
    if (!report_.rulesApplied)
      out_ += "<dt>rules</dt><dd>none given: every change needs review</dd>\n";
    out_ += "<dt>change set</dt><dd><code>" + htmlText(report_.diff.fingerprint) + "</code></dd>\n";
    out_ += "</dl>\n";
  }

  // Which approvals files applied (and which did not, and why), and what was accepted.
  void approvals() {
    auto lines = approvalLines(report_);
    auto accepted = acceptedLine(report_);
    if (lines.empty() && accepted.empty()) return;
    out_ += "<h2>Approvals and acceptances</h2>\n";
    if (!lines.empty()) {
      out_ += "<ul>\n";
      for (const auto& line : lines) out_ += "<li>" + htmlText(line) + "</li>\n";
      out_ += "</ul>\n";
    }
    if (!accepted.empty()) out_ += "<p>" + htmlText(accepted) + "</p>\n";
  }

  // What CloudFormation's change set said, and where it and c2a disagree.
  void changeSet() {
    auto lines = changeSetLines(report_);
    if (lines.empty()) return;
    out_ += "<h2>Change set</h2>\n<ul>\n";
    for (const auto& line : lines) out_ += "<li>" + htmlText(line) + "</li>\n";
    out_ += "</ul>\n";
  }

  // ---- filters ---------------------------------------------------------------------------------

  // One fieldset of checkboxes, all checked, for the values the shown changes have.
  void fieldset(std::string_view key, std::string_view legend,
                const std::vector<std::string>& values) {
    std::string boxes;
    for (const auto& value : values) {
      boxes += fmt::format(
          "<label><input type=\"checkbox\" name=\"{}\" value=\"{}\" checked> {}</label>\n", key,
          htmlText(value), htmlText(value));
    }
    out_ += fmt::format("<fieldset><legend>{}</legend>\n{}</fieldset>\n", legend, boxes);
  }

  // The values of `key` the shown changes have, in `order`.
  std::vector<std::string> present(const std::vector<std::string>& order,
                                   std::string (HtmlRenderer::*of)(std::size_t) const) const {
    std::vector<std::string> out;
    for (const auto& value : order) {
      for (std::size_t i = 0; i < shown_.size(); ++i) {
        if (shown_[i] && (this->*of)(i) == value) {
          out.push_back(value);
          break;
        }
      }
    }
    return out;
  }

  std::string actionOf(std::size_t i) const { return actionWord(report_.decisions[i]); }
  std::string riskOf(std::size_t i) const {
    return std::string(toString(report_.decisions[i].risk));
  }
  std::string operationOf(std::size_t i) const {
    return std::string(toString(report_.diff.operations[i].type));
  }
  std::string stackOf(std::size_t i) const { return report_.diff.operations[i].stack; }

  // Hidden until the script shows them: without scripting they could not work.
  void filters() {
    out_ += "<form id=\"filters\" hidden aria-label=\"Filters\">\n<h2>Filters</h2>\n";
    fieldset("action", "Action",
             present({"rejected", "review", "approved"}, &HtmlRenderer::actionOf));
    fieldset("risk", "Risk", present({"high", "unknown", "low"}, &HtmlRenderer::riskOf));
    fieldset(
        "operation", "Operation",
        present({"REPLACE", "RENAME", "REMOVE", "INSERT", "UPDATE"}, &HtmlRenderer::operationOf));
    if (report_.stacks.size() > 1) {
      std::vector<std::string> names;
      for (const auto& stack : report_.stacks) names.push_back(stack.name);
      fieldset("stack", "Stack", present(names, &HtmlRenderer::stackOf));
    }
    out_ +=
        "<p><button type=\"reset\">Show all</button> <span id=\"shown\" role=\"status\">"
        "</span></p>\n</form>\n";
  }

  // ---- the tree --------------------------------------------------------------------------------

  void tree() {
    out_ += "<h2>Changes</h2>\n";
    std::size_t hidden = static_cast<std::size_t>(std::count(shown_.begin(), shown_.end(), false));
    if (hidden > 0) {
      std::string only;
      for (const auto& word : options_.only) only += (only.empty() ? "" : ",") + word;
      out_ += fmt::format("<p class=\"muted\">{} change{} not shown: <code>--only {}</code></p>\n",
                          hidden, hidden == 1 ? "" : "s", htmlText(only));
    }
    if (report_.diff.operations.empty()) out_ += "<p>No changes.</p>\n";
    if (!options_.only.empty()) {
      auto view = aggregate(report_.diff, report_.decisions, report_.aggregations.levels, &shown_,
                            report_.causes.get());
      for (const auto& root : view.roots) node(root, 0);
    } else {
      for (const auto& root : report_.aggregations.roots) node(root, 0);
    }
  }

  // A group: open when it holds changes that need a human; approved groups start folded.
  void node(const AggregationNode& n, int depth) {
    auto worst = worstAction(report_, changesUnder(n));
    bool open = depth > 0 || worst != "approved";
    out_ += fmt::format("<details class=\"group {}\" data-group{}>\n<summary>{}</summary>\n", worst,
                        open ? " open" : "", htmlText(n.description));
    for (const auto& child : n.children) node(child, depth + 1);
    if (!n.changes.empty()) {
      out_ += "<ol class=\"changes\">\n";
      for (auto index : n.changes) change(index);
      out_ += "</ol>\n";
    }
    out_ += "</details>\n";
  }

  // "AWS::S3::Bucket <code>Archive</code> will be replaced".
  std::string title(const Operation& op) const {
    std::string what = op.subtype.empty() ? std::string(toString(op.componentType)) : op.subtype;
    std::string out = htmlText(what) + " <code>" + htmlText(op.name) + "</code>";
    if (!op.label.empty() && op.label != op.name) {
      out = htmlText(what) + " <code>" + htmlText(op.label) + "</code> (<code>" +
            htmlText(op.name) + "</code>)";
    }
    switch (op.type) {
      case OperationType::Replace:
        return out +
               (op.certainty == Certainty::Definite ? " will be replaced" : " may be replaced");
      case OperationType::Rename:
        return out + " renamed from <code>" + htmlText(op.oldName) + "</code>";
      case OperationType::Insert: return out + " added";
      case OperationType::Remove: return out + " removed";
      case OperationType::Update: break;
    }
    const auto& p = *op.property;
    out += ": <code>" + htmlText(toDotted(p.path)) + "</code>";
    switch (p.operation) {
      case PropertyOperationType::Insert: return out + " added";
      case PropertyOperationType::Remove: return out + " removed";
      case PropertyOperationType::Move:
        return out + " moved from <code>" + htmlText(toDotted(p.oldPath)) + "</code>";
      case PropertyOperationType::Update: break;
    }
    return out + " changed";
  }

  // What the operation type alone does not say.
  std::vector<std::string> notes(const Operation& op) const {
    std::vector<std::string> out;
    if (op.type == OperationType::Rename)
      out.emplace_back("a new resource; the old one is deleted");
    auto kept = retentionNote(report_, op);
    if (!kept.empty()) out.push_back(kept);
    if (!op.property) return out;
    const auto& p = *op.property;
    if (p.updateType != UpdateType::Mutable)
      out.push_back(fmt::format("{} property", toString(p.updateType)));
    if (op.certainty == Certainty::Possible)
      out.emplace_back("possible: rests on a value known only at deploy time");
    if (auto passive = passiveNote(report_, op); !passive.empty()) out.push_back(passive);
    return out;
  }

  void change(std::size_t index) {
    const auto& op = report_.diff.operations[index];
    const auto& d = report_.decisions[index];
    auto action = actionWord(d);
    out_ += fmt::format(
        "<li class=\"change {}\" data-change data-action=\"{}\" data-risk=\"{}\" "
        "data-operation=\"{}\" data-stack=\"{}\">\n",
        action, action, toString(d.risk), toString(op.type), htmlText(op.stack));
    out_ += fmt::format(
        "<p class=\"title\"><span class=\"badge {}\">{}</span> <span class=\"badge risk-{}\">{} "
        "risk</span>{} <strong>{}</strong> {}{}</p>\n",
        action, action, toString(d.risk), toString(d.risk),
        failuresOf(report_, index).empty() ? ""
                                           : " <span class=\"badge rejected\">will fail</span>",
        toString(op.type),
        op.stack.empty() ? "" : "stack <code>" + htmlText(op.stack) + "</code>: ", title(op));
    facts(index);
    if (op.property) values(*op.property);
    body(index);
    out_ += "</li>\n";
  }

  // The body of an added or removed component, folded: open it to read what is added.
  void body(std::size_t index) {
    const Json* body = bodyOf(report_, index);
    if (body == nullptr || body->empty()) return;
    auto block = valueBlock(*body);
    auto lines = static_cast<std::size_t>(std::count(block.begin(), block.end(), '\n')) + 1;
    out_ +=
        fmt::format("<details class=\"body\"><summary>{} ({} line{})</summary><pre>",
                    report_.diff.operations[index].type == OperationType::Insert ? "body added"
                                                                                 : "body removed",
                    lines, lines == 1 ? "" : "s") +
        htmlBlock(block) + "</pre></details>\n";
  }

  void facts(std::size_t index) {
    const auto& op = report_.diff.operations[index];
    out_ += "<dl class=\"facts\">\n";
    auto where = shortLocation(report_, index);
    if (auto source = sourceLine(report_, index); !source.empty()) {
      out_ += "<dt>source</dt><dd><code>" + htmlText(source) + "</code></dd>\n";
    }
    if (!where.empty()) out_ += "<dt>location</dt><dd><code>" + htmlText(where) + "</code></dd>\n";
    auto construct = constructPathOf(report_, index);
    if (!construct.empty()) {
      out_ += "<dt>construct</dt><dd><code>" + htmlText(construct) + "</code></dd>\n";
    }
    for (const auto& note : notes(op)) out_ += "<dt>note</dt><dd>" + htmlText(note) + "</dd>\n";
    if (const auto* acceptance = acceptanceOf(report_, index)) {
      out_ += std::string("<dt>") +
              (acceptance->source == AcceptanceSource::Approval ? "approved" : "accepted") +
              "</dt><dd>" + htmlText(acceptanceText(*acceptance)) + "</dd>\n";
    }
    for (const auto& failure : failuresOf(report_, index)) {
      out_ += "<dt>failure</dt><dd><strong>" + htmlText(failureLine(failure)) + "</strong></dd>\n";
    }
    auto failure = failureReason(report_, index);
    if (!failure.empty()) {
      out_ += "<dt>rejected</dt><dd>" + htmlText(failure) + ", whatever the rules say</dd>\n";
    }
    out_ += "<dt>rules</dt><dd>" + rules(report_.decisions[index]) + "</dd>\n";
    // What a reviewer approves it by (`c2a approve --change ID`).
    out_ += "<dt>change</dt><dd><code>" + htmlText(report_.diff.operations[index].id) +
            "</code></dd>\n";
    if (op.cause) {
      auto chain = causeChain(report_, index);
      out_ += "<dt>because</dt><dd><ol class=\"chain\">";
      for (std::size_t k = 1; k < chain.size(); ++k) out_ += "<li>" + htmlText(chain[k]) + "</li>";
      out_ += "</ol></dd>\n";
    }
    out_ += "</dl>\n";
  }

  std::string rules(const Decision& d) const {
    if (!report_.rulesApplied) return "none given";
    if (d.rules.empty()) return "no rule decides it";
    std::string out;
    for (std::size_t i = 0; i < d.rules.size(); ++i) {
      out += (out.empty() ? "" : "; ") + htmlText(ruleWithId(d, i));
    }
    return out;
  }

  void values(const PropertyChange& p) {
    if (p.operation == PropertyOperationType::Move) return;
    out_ += "<div class=\"values\">\n";
    if (p.oldValue && p.newValue && *p.oldValue == *p.newValue) {
      // A propagated update keeps its text; what changes is the value it resolves to.
      value("unchanged text, resolves to a new value", *p.newValue);
    } else if (p.oldValue && p.newValue &&
               (p.oldValue->is_structured() || p.newValue->is_structured()) &&
               (options_.contextLines >= 0 || large(*p.oldValue) || large(*p.newValue))) {
      diff(*p.oldValue, *p.newValue);
    } else {
      if (p.oldValue) value("old", *p.oldValue);
      if (p.newValue) value("new", *p.newValue);
    }
    // What the written values deploy as, where evaluating them says more.
    if (const auto& old = shownEvaluated(p.oldValue, p.oldEvaluated)) value("old, evaluated", *old);
    if (const auto& now = shownEvaluated(p.newValue, p.newEvaluated)) value("new, evaluated", *now);
    out_ += "</div>\n";
  }

  // A structured value of more than kLargeValue lines pretty-printed: its change reads best as a
  // diff.
  static bool large(const Json& value) {
    constexpr std::ptrdiff_t kLargeValue = 12;
    if (!value.is_structured()) return false;
    auto block = valueBlock(value);
    return std::count(block.begin(), block.end(), '\n') >= kLargeValue;
  }

  // The pretty-printed values as a unified diff: with --context-lines, or by default (3 lines of
  // context) for large structured values, where two whole values hide the one line that changed.
  void diff(const Json& before, const Json& after) {
    constexpr int kDefaultContext = 3;
    int context = options_.contextLines >= 0 ? options_.contextLines : kDefaultContext;
    out_ += "<figure><figcaption>what changed</figcaption><pre class=\"diff\">";
    for (const auto& line : unifiedLines(valueBlock(before), valueBlock(after), context)) {
      char mark = line.empty() ? ' ' : line[0];
      const char* kind = mark == '-' ? "del" : mark == '+' ? "add" : "same";
      out_ += fmt::format("<span class=\"{}\">{}</span>\n", kind, htmlText(line));
    }
    out_ += "</pre></figure>\n";
  }

  // Pretty JSON; a string holding line breaks (a script, a policy written as text) as its lines,
  // which is how a reviewer reads it.
  void value(std::string_view label, const Json& v) {
    bool lines = v.is_string() && v.get_ref<const std::string&>().find('\n') != std::string::npos;
    std::string text = lines ? v.get<std::string>() : valueBlock(v);
    out_ += fmt::format("<figure><figcaption>{}{}</figcaption><pre>{}</pre></figure>\n", label,
                        lines ? " (text)" : "", htmlBlock(text));
  }

  void warnings() {
    if (report_.warnings.empty()) return;
    out_ += "<h2>Warnings</h2>\n<ul>\n";
    for (const auto& warning : report_.warnings) {
      auto where = warning.where.str();
      out_ += "<li>" + (where.empty() ? "" : "<code>" + htmlText(where) + "</code>: ") +
              htmlText(warning.message) + "</li>\n";
    }
    out_ += "</ul>\n";
  }

  const Report& report_;
  const RenderOptions& options_;
  std::vector<bool> shown_;
  std::string out_;
};

}  // namespace

std::string renderHtml(const Report& report, const RenderOptions& options) {
  return HtmlRenderer(report, options).render();
}

}  // namespace c2a::formats
