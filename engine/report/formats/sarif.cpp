// SARIF 2.1.0 for code scanning (GitHub code scanning, GitLab, Azure DevOps, IDE viewers): one
// result per change that needs attention (rejected, or waiting for review), placed on the line of
// the template that makes it. Approved changes are not results: code scanning lists problems, and
// an approved change is none. A change CloudFormation will refuse is shown by its failures instead:
// one `error` result per failure (rule `deployment-failure/<code>`), whatever the rules said.
//
// What keeps alerts stable across reruns: rule ids are the rules' own stable ids (written in the
// rule file, or derived from the description: docs/rules.md, "Rule ids"), never indexes, and
// each result carries a partial fingerprint of the change's identity (id, stack, operation), never
// of line numbers or values, so moving a resource in the file or editing the change again does not
// open a second alert.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "engine/report/change_text.h"
#include "engine/report/escape.h"
#include "engine/report/formats/formats.h"
#include "engine/report/report_json.h"
#include "engine/report/report_text.h"
#include "model/change_title.h"
#include "model/sha256.h"

namespace c2a::formats {
namespace {

constexpr std::string_view kSchema = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr std::string_view kSrcRoot = "%SRCROOT%";
constexpr std::size_t kMaxValue = 1000;  // bytes of one value in a message: alerts stay readable

// Descriptors for changes no rule decided: the change needs a human because nothing covers it.
struct FixedRule {
  std::string_view id, name, text, help, doc;  // doc: the page (and section) helpUri links to
};

// Where the documentation is published: helpUri and informationUri point into it.
constexpr std::string_view kHomepage = C2A_HOMEPAGE;

// The published page `doc` ("presets.md#data-loss") of the documentation.
std::string docsUri(std::string_view doc) {
  return std::string(kHomepage) + "/blob/main/docs/" + std::string(doc);
}
constexpr FixedRule kFixedRules[] = {
    {"c2a/unreviewed-replacement", "UnreviewedReplacement",
     "A replacement (or rename) no rule decides",
     "CloudFormation will create a new physical resource and delete the old one, with its data "
     "and physical name, and no rule approves or rejects that. Review the change, or write a rule "
     "that decides it (docs/rules.md).",
     "rules.md"},
    {"c2a/unreviewed-removal", "UnreviewedRemoval", "A removal no rule decides",
     "CloudFormation will delete this component (unless its DeletionPolicy keeps it) and no rule "
     "approves or rejects that. Review the change, or write a rule that decides it.",
     "rules.md"},
    {"c2a/unreviewed-change", "UnreviewedChange", "A change no rule decides",
     "No rule approves or rejects this addition or update, so a human must look at it. Review "
     "the change, or write a rule that decides it.",
     "rules.md"},
};

// Only in a run with a change set (--change-set) that contradicts c2a somewhere.
constexpr FixedRule kChangeSetDisagreement{
    "c2a/change-set-disagreement", "ChangeSetDisagreement",
    "The change set and c2a disagree on a resource",
    "The change set CloudFormation computed for this deployment says something of this resource "
    "that contradicts c2a's prediction (docs/diff.md, \"Change sets\"): one of them is wrong, so "
    "a human decides. The result is located where the change set lists the resource, or at "
    "c2a's change of it.",
    "diff.md#change-sets"};

// GitHub code scanning ranks security alerts by `security-severity` (a score: 9.0 and up
// critical, 7.0 high, 4.0 medium, below that low): a rejection is critical, high risk waiting for
// review high, unknown risk medium, low risk low.
std::string_view securitySeverity(std::string_view level, Risk risk) {
  if (level == "error") return "9.0";
  switch (risk) {
    case Risk::High: return "7.5";
    case Risk::Unknown: return "5.0";
    case Risk::Low: return "2.0";
  }
  return "5.0";
}

// Tags code scanning filters by: every c2a result is about security and infrastructure as code;
// a preset's rules also carry the preset's name (the part of the label before `:`).
Json tagsOf(std::string_view label) {
  Json tags = Json::array({"security", "infrastructure-as-code"});
  auto colon = label.find(':');
  if (colon != std::string_view::npos && colon > 0 &&
      label.substr(0, colon).find_first_of(" \t") == std::string_view::npos) {
    tags.push_back(terminalSafe(label.substr(0, colon)));
  }
  return tags;
}

// "error" > "warning" > "note": the most severe wins where results share a descriptor.
int severity(std::string_view level) {
  return level == "error" ? 2 : level == "warning" ? 1 : 0;
}

// Rejected is an error: it is what stops the pipeline, and code scanning fails a check on errors
// by default, so the two agree. A change waiting for review is a warning whatever its risk (even
// high: no rule rejected it, a human decides), and a note when the rules call it low risk.
// An approved or accepted change keeps the level the rules gave it; its suppression says why it
// is not a problem.
std::string_view levelOf(const Decision& decision, const Acceptance* acceptance) {
  auto action = acceptance != nullptr ? acceptance->ruleAction : decision.action;
  if (action == Action::Reject) return "error";
  return decision.risk == Risk::Low ? "note" : "warning";
}

// SARIF's own word for an accepted result: `inSource` when the template says so, `external`
// for approvals files and the baseline; the justification says who and why.
Json suppressionOf(const Acceptance& acceptance) {
  return Json{{"kind", acceptance.source == AcceptanceSource::Inline ? "inSource" : "external"},
              {"status", "accepted"},
              {"justification", terminalSafe(acceptanceText(acceptance))}};
}

std::string_view fallbackRuleId(const Operation& op) {
  switch (op.type) {
    case OperationType::Replace:
    case OperationType::Rename: return kFixedRules[0].id;
    case OperationType::Remove: return kFixedRules[1].id;
    case OperationType::Insert:
    case OperationType::Update: break;
  }
  return kFixedRules[2].id;
}

// "data-stores-must-not" -> "DataStoresMustNot": SARIF's `name` is an identifier-like word.
std::string nameOf(std::string_view slug) {
  std::string name;
  bool upper = true;
  for (char c : slug) {
    if (c == '-') {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return name;
}

// A path as a URI reference: RFC 3986 path characters stay, the rest is percent-encoded (UTF-8
// bytes included). ':' is encoded too, so a relative path never reads as a scheme.
std::string encodePath(std::string_view path) {
  static constexpr std::string_view kKeep = "-._~!$&'()*+,;=@/";
  std::string out;
  for (char c : path) {
    auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x80 && std::isalnum(byte) != 0) || kKeep.find(c) != std::string_view::npos) {
      out += c;
    } else {
      out += fmt::format("%{:02X}", byte);
    }
  }
  return out;
}

// Relative paths stay relative to %SRCROOT% (the directory c2a ran in, normally the repository
// root: what code scanning resolves them against); absolute ones become file:// URIs.
Json artifactLocation(std::string_view path) {
  if (!path.empty() && path.front() == '/') return Json{{"uri", "file://" + encodePath(path)}};
  while (path.substr(0, 2) == "./") path.remove_prefix(2);
  return Json{{"uri", encodePath(path)}, {"uriBaseId", kSrcRoot}};
}

Json physicalLocation(const SourceLocation& where) {
  Json region{{"startLine", std::max(where.line, 1)}};  // code scanning needs a line: 1 if unknown
  if (where.line > 0 && where.column > 0) region["startColumn"] = where.column;
  return Json{
      {"physicalLocation",
       {{"artifactLocation", artifactLocation(where.file)}, {"region", std::move(region)}}}};
}

// Where a change is shown: the AFTER template, the BEFORE one for a removal (the AFTER one no
// longer has it); the other side, then the input file itself, when that side is unknown.
SourceLocation locationOf(const Report& report, std::size_t index) {
  const auto& where = report.locations[index];
  bool removal = report.diff.operations[index].type == OperationType::Remove;
  const auto& first = removal ? where.before : where.after;
  const auto& second = removal ? where.after : where.before;
  if (first && !first->file.empty()) return *first;
  if (second && !second->file.empty()) return *second;
  std::string_view role = removal ? "before" : "after";
  for (const auto& source : report.metadata.sources) {
    if (source.role == role) return SourceLocation{source.path, 0, 0};
  }
  return SourceLocation{"", 0, 0};
}

// The changes that led to this one, each where it is written: viewers link them from the alert.
Json relatedLocations(const Report& report, std::size_t index) {
  Json out = Json::array();
  std::size_t hidden = 0;
  auto chain = shownCauses(report, index, hidden);
  for (std::size_t k = 1; k < chain.size(); ++k) {
    auto where = locationOf(report, chain[k]);
    if (where.file.empty()) continue;
    Json location = physicalLocation(where);
    location["id"] = k;
    location["message"] = {{"text", terminalSafe(changeTitle(report.diff.operations[chain[k]]))}};
    out.push_back(std::move(location));
  }
  return out;
}

class SarifRenderer {
 public:
  SarifRenderer(const Report& report, const RenderOptions& options)
      : report_(report), shown_(shownChanges(report, options.only)) {}

