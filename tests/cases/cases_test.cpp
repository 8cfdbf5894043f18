// The data-driven cases: tests/cases/<kind>/<name>/, one runner, one kind per folder. Each case
// states in its expectation file's leading comments the CloudFormation fact it pins.
//
// diff/NAME:   `before`, `after` (templates, folders with `template.yaml` and the nested
//              templates it names, or assembly folders), `expected.txt`: one line per
//              operation in report order, then the verdict:
//                <OPERATION> <component id>[ from <old name>][ <path> <property operation>
//                <updateType>][ definite|possible][ propagated][ <- <cause id>]
//              (certainty is written for REPLACE always, else only when possible), and
//              ` = <old evaluated> -> <new evaluated>` where evaluating changes a value;
//              optional `parameters.*` (both sides), `before-parameters.*`,
//              `after-parameters.*` (parameters_file.h's formats) and `pseudo.txt`
//              (`region=...`, `account=...`, `partition=...` lines)
// rules/NAME:  the same plus rule files (`rules.c2a`, `rules.json`, `rules.yaml`, all loaded)
//              and/or `presets.txt` (preset names, or `default` for all; none without it);
//              `expected.txt`: `<change id> <risk> <action>[ <- <rule>; <rule>]` per operation,
//              then `verdict ...`; or `error <text of the first problem>` for refused rule files.
// model/NAME:  `input` and `expected.txt`: `component <id> <subtype|->`, then relationships
//              `<kind> <source> -> <target> [path] [reference] [attribute]`, in model order;
//              `error <kind> <text>` and `warning <text>` lines.
// report/NAME: `before`, `after`, optional rule files, the diff case's parameter, pseudo and
//              `change-set.json` files, and `options.json` ({"groupBy": [...],
//              "only": [...], "contextLines": N, "summaryOnly": b, "reviewFails": b,
//              "sourceRoot": DIR (--source-root; without it, the current directory)});
//              `expected.<extension>` golden files, one per
//              report format to check (expected.txt, expected.json, expected.md...). Paths in
//              reports are relative to the repository root, so golden files do not depend on
//              where the checkout is.
// plan/NAME:   `before`, `after` and `expected.txt`: the deployment plan, one line per step
//              (tests/cases/plan_case.h).
// hostile/NAME: the `c2a` binary on hostile input: `args.txt`, optional `generate.txt`, and
//              `expected.txt` with the exit status, every stderr line and what was left behind
//              (tests/cases/hostile_case.h).
//
// C2A_UPDATE_CASES=1 rewrites the expectations from what the code does now; read the git diff.
#include <gtest/gtest.h>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/read_model.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/model_dump.h"
#include "engine/report/report_format.h"
#include "tests/cases/case_files.h"
#include "tests/cases/case_options.h"
#include "tests/cases/hostile_case.h"
#include "tests/cases/plan_case.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;
using namespace testing;

// ---- diff --------------------------------------------------------------------------------------

std::string operationLine(const Operation& op) {
  std::string line = std::string(toString(op.type)) + " ";
  if (!op.stack.empty()) line += op.stack + "/";
  line += std::string(toString(op.componentType)) + ":" + op.name;
  if (!op.oldName.empty()) line += " from " + op.oldName;
  if (op.property) {
    line += " " + toDotted(op.property->path) + " " +
            std::string(toString(op.property->operation)) + " " +
            std::string(toString(op.property->updateType));
  }
  if (op.type == OperationType::Replace) {
    line += " " + std::string(toString(op.certainty));
  } else if (op.certainty == Certainty::Possible) {
    line += " possible";
  }
  if (op.propagated) line += " propagated";
  if (op.cause && !op.cause->changeId.empty()) line += " <- " + op.cause->changeId;
  if (op.property && (op.property->oldEvaluated || op.property->newEvaluated)) {
    auto shown = [](const std::optional<Json>& evaluated, const std::optional<Json>& written) {
      const auto& value = evaluated ? evaluated : written;
      return value ? value->dump() : std::string("(absent)");
    };
    line += " = " + shown(op.property->oldEvaluated, op.property->oldValue) + " -> " +
            shown(op.property->newEvaluated, op.property->newValue);
  }
  return line;
}

