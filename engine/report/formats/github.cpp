// GitHub Actions workflow commands, printed to the job's log: GitHub turns each into an annotation
// on the pull request's files. A rejected change is an `::error`, a change waiting for review a
// `::warning`, each on the line of the template that makes it (the BEFORE template for a
// removal); a deployment CloudFormation will refuse is an `::error` too, a part of the input c2a
// could not analyse a `::warning`, a change a person approved (approvals file, acceptance,
// baseline) a `::notice` saying who and why, and the verdict closes as a `::notice` with what the
// approvals did. Changes the rules approve are no annotation. The job summary is the Markdown
// report: `--report markdown=$GITHUB_STEP_SUMMARY`.
//
// Template text reaches a command only through workflowCommandEscape: a logical id or a value can
// neither end the command nor start another one on a line of its own.
#include <fmt/format.h>

#include "engine/report/change_text.h"
#include "engine/report/escape.h"
#include "engine/report/formats/formats.h"
#include "engine/report/report_text.h"
#include "model/change_title.h"

namespace c2a::formats {
namespace {

std::string property(std::string_view name, std::string_view value) {
  return fmt::format("{}={}", name, workflowCommandEscape(value, true));
}

// `file=...,line=...,col=...,` for a known location, nothing otherwise.
std::string placed(const SourceLocation& where) {
  if (where.file.empty()) return "";
  std::string out = property("file", where.file) + ",";
  if (where.line > 0) out += fmt::format("line={},", where.line);
  if (where.column > 0) out += fmt::format("col={},", where.column);
  return out;
}

std::string command(std::string_view level, const std::string& properties, const std::string& title,
                    const std::string& message) {
  return fmt::format("::{} {}{}::{}\n", level, properties, property("title", title),
                     workflowCommandEscape(message));
}

}  // namespace

std::string renderGithub(const Report& report, const RenderOptions& options) {
  auto shown = shownChanges(report, options.only);
  std::string out;
  for (const auto& stack : report.stacks) {
    for (auto index : stack.changes) {
      const auto& decision = report.decisions[index];
      if (!shown[index]) continue;
      const auto& op = report.diff.operations[index];
      const auto& where = report.locations[index];
      // The app's own line when the assembly says which made it: a line the pull request shows.
      const auto& side = where.source                       ? where.source
                         : op.type == OperationType::Remove ? where.before
                                                            : where.after;
      if (decision.action == Action::Approve) {
        // Approved by a person (an approvals file, an acceptance, the baseline), not by the rules:
        // a notice says who and why where the change is.
        if (const auto* acceptance = acceptanceOf(report, index)) {
          out += command("notice", side ? placed(*side) : "", "c2a accepted: " + changeTitle(op),
                         acceptanceText(*acceptance) + "\nChange " + op.id);
        }
        continue;
      }
      bool rejected = decision.action == Action::Reject;
      std::string message = decisionLine(report, index);
      for (const auto& line : failureLines(report, index)) message += "\n" + line;
      auto cause = becauseLine(report, index);
      if (!cause.empty()) message += "\n" + cause;
      message += "\nChange " + op.id;
      out += command(rejected ? "error" : "warning", side ? placed(*side) : "",
                     fmt::format("c2a {}: {}", rejected ? "rejected" : "review", changeTitle(op)),
                     message);
    }
  }
  for (const auto& failure : report.failures) {
    if (failure.change) continue;
    out += command("error", placed(failure.where), "c2a: " + failure.title, failureLine(failure));
  }
  for (const auto& warning : report.warnings) {
    if (!warning.notAnalysed) continue;
    out += command("warning", placed(warning.where), "c2a: not analysed", warning.message);
  }
  // The verdict, and what approvals files, acceptances and the baseline did (or could not do).
  std::string summary = decidedByLine(report);
  auto gate = gateLine(report);
  if (!gate.empty()) summary += "\n" + gate;
  for (const auto& line : approvalLines(report)) summary += "\n" + line;
  auto accepted = acceptedLine(report);
  if (!accepted.empty()) summary += "\n" + accepted;
  out += command("notice", "", "c2a " + verdictLine(report.summary), summary);
  return out;
}

}  // namespace c2a::formats