  std::string render() {
    collectRules();
    Json results = Json::array();
    for (std::size_t i = 0; i < report_.diff.operations.size(); ++i) {
      if (failing(i)) {
        for (const auto& failure : failuresOf(report_, i))
          results.push_back(failureResult(failure));
      } else if (needsAttention(i)) {
        results.push_back(result(i));
      }
    }
    for (const auto& failure : report_.failures) {
      if (!failure.change) results.push_back(failureResult(failure));  // the deployment's own
    }
    if (report_.changeSet) {
      for (const auto& resource : report_.changeSet->resources) {
        if (!resource.disagreement.empty()) results.push_back(disagreementResult(resource));
      }
    }
    Json run{{"tool", {{"driver", driver()}}},
             {"originalUriBaseIds",
              {{kSrcRoot,
                {{"description",
                  {{"text",
                    "The directory c2a ran in (normally the repository root): template "
                    "paths are relative to it."}}}}}}},
             {"invocations", Json::array({invocation()})},
             {"results", std::move(results)},
             {"properties", {{"c2a", metadata()}}}};
    Json sarif{{"$schema", kSchema}, {"version", "2.1.0"}, {"runs", Json::array({std::move(run)})}};
    // Invalid UTF-8 from a template is replaced, never a crash; the document stays valid JSON.
    return sarif.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
  }