std::vector<std::string> diffLines(const fs::path& dir) {
  auto report = analyze(caseInput(dir, "before"), caseInput(dir, "after"), caseOptions(dir));
  std::vector<std::string> lines;
  for (const auto& op : report->diff.operations) lines.push_back(operationLine(op));
  // Failures foreseen (deployment-prediction/failures.h): `failure CODE CHANGE-ID`.
  for (const auto& failure : report->failures) {
    lines.push_back("failure " + failure.code + " " +
                    (failure.change
                         ? report->diff.operations[*failure.change].id
                         : "deployment " + fs::path(failure.where.file).filename().string() + ":" +
                               std::to_string(failure.where.line)));
  }
  // Change sets (`change-set*.json`, a `change-sets/` folder): `change-set [STACK/]ID: listed
  // ACTION[/REPLACEMENT], predicted ACTION[/REPLACEMENT] -> REPLACEMENT from SOURCE[; policy
  // LISTED/PREDICTED][ DISAGREES]`, then per property value the change set gives
  // `change-set-value [STACK/]ID PATH: BEFORE -> AFTER, c2a BEFORE -> AFTER: agrees|DIFFERS|not
  // compared` (- for no value, ? where c2a does not know it), then `change-set-disagreement ID:
  // SENTENCES` as reports print them.
  if (report->changeSet) {
    auto answer = [](const std::string& action, const std::string& replacement) {
      if (action.empty()) return std::string("none");
      return replacement.empty() ? action : action + "/" + replacement;
    };
    auto shown = [](const std::optional<Json>& value, bool known = true) {
      if (!known) return std::string("?");
      return value ? value->dump() : std::string("-");
    };
    auto name = [&](const ChangeSetAnswer& resource) {
      return report->changeSet->parts.front().stack == resource.stack
                 ? resource.logicalId
                 : resource.stack + "/" + resource.logicalId;
    };
    for (const auto& resource : report->changeSet->resources) {
      std::string policy;
      if (!resource.listedPolicy.empty() || !resource.predictedPolicy.empty()) {
        policy = "; policy " + (resource.listedPolicy.empty() ? "-" : resource.listedPolicy) + "/" +
                 (resource.predictedPolicy.empty() ? "-" : resource.predictedPolicy);
      }
      lines.push_back("change-set " + name(resource) + ": listed " +
                      answer(resource.listed, resource.listedReplace) + ", predicted " +
                      answer(resource.predicted, resource.predictedReplace) + " -> " +
                      (resource.replacement.empty() ? "-" : resource.replacement) + " from " +
                      resource.source + policy +
                      (resource.disagreement.empty() ? "" : " DISAGREES"));
      for (const auto& value : resource.values) {
        std::string verdict = !value.known ? "not compared" : value.agrees() ? "agrees" : "DIFFERS";
        if (value.truncated) verdict += " (truncated)";
        lines.push_back("change-set-value " + name(resource) + " " + value.path + ": " +
                        shown(value.before) + " -> " + shown(value.after) + ", c2a " +
                        shown(value.predictedBefore, value.beforeKnown) + " -> " +
                        shown(value.predictedAfter, value.afterKnown) + ": " + verdict);
      }
    }
    for (const auto& resource : report->changeSet->resources) {
      if (!resource.disagreement.empty()) {
        lines.push_back("change-set-disagreement " + name(resource) + ": " + resource.disagreement);
      }
    }
    for (const auto& stack : report->changeSet->nestedNotGiven) {
      lines.push_back("change-set not given for nested stack " + stack);
    }
  }
  lines.push_back("verdict " + std::string(toString(report->summary.verdict)));
  return lines;
}

// ---- rules -------------------------------------------------------------------------------------

