// JUnit XML, the test report GitLab (artifacts:reports:junit), Jenkins (junit step) and the
// GitHub test-report actions read: one test suite per stack, one test case per change. A rejected
// change is a failure; a change waiting for review is a failure too when the gate (--fail-on)
// fails on it, else skipped (RenderOptions::reviewFails); an approved change passes and says which
// rules, approval or acceptance approved it. Each suite's properties give the verdict and why.
// Test services show failures by name, so the case names are change titles.
//
// Everything that comes from a template or a rule file goes through xmlEscape (text and
// attributes alike), which also replaces invalid UTF-8: the document is well-formed XML 1.0
// whatever the templates hold.
#include <fmt/format.h>

#include "engine/report/change_text.h"
#include "engine/report/escape.h"
#include "engine/report/formats/formats.h"
#include "engine/report/report_text.h"
#include "model/change_title.h"

namespace c2a::formats {
namespace {

enum class Outcome { Passed, Failed, Skipped };

struct Counts {
  std::size_t tests = 0, failures = 0, skipped = 0;

  void add(Outcome outcome) {
    ++tests;
    failures += outcome == Outcome::Failed ? 1 : 0;
    skipped += outcome == Outcome::Skipped ? 1 : 0;
  }
  [[nodiscard]] std::string attributes() const {
    return fmt::format(R"(tests="{}" failures="{}" skipped="{}" errors="0")", tests, failures,
                       skipped);
  }
};

// A lone template is one stack named "": its suite (and class names) say "template".
std::string stackLabel(const std::string& stack) {
  return stack.empty() ? "template" : stack;
}

class JunitRenderer {
 public:
  JunitRenderer(const Report& report, const RenderOptions& options)
      : report_(report), options_(options), shown_(shownChanges(report, options.only)) {}

  std::string render() {
    std::string suites;
    Counts total;
    for (const auto& stack : report_.stacks) suites += suite(stack, total);
    auto refused = deploymentFailures(total);
    auto disputed = changeSetDisagreements(total);
    if (report_.stacks.empty() && refused.empty() && disputed.empty()) suites += noChanges(total);
    suites += refused + disputed;
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"c2a\" " +
           total.attributes() + ">\n" + suites + "</testsuites>\n";
  }

 private:
  [[nodiscard]] Outcome outcomeOf(std::size_t index) const {
    switch (report_.decisions[index].action) {
      case Action::Reject: return Outcome::Failed;
      case Action::Approve: return Outcome::Passed;
      case Action::None: break;
    }
    // Waiting for review: a failure when it holds the pipeline (--fail-on), else skipped.
    return options_.reviewFails && failsGate(report_.decisions[index], report_.gate.failOn)
               ? Outcome::Failed
               : Outcome::Skipped;
  }

  // The verdict and why, the gate, the approvals and acceptances: test views show a suite's
  // properties beside its cases.
  [[nodiscard]] std::string properties() const {
    std::vector<std::pair<std::string, std::string>> entries{
        {"c2a.verdict", std::string(toString(report_.summary.verdict))},
        {"c2a.decidedBy", decidedByLine(report_)},
        {"c2a.fingerprint", report_.diff.fingerprint}};
    auto failed = failuresSummaryLine(report_);
    if (!failed.empty()) entries.emplace_back("c2a.failures", failed);
    for (const auto& failure : report_.failures) {
      if (!failure.change) entries.emplace_back("c2a.failure", failureLine(failure));
    }
    auto gate = gateLine(report_);
    if (!gate.empty()) entries.emplace_back("c2a.gate", gate);
    for (const auto& line : approvalLines(report_)) entries.emplace_back("c2a.approvals", line);
    auto accepted = acceptedLine(report_);
    if (!accepted.empty()) entries.emplace_back("c2a.accepted", accepted);
    std::string out = "    <properties>\n";
    for (const auto& [name, value] : entries) {
      out += fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", name,
                         xmlEscape(terminalSafe(value)));
    }
    return out + "    </properties>\n";
  }

  std::string suite(const StackSummary& stack, Counts& total) {
    Counts counts;
    std::string cases;
    for (auto index : stack.changes) {
      if (!shown_[index]) continue;
      counts.add(outcomeOf(index));
      total.add(outcomeOf(index));
      cases += testcase(index);
    }
    return fmt::format("  <testsuite name=\"{}\" {}>\n{}{}  </testsuite>\n",
                       xmlEscape(terminalSafe(stackLabel(stack.name))), counts.attributes(),
                       properties(), cases);
  }

  // Without a change there is still one passing case: test-report steps (Jenkins' junit, some
  // GitHub actions) fail on a report without any test by default.
  [[nodiscard]] std::string noChanges(Counts& total) const {
    total.add(Outcome::Passed);
    return "  <testsuite name=\"template\" tests=\"1\" failures=\"0\" skipped=\"0\" "
           "errors=\"0\">\n" +
           properties() +
           "    <testcase classname=\"template\" name=\"No changes\">\n"
           "      <system-out>No changes: nothing to review.</system-out>\n"
           "    </testcase>\n"
           "  </testsuite>\n";
  }