 private:
  // Changes the rules did not approve: those still waiting or rejected, and those approvals or
  // acceptances approved (as suppressed results).
  [[nodiscard]] bool needsAttention(std::size_t index) const {
    return shown_[index] && (report_.decisions[index].action != Action::Approve ||
                             acceptanceOf(report_, index) != nullptr);
  }

  // A shown change CloudFormation will refuse: its failures are its results.
  [[nodiscard]] bool failing(std::size_t index) const {
    return shown_[index] && !failuresOf(report_, index).empty();
  }

  // The first of the change's rules (sorted by label: stable) that rejects it, or the first one,
  // by its id; the fixed descriptor
  // of its operation when no rule decided it. A decision whose rules have no ids (made by hand,
  // never by the rule engine) is named by a slug of the label.
  [[nodiscard]] std::string ruleIdOf(std::size_t index) const {
    const auto& decision = report_.decisions[index];
    if (decision.rules.empty()) {
      return std::string(fallbackRuleId(report_.diff.operations[index]));
    }
    std::size_t first = 0;
    if (decision.action == Action::Reject) {
      for (std::size_t i = 0; i < decision.rejects.size() && i < decision.rules.size(); ++i) {
        if (decision.rejects[i]) {
          first = i;
          break;
        }
      }
    }
    if (first < decision.ruleIds.size() && !decision.ruleIds[first].empty()) {
      return decision.ruleIds[first];
    }
    auto slug = ruleIdSlug(decision.rules[first]);
    return slug.empty() ? "rule" : slug;
  }

  // The descriptors: the fixed ones first, then one per failure code of the results in code order,
  // then one per deciding rule in id order, with its label.
  void collectRules() {
    std::map<std::string, std::string> labelOfId;
    std::map<std::string, std::string> failureCodes;  // code -> its kind's title
    for (std::size_t i = 0; i < report_.diff.operations.size(); ++i) {
      const auto& rules = report_.decisions[i].rules;
      if (failing(i)) {
        for (const auto& failure : failuresOf(report_, i)) {
          failureCodes.emplace(failure.code, failure.title);
        }
      } else if (needsAttention(i) && !rules.empty()) {
        labelOfId.emplace(ruleIdOf(i), rules.front());
      }
    }
    for (const auto& failure : report_.failures) {
      if (!failure.change) failureCodes.emplace(failure.code, failure.title);
    }
    for (const auto& fixed : kFixedRules) addDescriptor(fixedDescriptor(fixed));
    for (const auto& [code, title] : failureCodes) addDescriptor(failureDescriptor(code, title));
    if (report_.changeSet && report_.changeSet->disagreements() > 0) {
      addDescriptor(fixedDescriptor(kChangeSetDisagreement));
    }
    auto levels = levelsByRule();
    for (const auto& [id, label] : labelOfId) addDescriptor(ruleDescriptor(id, label, levels[id]));
  }