std::vector<std::string> ruleFiles(const fs::path& dir) {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    auto name = entry.path().filename().string();
    if (name.rfind("rules", 0) == 0) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// `presets.txt`: the presets a case runs with (names separated by blanks or lines; `default` is
// every preset, as `c2a diff` runs without --preset). Without it, no preset: a case states its
// rules.
std::vector<std::string> casePresets(const fs::path& dir) {
  if (!fs::exists(dir / "presets.txt")) return {};
  std::vector<std::string> names;
  std::istringstream words(readFile(dir / "presets.txt"));
  std::string word;
  while (words >> word) {
    if (word.front() == '#') {
      std::getline(words, word);
      continue;
    }
    names.push_back(word);
  }
  if (names.size() == 1 && names.front() == "default") return selectedPresets({}, false);
  return selectedPresets(names, false);
}

std::vector<std::string> rulesLines(const fs::path& dir) {
  auto files = ruleFiles(dir);
  auto presets = casePresets(dir);
  if (files.empty() && presets.empty()) {
    throw std::runtime_error("no rule file or presets.txt in " + dir.string());
  }
  auto loaded = loadRules(presets, files, ReadLimits{});
  if (!loaded.problems.empty()) {
    auto message = loaded.problems.front().str();
    auto prefix = dir.string() + "/";
    if (auto at = message.find(prefix); at != std::string::npos) message.erase(at, prefix.size());
    return {"error " + message};
  }
  AnalyzeOptions options = caseOptions(dir);
  options.rules = &loaded.set;
  auto report = analyze(caseInput(dir, "before"), caseInput(dir, "after"), options);
  std::vector<std::string> lines;
  for (const auto& warning : loaded.warnings) {
    auto message = warning.str();
    auto prefix = dir.string() + "/";
    if (auto at = message.find(prefix); at != std::string::npos) message.erase(at, prefix.size());
    lines.push_back("warning " + message);
  }
  for (std::size_t k = 0; k < report->diff.operations.size(); ++k) {
    const auto& decision = report->decisions[k];
    std::string line = report->diff.operations[k].id + " " + std::string(toString(decision.risk)) +
                       " " + std::string(toString(decision.action));
    for (std::size_t i = 0; i < decision.rules.size(); ++i) {
      // "LABEL [ID]". "rule at FILE:LINE" or "FILE#POINTER" for rules without a description:
      // FILE relative to the case folder, so expectations do not depend on where the repository
      // is checked out.
      std::string label = ruleWithId(decision, i);
      auto prefix = dir.string() + "/";
      if (auto at = label.find(prefix); at != std::string::npos) label.erase(at, prefix.size());
      line += (i == 0 ? " <- " : "; ") + label;
    }
    lines.push_back(line);
  }
  lines.push_back("verdict " + std::string(toString(report->summary.verdict)));
  return lines;
}

// ---- model -------------------------------------------------------------------------------------

std::string kindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage: return "usage";
    case ErrorKind::InvalidInput: return "invalid-input";
    case ErrorKind::MissingInput: return "missing-input";
    case ErrorKind::Internal: return "internal";
    case ErrorKind::CannotWrite: return "cannot-write";
  }
  return "?";
}

std::vector<std::string> modelLines(const fs::path& dir) {
  ReadLimits limits;
  if (fs::exists(dir / "limits.json")) {
    auto json = Json::parse(readFile(dir / "limits.json"));
    limits.maxDepth = json.value("maxDepth", limits.maxDepth);
    limits.maxNodes = json.value("maxNodes", limits.maxNodes);
    limits.maxInputBytes = json.value("maxInputBytes", limits.maxInputBytes);
  }
  Diagnostics warnings;
  std::vector<std::string> lines;
  try {
    auto dump = modelToJson(readModel(caseInput(dir, "input"), limits, warnings));
    for (const auto& c : dump["components"]) {
      lines.push_back("component " + c["id"].get<std::string>() + " " +
                      (c["subtype"].is_null() ? "-" : c["subtype"].get<std::string>()));
    }
    for (const auto& r : dump["relationships"]) {
      std::string line = r["kind"].get<std::string>() + " " + r["source"].get<std::string>() +
                         " -> " + r["target"].get<std::string>();
      if (!r["sourcePath"].is_null()) line += " " + r["sourcePath"].get<std::string>();
      if (r.contains("reference")) line += " " + r["reference"].get<std::string>();
      if (!r["attribute"].is_null()) line += " " + r["attribute"].get<std::string>();
      lines.push_back(line);
    }
  } catch (const C2aError& error) {
    // The message without the checkout's path: expectations hold wherever the repository is.
    auto message = error.diagnostic().str();
    auto prefix = dir.string() + "/";
    if (auto at = message.find(prefix); at != std::string::npos) message.erase(at, prefix.size());
    lines.push_back("error " + kindName(error.diagnostic().kind) + " " + message);
  }
  for (const auto& warning : warnings) {
    auto message = warning.str();
    auto prefix = dir.string() + "/";
    if (auto at = message.find(prefix); at != std::string::npos) message.erase(at, prefix.size());
    lines.push_back("warning " + message);
  }
  return lines;
}