  // The deployment's own failures (a parameter value CloudFormation refuses, no change of its
  // own): a failing case each, in a suite of their own.
  std::string deploymentFailures(Counts& total) const {
    Counts counts;
    std::string cases;
    for (const auto& failure : report_.failures) {
      if (failure.change) continue;
      counts.add(Outcome::Failed);
      total.add(Outcome::Failed);
      std::string file = failure.where.file.empty()
                             ? ""
                             : " file=\"" + xmlEscape(terminalSafe(failure.where.file)) + "\"";
      cases += fmt::format(
          "    <testcase classname=\"deployment\" name=\"{}\"{}>\n"
          "      <failure message=\"{}\" type=\"rejected\">{}</failure>\n    </testcase>\n",
          xmlEscape(terminalSafe(failure.title)), file,
          xmlEscape(terminalSafe(failureLine(failure))),
          xmlText(terminalSafe(failure.message)) +
              (failure.where.file.empty()
                   ? std::string()
                   : "\n" + xmlText("Given at " + terminalSafe(failure.where.str()))));
    }
    if (cases.empty()) return "";
    return fmt::format("  <testsuite name=\"deployment\" {}>\n{}{}  </testsuite>\n",
                       counts.attributes(), properties(), cases);
  }

  // Where a change set given (--change-set) contradicts c2a: a case each, failing where the gate
  // fails on them (they hold the verdict for review), else skipped.
  std::string changeSetDisagreements(Counts& total) const {
    if (!report_.changeSet) return "";
    Counts counts;
    std::string cases;
    const bool fails = options_.reviewFails && report_.gate.disagreements > 0;
    for (const auto& resource : report_.changeSet->resources) {
      if (resource.disagreement.empty()) continue;
      auto outcome = fails ? Outcome::Failed : Outcome::Skipped;
      counts.add(outcome);
      total.add(outcome);
      std::string file = resource.where.file.empty()
                             ? ""
                             : " file=\"" + xmlEscape(terminalSafe(resource.where.file)) + "\"";
      auto text = xmlEscape(terminalSafe("Change set disagrees: " + resource.disagreement));
      cases += fmt::format(
          "    <testcase classname=\"change-set\" name=\"{}\"{}>\n      {}\n    </testcase>\n",
          xmlEscape(terminalSafe(resource.logicalId)), file,
          fails ? "<failure message=\"" + text + "\" type=\"review\">" + text + "</failure>"
                : "<skipped message=\"" + text + "\"/>");
    }
    if (cases.empty()) return "";
    return fmt::format("  <testsuite name=\"change set\" {}>\n{}{}  </testsuite>\n",
                       counts.attributes(), properties(), cases);
  }

  // classname "<stack>.<type>": test UIs group by the part before the last dot, so the changes
  // of a stack sit together, by resource type.
  std::string testcase(std::size_t index) const {
    const auto& op = report_.diff.operations[index];
    std::string type = op.subtype.empty() ? std::string(toString(op.componentType)) : op.subtype;
    std::string open = fmt::format("    <testcase classname=\"{}\" name=\"{}\"{}>\n",
                                   xmlEscape(terminalSafe(stackLabel(op.stack) + "." + type)),
                                   xmlEscape(terminalSafe(changeTitle(op))), fileAttribute(index));
    const auto& decision = report_.decisions[index];
    // A change that will fail says why after its decision: that, not a rule, is why it is rejected.
    std::string message = decisionLine(report_, index);
    for (const auto& line : failureLines(report_, index)) message += " " + line;
    message = xmlEscape(message);
    std::string details = xmlText(changeDetails(report_, index) + locationLine(index));
    switch (outcomeOf(index)) {
      case Outcome::Passed:
        return open + "      <system-out>" + details + "</system-out>\n    </testcase>\n";
      case Outcome::Failed:
        return open +
               fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", message,
                           decision.action == Action::Reject ? "rejected" : "review", details) +
               "    </testcase>\n";
      case Outcome::Skipped:
        return open +
               fmt::format("      <skipped message=\"{}\">{}</skipped>\n", message, details) +
               "    </testcase>\n";
    }
    return open + "    </testcase>\n";
  }

  // GitLab shows a test case's `file` (and test-report actions its `line`); the AFTER template,
  // the BEFORE one for a removal.
  std::string fileAttribute(std::size_t index) const {
    const auto& where = report_.locations[index];
    bool removal = report_.diff.operations[index].type == OperationType::Remove;
    const auto& side = removal ? where.before : where.after;
    if (!side || side->file.empty()) return "";
    std::string out = " file=\"" + xmlEscape(terminalSafe(side->file)) + "\"";
    if (side->line > 0) out += fmt::format(" line=\"{}\"", side->line);
    return out;
  }

  std::string locationLine(std::size_t index) const {
    std::string line = "\nChange " + terminalSafe(report_.diff.operations[index].id);
    auto where = shortLocation(report_, index);
    if (!where.empty()) line += " at " + terminalSafe(where);
    return line;
  }

  const Report& report_;
  const RenderOptions& options_;
  std::vector<bool> shown_;
};

}  // namespace

std::string renderJunit(const Report& report, const RenderOptions& options) {
  return JunitRenderer(report, options).render();
}

}  // namespace c2a::formats