  // A descriptor's default level, and its security severity, are those of its most severe result.
  struct Severity {
    std::string_view level;
    std::string_view score;
  };
  [[nodiscard]] std::map<std::string, Severity> levelsByRule() const {
    std::map<std::string, Severity> levels;
    for (std::size_t i = 0; i < report_.diff.operations.size(); ++i) {
      if (!needsAttention(i) || failing(i)) continue;
      auto level = levelOf(report_.decisions[i], acceptanceOf(report_, i));
      auto score = securitySeverity(level, report_.decisions[i].risk);
      auto& seen = levels[ruleIdOf(i)];
      if (seen.level.empty() || severity(level) > severity(seen.level)) seen.level = level;
      if (seen.score.empty() ||
          std::stod(std::string(score)) > std::stod(std::string(seen.score))) {
        seen.score = score;
      }
    }
    return levels;
  }

  static Json fixedDescriptor(const FixedRule& fixed) {
    return Json{{"id", fixed.id},
                {"name", fixed.name},
                {"shortDescription", {{"text", fixed.text}}},
                {"help", {{"text", fixed.help}}},
                {"helpUri", docsUri(fixed.doc)},
                {"defaultConfiguration", {{"level", "warning"}}},
                {"properties", {{"security-severity", "5.0"}, {"tags", tagsOf("")}}}};
  }

  // Where a change is written and, for a cloud assembly, the construct that wrote it (code scanning
  // shows a logical location beside the file).
  [[nodiscard]] Json changeLocation(std::size_t index) const {
    Json location = physicalLocation(locationOf(report_, index));
    auto path = constructPathOf(report_, index);
    if (!path.empty()) {
      // Named by its construct: `Resource` and `Default` are the CDK's ids for its own resource.
      std::string_view name = path;
      for (std::string_view own : {"/Resource", "/Default"}) {
        if (name.size() > own.size() && name.ends_with(own)) name.remove_suffix(own.size());
      }
      auto slash = name.rfind('/');
      if (slash != std::string_view::npos) name.remove_prefix(slash + 1);
      location["logicalLocations"] = Json::array({{{"name", terminalSafe(name)},
                                                   {"fullyQualifiedName", terminalSafe(path)},
                                                   {"kind", "resource"}}});
    }
    return location;
  }

  // The app's source line that made the change first (code scanning shows the first on the pull
  // request's diff), then where the template writes it.
  [[nodiscard]] Json changeLocations(std::size_t index) const {
    Json out = Json::array();
    if (const auto& source = report_.locations[index].source) {
      Json location = physicalLocation(*source);
      if (auto logical = changeLocation(index); logical.contains("logicalLocations")) {
        location["logicalLocations"] = logical["logicalLocations"];
      }
      out.push_back(std::move(location));
    }
    out.push_back(changeLocation(index));
    return out;
  }

  // A preset's rules link to the preset's section, the others to the rule language.
  [[nodiscard]] std::string ruleDoc(std::string_view label) const {
    auto colon = label.find(':');
    if (colon != std::string_view::npos) {
      auto prefix = label.substr(0, colon);
      for (const auto& preset : report_.metadata.presets) {
        if (preset == prefix) return "presets.md#" + preset;
      }
    }
    return "rules.md";
  }

  [[nodiscard]] Json ruleDescriptor(const std::string& id, const std::string& label,
                                    const Severity& severity) const {
    return Json{
        {"id", id},
        {"name", nameOf(id)},
        {"shortDescription", {{"text", terminalSafe(label)}}},
        {"fullDescription", {{"text", terminalSafe(label)}}},
        {"help",
         {{"text", "c2a rule: " + terminalSafe(label) +
                       ". A rule of the rule files this analysis used "
                       "(run.properties.c2a.sources; the bundled presets are described in "
                       "docs/presets.md): each result says what it decided and why."}}},
        {"helpUri", docsUri(ruleDoc(label))},
        {"defaultConfiguration", {{"level", severity.level}}},
        {"properties",
         {{"label", label}, {"security-severity", severity.score}, {"tags", tagsOf(label)}}}};
  }