// ---- report ------------------------------------------------------------------------------------

void checkReport(const fs::path& dir, bool update) {
  auto relative = fs::relative(dir, C2A_SOURCE_DIR);
  AnalyzeOptions options = caseOptions(relative);  // parameters, pseudo values, change set
  RenderOptions render;
  if (fs::exists(dir / "options.json")) {
    auto json = Json::parse(readFile(dir / "options.json"));
    options.groupBy = json.value("groupBy", std::vector<std::string>{});
    render.only = json.value("only", std::vector<std::string>{});
    render.contextLines = json.value("contextLines", -1);
    render.summaryOnly = json.value("summaryOnly", false);
    render.reviewFails = json.value("reviewFails", true);
    options.sourceRoot = json.value("sourceRoot", std::string{});
  }
  LoadedRules loaded;
  std::vector<std::string> files;
  for (const auto& file : ruleFiles(dir))
    files.push_back(fs::relative(file, C2A_SOURCE_DIR).string());
  if (!files.empty()) {
    loaded = loadRuleFiles(files, ReadLimits{});
    ASSERT_TRUE(loaded.problems.empty()) << loaded.problems.front().str();
    options.rules = &loaded.set;
    options.ruleFiles = loaded.set.files;
  }
  auto report = analyze(caseInput(relative, "before"), caseInput(relative, "after"), options);
  // Hashes of the inputs change with every edit of a case; the golden files keep a stand-in.
  for (auto& source : report->metadata.sources) source.sha256 = "(sha256)";
  report->metadata.version = "(version)";
  std::size_t checked = 0;
  for (const auto& format : reportFormats()) {
    auto golden = dir / ("expected." + std::string(format.extension));
    if (!fs::exists(golden)) continue;
    ++checked;
    auto actual = format.render(*report, render);
    if (update) {
      writeFile(golden, actual);
    } else {
      EXPECT_EQ(actual, readFile(golden)) << "format " << format.name << ": " << golden;
    }
  }
  EXPECT_GT(checked, 0u) << "no expected.<format> golden file in " << dir;
}

// ---- the runner --------------------------------------------------------------------------------

struct Case {
  std::string kind;
  std::string name;
};

std::vector<Case> allCases() {
  std::vector<Case> cases;
  for (const char* kind : {"diff", "rules", "model", "report", "hostile", "plan"}) {
    for (const auto& name : caseNames(kind)) cases.push_back({kind, name});
  }
  return cases;
}

class DataCase : public ::testing::TestWithParam<Case> {};

TEST_P(DataCase, MatchesExpectation) {
  const auto& [kind, name] = GetParam();
  auto dir = casesRoot() / kind / name;
  if (kind == "report") {
    checkReport(dir, updating());
    return;
  }
  if (kind == "hostile" && !hostileCaseRunsHere(dir)) {
    GTEST_SKIP() << "needs a small address space, which a sanitizer cannot run in";
  }
  auto file = dir / "expected.txt";
  std::vector<std::string> actual = kind == "diff"      ? diffLines(dir)
                                    : kind == "rules"   ? rulesLines(dir)
                                    : kind == "hostile" ? hostileLines(dir)
                                    : kind == "plan"    ? planLines(dir)
                                                        : modelLines(dir);
  if (updating()) {
    writeFile(file, leadingComments(file) + join(actual));
    return;
  }
  auto expected = expectationLines(file);
  ASSERT_FALSE(expected.empty()) << "no expectations in " << file;
  EXPECT_EQ(join(actual), join(expected)) << file;
}

INSTANTIATE_TEST_SUITE_P(Cases, DataCase, ::testing::ValuesIn(allCases()), [](const auto& info) {
  return testName(info.param.kind + "_" + info.param.name);
});

}  // namespace
}  // namespace c2a