  static Json failureDescriptor(const std::string& code, const std::string& title) {
    return Json{
        {"id", failureRuleId(code)},
        {"name", nameOf("deployment-failure-" + ruleIdSlug(code))},
        {"shortDescription", {{"text", terminalSafe(title.empty() ? code : title)}}},
        {"help",
         {{"text",
           "CloudFormation will refuse this deployment and roll the stack back (docs/diff.md, "
           "\"Failures foreseen\"): the change is rejected whatever the rules, approvals "
           "or acceptances say. Each result says why and what to do."}}},
        {"helpUri", docsUri("diff.md#failures-foreseen")},
        {"defaultConfiguration", {{"level", "error"}}},
        {"properties",
         {{"failureCode", code}, {"security-severity", "9.0"}, {"tags", tagsOf("")}}}};
  }

  static std::string failureRuleId(const std::string& code) { return "deployment-failure/" + code; }

  void addDescriptor(Json descriptor) {
    ruleIndex_[descriptor["id"].get<std::string>()] = descriptors_.size();
    descriptors_.push_back(std::move(descriptor));
  }

  Json driver() const {
    return Json{{"name", report_.metadata.tool},
                {"version", report_.metadata.version},
                {"informationUri", std::string(kHomepage)},
                {"rules", descriptors_}};
  }

  Json result(std::size_t index) const {
    const auto& op = report_.diff.operations[index];
    const auto& decision = report_.decisions[index];
    auto ruleId = ruleIdOf(index);
    Json out{{"ruleId", ruleId},
             {"ruleIndex", ruleIndex_.at(ruleId)},
             {"level", levelOf(decision, acceptanceOf(report_, index))},
             {"message", {{"text", changeDetails(report_, index, kMaxValue)}}},
             {"locations", changeLocations(index)}};
    auto related = relatedLocations(report_, index);
    if (!related.empty()) out["relatedLocations"] = std::move(related);
    // The change's identity only: a rerun, a moved line or a new value keeps the same alert.
    out["partialFingerprints"] = {{"c2aChange/v1", sha256Hex(op.id + "\n" + op.stack + "\n" +
                                                             std::string(toString(op.type)))}};
    out["properties"] = changeProperties(index);
    if (const auto* acceptance = acceptanceOf(report_, index)) {
      out["suppressions"] = Json::array({suppressionOf(*acceptance)});
      out["properties"]["acceptance"] = acceptanceToJson(*acceptance);
    }
    return out;
  }

  // What a result says of its change beyond the message: the change and what the rules decided.
  Json changeProperties(std::size_t index) const {
    const auto& op = report_.diff.operations[index];
    const auto& decision = report_.decisions[index];
    return {{"changeId", op.id},
            {"stack", op.stack.empty() ? Json() : Json(op.stack)},
            {"component", op.name},
            {"componentType", toString(op.componentType)},
            {"subtype", op.subtype.empty() ? Json() : Json(op.subtype)},
            {"operation", toString(op.type)},
            {"certainty", toString(op.certainty)},
            {"risk", toString(decision.risk)},
            {"action", toString(decision.action)},
            {"rules", decision.rules},
            {"ruleIds", decision.ruleIds}};
  }

  // One foreseen failure, where its change is written; fingerprinted by the change's identity and
  // the failure's code.
  Json failureResult(const Failure& failure) const {
    if (!failure.change) return deploymentFailureResult(failure);
    std::size_t index = *failure.change;
    const auto& op = report_.diff.operations[index];
    auto ruleId = failureRuleId(failure.code);
    Json out{{"ruleId", ruleId},
             {"ruleIndex", ruleIndex_.at(ruleId)},
             {"level", "error"},
             {"message", {{"text", terminalSafe(failure.message)}}},
             {"locations", changeLocations(index)}};
    auto related = relatedLocations(report_, index);
    if (!related.empty()) out["relatedLocations"] = std::move(related);
    // Two failures of one code on one change (two names kept) are told apart by their order.
    std::size_t earlier = 0;
    for (const auto& other : failuresOf(report_, index)) {
      if (&other == &failure) break;
      earlier += other.code == failure.code ? 1 : 0;
    }
    std::string identity =
        op.id + "\n" + op.stack + "\n" + std::string(toString(op.type)) + "\n" + failure.code;
    if (earlier > 0) identity += fmt::format("\n{}", earlier);
    out["partialFingerprints"] = {{"c2aFailure/v1", sha256Hex(identity)}};
    out["properties"] = changeProperties(index);
    out["properties"]["failureCode"] = failure.code;
    return out;
  }

  // A resource the change set and c2a disagree on, located where the change set lists it.
  Json disagreementResult(const ChangeSetAnswer& resource) const {
    const std::string ruleId(kChangeSetDisagreement.id);
    Json out{
        {"ruleId", ruleId},
        {"ruleIndex", ruleIndex_.at(ruleId)},
        {"level", "warning"},
        {"message", {{"text", terminalSafe("Change set disagrees: " + resource.disagreement)}}}};
    // Where the change set lists it; else (c2a's change the change set leaves out) at the change.
    if (!resource.where.file.empty()) {
      out["locations"] = Json::array({physicalLocation(resource.where)});
    } else if (!resource.changes.empty()) {
      out["locations"] = Json::array({changeLocation(resource.changes.front())});
    }
    out["partialFingerprints"] = {
        {"c2aChangeSet/v1", sha256Hex(resource.stack + "\n" + resource.logicalId + "\n" +
                                      resource.listed + "/" + resource.listedReplace + "\n" +
                                      resource.predicted + "/" + resource.predictedReplace)}};
    out["properties"] = {{"logicalId", resource.logicalId},
                         {"stack", resource.stack},
                         {"changeSet", resource.listed},
                         {"predicted", resource.predicted}};
    return out;
  }

  // A failure of the deployment as a whole (a parameter value CloudFormation refuses), where its
  // cause is given; fingerprinted by its code and message.
  Json deploymentFailureResult(const Failure& failure) const {
    auto ruleId = failureRuleId(failure.code);
    Json out{{"ruleId", ruleId},
             {"ruleIndex", ruleIndex_.at(ruleId)},
             {"level", "error"},
             {"message", {{"text", terminalSafe(failure.message)}}}};
    if (!failure.where.file.empty()) {
      out["locations"] = Json::array({physicalLocation(failure.where)});
    }
    out["partialFingerprints"] = {
        {"c2aFailure/v1", sha256Hex("deployment\n" + failure.code + "\n" + failure.message)}};
    out["properties"] = {{"failureCode", failure.code}};
    return out;
  }

  // Warnings (a template c2a read only in part, an unknown type...) are notifications, not
  // results: they are about the analysis, not about a change.
  Json invocation() const {
    Json notifications = Json::array();
    for (const auto& warning : report_.warnings) {
      Json entry{{"level", "warning"}, {"message", {{"text", terminalSafe(warning.message)}}}};
      if (!warning.where.file.empty()) {
        entry["locations"] = Json::array({physicalLocation(warning.where)});
      }
      notifications.push_back(std::move(entry));
    }
    // An approval that did not apply is worth seeing where the alerts are.
    for (const auto& record : report_.approvals) {
      if (record.applied) continue;
      notifications.push_back(
          {{"level", "warning"},
           {"message",
            {{"text", terminalSafe("Approvals " + record.file + " by " + record.by +
                                   " not applied: " + record.whyNot)}}}});
    }
    return Json{{"executionSuccessful", true},
                {"toolExecutionNotifications", std::move(notifications)}};
  }

  // What the report was made from and what it concluded, as in the JSON report.
  Json metadata() const {
    Json sources = Json::array();
    for (const auto& source : report_.metadata.sources) {
      sources.push_back({{"role", source.role}, {"path", source.path}, {"sha256", source.sha256}});
    }
    const auto& s = report_.summary;
    return Json{{"verdict", toString(s.verdict)},
                {"decidedBy", idsToJson(report_, report_.decidedBy)},
                {"gate", gateToJson(report_)},
                {"fingerprint", report_.diff.fingerprint},
                {"summary",
                 {{"changes", s.changes},
                  {"approved", s.approved},
                  {"rejected", s.rejected},
                  {"review", s.review}}},
                {"sources", std::move(sources)},
                {"presets", report_.metadata.presets},
                {"approvals", approvalsToJson(report_)},
                {"accepted", acceptedToJson(report_)},
                {"baseline", baselineToJson(report_)}};
  }

  const Report& report_;
  std::vector<bool> shown_;
  std::map<std::string, std::size_t> ruleIndex_;  // rule id -> index in descriptors_
  Json descriptors_ = Json::array();
};

}  // namespace

std::string renderSarif(const Report& report, const RenderOptions& options) {
  return SarifRenderer(report, options).render();
}

}  // namespace c2a::formats
