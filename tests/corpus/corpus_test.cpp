// Property tests over ../shared/corpus (real templates and before/after pairs from public
// repositories). Run by `make test-corpus`; skipped where the corpus is absent (a user's clone).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "engine/pipeline/analyze.h"
#include "model/previous_values.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"
#include "model-diffing/model_diff.h"
#include "model/operation_json.h"
#include "platform-mapping/input.h"
#include "readers/reading_comparison.h"
#include "readers/source_positions.h"
#include "readers/yaml_readers.h"
#include "spec/resource_spec.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

fs::path corpus() {
  return fs::path(C2A_CORPUS_DIR);
}

#define REQUIRE_CORPUS()                                                \
  if (!fs::exists(corpus() / "templates")) {                            \
    GTEST_SKIP() << "no corpus at " << corpus() << " (a user's clone)"; \
  }

std::vector<fs::path> templates() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(corpus() / "templates")) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<fs::path> pairs() {
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::recursive_directory_iterator(corpus() / "pairs")) {
    if (entry.is_directory() &&
        (fs::exists(entry.path() / "old.json") || fs::exists(entry.path() / "old.yaml"))) {
      dirs.push_back(entry.path());
    }
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

std::string side(const fs::path& dir, const std::string& stem) {
  return fs::exists(dir / (stem + ".json")) ? (dir / (stem + ".json")).string()
                                            : (dir / (stem + ".yaml")).string();
}

UpdateTypeLookup builtinUpdateTypes() {
  const auto& spec = ResourceSpec::builtin();
  return [&spec](std::string_view type, const Path& path) { return spec.updateType(type, path); };
}

TEST(Corpus, EveryTemplateReadsAndDiffsEmptyWithItself) {
  REQUIRE_CORPUS();
  auto updateTypes = builtinUpdateTypes();
  auto files = templates();
  ASSERT_GT(files.size(), 4000u);
  std::ostringstream failures;
  std::size_t failed = 0;
  std::size_t nonEmpty = 0;
  for (const auto& file : files) {
    try {
      Diagnostics warnings;
      auto model = loadInput(file.string(), ReadLimits{}, warnings);
      auto diff = diffModels(model, model, updateTypes);
      if (!diff.operations.empty()) {
        ++nonEmpty;
        failures << "diff(A, A) not empty: " << file << ": "
                 << operationToJson(diff.operations.front()).dump() << "\n";
      }
    } catch (const C2aError& error) {
      ++failed;
      failures << error.diagnostic().str() << "\n";
    }
  }
  EXPECT_EQ(failed, 0u) << failures.str();
  EXPECT_EQ(nonEmpty, 0u) << failures.str();
}

struct Counts {
  std::size_t inserts = 0, removes = 0, renames = 0;
};

Counts countOperations(const ModelDiff& diff) {
  Counts counts;
  for (const auto& op : diff.operations) {
    counts.inserts += op.type == OperationType::Insert ? 1 : 0;
    counts.removes += op.type == OperationType::Remove ? 1 : 0;
    counts.renames += op.type == OperationType::Rename ? 1 : 0;
  }
  return counts;
}

// readYaml reads with libyaml and falls back to yaml-cpp only for what libyaml refuses: on every
// real YAML template both must agree (tree, types, key order, positions), and libyaml must not
// read what yaml-cpp refuses.
TEST(Corpus, EveryYamlTemplateReadsTheSameWithLibyamlAsWithYamlCpp) {
  REQUIRE_CORPUS();
  std::vector<fs::path> files;
  for (const auto& root : {corpus() / "templates", corpus() / "pairs"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      auto extension = entry.path().extension();
      if (entry.is_regular_file() && (extension == ".yaml" || extension == ".yml")) {
        files.push_back(entry.path());
      }
    }
  }
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 1000u);
  std::size_t byLibyaml = 0;
  std::size_t refusedByBoth = 0;
  std::ostringstream failures;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const std::string text = bytes.str();
    std::string_view body = withoutByteOrderMark(text);
    auto fast = readYamlWithLibyaml(body, file.string(), ReadLimits{});
    std::optional<SourceDocument> careful;
    try {
      careful = readYamlWithYamlCpp(body, file.string(), ReadLimits{});
    } catch (const C2aError& error) {
      if (fast)
        failures << file << ": libyaml reads what yaml-cpp refuses: " << error.what() << "\n";
      refusedByBoth += fast ? 0 : 1;
      continue;
    }
    if (!fast) {
      failures << file << ": libyaml refuses what yaml-cpp reads\n";
      continue;
    }
    ++byLibyaml;
    if (auto difference = firstDifference(*fast, *careful)) {
      failures << file << ": " << *difference << "\n";
    }
  }
  std::cout << files.size() << " YAML files: " << byLibyaml << " read by libyaml, " << refusedByBoth
            << " refused by both\n";
  EXPECT_TRUE(failures.str().empty()) << failures.str();
}

TEST(Corpus, PairsDiffBothWaysWithMirroredCounts) {
  REQUIRE_CORPUS();
  auto dirs = pairs();
  ASSERT_GT(dirs.size(), 600u);
  std::ostringstream failures;
  std::size_t mismatched = 0;
  std::size_t failed = 0;
  std::size_t keptPrevious = 0;
  for (const auto& dir : dirs) {
    try {
      auto forward = analyze(side(dir, "old"), side(dir, "new"), AnalyzeOptions{});
      auto backward = analyze(side(dir, "new"), side(dir, "old"), AnalyzeOptions{});
      // A parameter whose Default changes keeps its previous value on the AFTER side: unknown
      // going one way, the other Default's value on BEFORE the other way, so what its conditions
      // create or delete need not mirror (model/previous_values.h).
      Deployments previous;
      keepPreviousValues(previous, forward->before, forward->after);
      if (!previous.after.previousValues.empty()) {
        ++keptPrevious;
        continue;
      }
      auto f = countOperations(forward->diff);
      auto b = countOperations(backward->diff);
      if (f.inserts != b.removes || f.removes != b.inserts || f.renames != b.renames) {
        ++mismatched;
        failures << dir << ": forward +" << f.inserts << " -" << f.removes << " ~" << f.renames
                 << ", backward +" << b.inserts << " -" << b.removes << " ~" << b.renames << "\n";
      }
      // Deterministic: the same inputs give the same fingerprint and the same operations.
      auto again = analyze(side(dir, "old"), side(dir, "new"), AnalyzeOptions{});
      EXPECT_EQ(again->diff.fingerprint, forward->diff.fingerprint) << dir;
    } catch (const C2aError& error) {
      ++failed;
      failures << error.diagnostic().str() << "\n";
    }
  }
  std::cout << dirs.size() << " pairs, " << keptPrevious
            << " not mirrored for a parameter Default that changes\n";
  EXPECT_EQ(failed, 0u) << failures.str();
  EXPECT_EQ(mismatched, 0u) << failures.str();
}

// Characters, not bytes: a line is as wide as its code points.
std::size_t characters(std::string_view line) {
  std::size_t count = 0;
  for (unsigned char c : line) count += (c & 0xC0) != 0x80;
  return count;
}

// The first line over 300 characters that is not a value (old, new, evaluated and body values,
// property paths, fenced blocks, table rows: shown whole on purpose), or "". `markdown` or text.
std::string longProseLine(const std::string& report, bool markdown) {
  std::istringstream lines(report);
  std::string line;
  bool fenced = false;
  while (std::getline(lines, line)) {
    auto start = line.find_first_not_of(' ');
    std::string_view text = start == std::string::npos ? "" : std::string_view(line).substr(start);
    if (text.starts_with("```")) fenced = !fenced;
    if (fenced || characters(line) <= 300) continue;
    bool value = false;
    if (markdown) {
      for (std::string_view mark : {"- old", "- new", "- unchanged", "- body", "|"}) {
        value |= text.starts_with(mark);
      }
    } else {
      for (std::string_view mark :
           {"old: ", "new: ", "= ", "body", "| ", "+ ", "- ", "~ ", "> ", "\"", "{", "}", "]"}) {
        value |= text.starts_with(mark);
      }
      // A JSON array line of a body, not a decision or a headline.
      value |= text.starts_with("[") && !text.starts_with("[REJECTED") &&
               !text.starts_with("[review") && !text.starts_with("[approved") &&
               !text.starts_with("[+]") && !text.starts_with("[-") && !text.starts_with("[~]");
    }
    if (!value) return line;
  }
  return "";
}

TEST(Corpus, EveryPairRendersInEveryFormatTheSameEachTime) {
  REQUIRE_CORPUS();
  auto dirs = pairs();
  ASSERT_GT(dirs.size(), 600u);
  std::ostringstream failures;
  std::size_t failed = 0;
  for (const auto& dir : dirs) {
    try {
      auto report = analyze(side(dir, "old"), side(dir, "new"), AnalyzeOptions{});
      // Every change sits in exactly one leaf of the aggregation tree.
      std::size_t counted = 0;
      for (const auto& root : report->aggregations.roots) counted += root.count;
      if (counted != report->diff.operations.size()) {
        ++failed;
        failures << dir << ": the tree holds " << counted << " of "
                 << report->diff.operations.size() << " changes\n";
      }
      for (const auto& format : reportFormats()) {
        auto first = format.render(*report, RenderOptions{});
        if (first.empty() || first != format.render(*report, RenderOptions{})) {
          ++failed;
          failures << dir << ": " << format.name << " report empty or not deterministic\n";
        }
        // Prose stays readable in a log and a diff view: no line over 300 characters but values.
        if (format.name == "text" || format.name == "markdown") {
          auto line = longProseLine(first, format.name == "markdown");
          if (!line.empty()) {
            ++failed;
            failures << dir << ": " << format.name << " line of " << characters(line)
                     << " characters: " << line.substr(0, 120) << "\n";
          }
        }
        // A pull-request comment must fit GitHub's and GitLab's 65,536 characters.
        if (format.name == "markdown" && first.size() > 65536) {
          ++failed;
          failures << dir << ": markdown report of " << first.size() << " bytes\n";
        }
        if (format.name == "json" || format.name == "sarif") {
          if (!Json::accept(first)) {
            ++failed;
            failures << dir << ": " << format.name << " report is not valid JSON\n";
          }
        }
      }
    } catch (const C2aError& error) {
      ++failed;
      failures << error.diagnostic().str() << "\n";
    }
  }
  EXPECT_EQ(failed, 0u) << failures.str();
}

// ---- the default presets over the real pairs (docs/presets.md, "Over 644 real changes") --------

// Independent of the rule files: what no approved pair may hold. A stateful resource replaced
// (surely), renamed or removed, from the specification itself.
bool losesState(const Operation& op, const ResourceSpec& spec) {
  if (op.componentType != ComponentType::Resource || !spec.isStateful(op.subtype)) return false;
  return op.type == OperationType::Remove || op.type == OperationType::Rename ||
         (op.type == OperationType::Replace && op.certainty == Certainty::Definite);
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// Anything in the areas where access is granted or the network opened, broadening or not: a
// superset of what iam-broadening and network-exposure judge, so an approved pair must hold none.
bool touchesAccess(const Operation& op) {
  static const std::set<std::string, std::less<>> kGrantTypes{
      "AWS::IAM::Role",
      "AWS::IAM::User",
      "AWS::IAM::Group",
      "AWS::IAM::Policy",
      "AWS::IAM::ManagedPolicy",
      "AWS::IAM::AccessKey",
      "AWS::IAM::UserToGroupAddition",
      "AWS::Lambda::Permission",
      "AWS::Lambda::Url",
      "AWS::EC2::SecurityGroup",
      "AWS::EC2::SecurityGroupIngress",
      "AWS::S3::BucketPolicy",
      "AWS::SQS::QueuePolicy",
      "AWS::SNS::TopicPolicy",
      "AWS::KMS::Key",
      "AWS::SecretsManager::ResourcePolicy",
      "AWS::ElasticLoadBalancingV2::LoadBalancer",
      "AWS::ElasticLoadBalancing::LoadBalancer"};
  if (op.componentType != ComponentType::Resource) return false;
  if (op.type == OperationType::Insert) {
    return kGrantTypes.count(op.subtype) != 0 || op.subtype.find("Policy") != std::string::npos;
  }
  if (!op.property) return false;
  if (op.property->operation == PropertyOperationType::Move) return false;
  auto path = toDotted(op.property->path);
  for (std::string_view area :
       {"Statement", "ManagedPolicyArns", "PermissionsBoundary", "SecurityGroupIngress", "CidrIp",
        "FromPort", "ToPort", "IpProtocol", "SourceSecurityGroup", "Principal",
        "MapPublicIpOnLaunch", "AssociatePublicIpAddress", "AssignPublicIp", "Scheme",
        "PublicAccessBlockConfiguration", "AccessControl", "AuthType"}) {
    if (contains(path, area)) {
      // Tags and descriptions inside those areas are not access (an ingress rule's Description).
      return !contains(path, "Description") && !contains(path, "Tags");
    }
  }
  return false;
}

// Every string under the key `key` anywhere in `value` (an Action, or a list of them).
std::set<std::string> namedStringsBelow(const Json& value, const std::string& key) {
  std::set<std::string> out;
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (it.key() == key && it->is_string()) out.insert(it->get<std::string>());
      if (it.key() == key && it->is_array()) {
        for (const auto& element : *it) {
          if (element.is_string()) out.insert(element.get<std::string>());
        }
      }
      auto below = namedStringsBelow(*it, key);
      out.insert(below.begin(), below.end());
    }
  } else if (value.is_array()) {
    for (const auto& element : value) {
      auto below = namedStringsBelow(element, key);
      out.insert(below.begin(), below.end());
    }
  }
  return out;
}

// The strings a value names: itself, or the elements of a list of strings.
std::set<std::string> namedStrings(const std::optional<Json>& value) {
  std::set<std::string> out;
  if (!value) return out;
  if (value->is_string()) out.insert(value->get<std::string>());
  if (value->is_array()) {
    for (const auto& element : *value) {
      if (!element.is_string()) return {};
      out.insert(element.get<std::string>());
    }
  }
  return out;
}

// Access changes that only take away, recognised without the rules (the narrowing preset approves
// them): an element removed from an Action, Resource or Principal list; a statement, or a
// single-valued list written as its one value; a Deny statement or an all-true public access
// block added. Anything else in an access area must keep an approved pair out.
bool onlyNarrows(const Operation& op) {
  if (op.type != OperationType::Update || !op.property) return false;
  const auto& change = *op.property;
  auto path = toDotted(change.path);
  static const std::regex kElement(
      R"((^|\.)Statement(\.[0-9]+)?\.((Action|Resource)\.[0-9]+|Principal\.[A-Za-z]+(\.[0-9]+)?)$)");
  if (change.operation == PropertyOperationType::Remove && std::regex_search(path, kElement)) {
    return true;
  }
  if (change.operation == PropertyOperationType::Update) {
    auto before = namedStrings(change.oldValue), after = namedStrings(change.newValue);
    if (!after.empty() && std::includes(before.begin(), before.end(), after.begin(), after.end())) {
      return true;
    }
  }
  if (change.operation == PropertyOperationType::Insert && change.newValue) {
    const auto& value = *change.newValue;
    if (std::regex_search(path, std::regex(R"(\.Statement\.[0-9]+$)"))) {
      return value.is_object() && value.value("Effect", "") == "Deny";
    }
    if (path == "Properties.PublicAccessBlockConfiguration" && value.is_object()) {
      return value.size() == 4 &&
             std::all_of(value.begin(), value.end(), [](const Json& v) { return v == true; });
    }
  }
  return false;
}

// The action names every role (by its `Roles` entry) is granted by the IAM::Policy resources of
// a model: a coarse ledger, independent of model-diffing's statement atoms.
std::map<std::string, std::set<std::string>> actionsByRole(const InfraModel& model) {
  std::map<std::string, std::set<std::string>> out;
  for (std::size_t i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.subtype != "AWS::IAM::Policy") continue;
    const auto& properties = component.properties.value("Properties", Json::object());
    auto actions = namedStringsBelow(properties.value("PolicyDocument", Json()), "Action");
    for (const auto& role : properties.value("Roles", Json::array())) {
      out[role.dump()].insert(actions.begin(), actions.end());
    }
  }
  return out;
}

// A new policy c2a calls regrouped must name only actions its roles held before.
bool regroupHolds(const Operation& op, const InfraModel& before, const InfraModel& after) {
  if (!op.regrouped || !op.after || op.subtype != "AWS::IAM::Policy") return false;
  const auto& properties =
      after.component(*op.after).properties.value("Properties", Json::object());
  auto held = actionsByRole(before);
  // The whole new policy, or the one statement added to it.
  Json granted = properties.value("PolicyDocument", Json());
  if (op.type != OperationType::Insert) {
    if (!op.property || op.property->operation != PropertyOperationType::Insert) return false;
    granted = Json{{"Statement", op.property->newValue.value_or(Json())}};
  }
  auto actions = namedStringsBelow(granted, "Action");
  auto roles = properties.value("Roles", Json::array());
  if (roles.empty() || actions.empty()) return false;
  for (const auto& role : roles) {
    const auto& had = held[role.dump()];
    if (!std::includes(had.begin(), had.end(), actions.begin(), actions.end())) return false;
  }
  return true;
}

// Routine CDK churn, recognised without the rules: asset hashes, metadata, bootstrap version,
// tags, the CDK analytics resource. Such a pair must be approved.
bool isChurn(const Operation& op) {
  if (op.subtype == "AWS::CDK::Metadata") return true;
  if (op.componentType == ComponentType::Parameter) {
    return op.name == "BootstrapVersion" || op.name.rfind("AssetParameters", 0) == 0;
  }
  if (op.type != OperationType::Update || !op.property) return false;
  auto path = toDotted(op.property->path);
  bool metadata = path.rfind("Metadata.aws:", 0) == 0 || path == "Metadata";
  bool tags = path.rfind("Properties.Tags", 0) == 0;
  bool asset = path == "Properties.Code.S3Key" || path == "Properties.TemplateURL";
  return op.property->updateType == UpdateType::Mutable && (metadata || tags || asset);
}

// The verdict of every pair as last recorded (tests/corpus/verdicts.tsv: pair, tab, verdict): the
// pairs whose verdict moved are printed with the move, so a change of the presets shows what it
// does to real changes (docs/presets.md keeps the table). C2A_UPDATE_CASES=1 records the new ones.
void reportMovedVerdicts(const std::map<std::string, std::string>& now) {
  const fs::path table = fs::path(C2A_SOURCE_DIR) / "tests/corpus/verdicts.tsv";
  std::map<std::string, std::string> recorded;
  std::ifstream in(table);
  for (std::string line; std::getline(in, line);) {
    auto tab = line.find('\t');
    if (tab != std::string::npos) recorded[line.substr(0, tab)] = line.substr(tab + 1);
  }
  std::map<std::string, std::size_t> moves;
  for (const auto& [pair, verdict] : now) {
    auto it = recorded.find(pair);
    if (it == recorded.end() || it->second == verdict) continue;
    ++moves[it->second + " -> " + verdict];
    std::cout << "[ corpus   ] moved " << it->second << " -> " << verdict << ": " << pair << "\n";
  }
  std::size_t moved = 0;
  for (const auto& [move, count] : moves) {
    std::cout << "[ corpus   ] " << move << ": " << count << " pairs\n";
    moved += count;
  }
  std::cout << "[ corpus   ] " << moved << " of " << now.size()
            << " pairs changed verdict since tests/corpus/verdicts.tsv\n";
  if (const char* update = std::getenv("C2A_UPDATE_CASES"); update != nullptr && *update == '1') {
    std::ofstream out(table, std::ios::binary);
    for (const auto& [pair, verdict] : now) out << pair << '\t' << verdict << '\n';
  }
}

TEST(Corpus, DefaultPresetsApproveRoutineChurnAndNothingThatLosesStateOrWidensAccess) {
  REQUIRE_CORPUS();
  const auto& spec = ResourceSpec::builtin();
  auto presets = selectedPresets({}, false);
  auto loaded = loadRules(presets, {}, ReadLimits{});
  ASSERT_TRUE(loaded.problems.empty()) << loaded.problems.front().str();
  AnalyzeOptions options;
  options.rules = &loaded.set;
  options.presets = presets;
  auto dirs = pairs();
  ASSERT_GT(dirs.size(), 600u);
  std::map<std::string, std::size_t> verdicts;
  std::map<std::string, std::string> byPair;
  std::size_t unchanged = 0, churn = 0, churnUnseen = 0;
  std::ostringstream failures;
  for (const auto& dir : dirs) {
    auto name = fs::relative(dir, corpus() / "pairs").string();
    try {
      auto report = analyze(side(dir, "old"), side(dir, "new"), options);
      const auto& ops = report->diff.operations;
      auto verdict = std::string(toString(report->summary.verdict));
      ++verdicts[verdict];
      byPair[name] = verdict;
      if (ops.empty()) ++unchanged;
      if (verdict == "approved") {
        for (const auto& op : ops) {
          if (losesState(op, spec)) failures << name << ": approved, yet " << op.id << "\n";
          if (touchesAccess(op) && !onlyNarrows(op) &&
              !regroupHolds(op, *report->diff.before, *report->diff.after))
            failures << name << ": approved, yet " << op.id << "\n";
        }
      }
      bool allChurn = !ops.empty() && std::all_of(ops.begin(), ops.end(), isChurn);
      // Churn is approved unless part of the input was not analysed (a transform, a nested
      // template a template file does not hold): then it must stay for review.
      bool unseen = report->summary.notAnalysed > 0;
      if (allChurn && unseen) {
        ++churnUnseen;
        if (verdict != "review") failures << name << ": unseen input, yet " << verdict << "\n";
      } else if (allChurn) {
        ++churn;
        if (verdict != "approved") failures << name << ": routine churn, yet " << verdict << "\n";
      }
    } catch (const C2aError& error) {
      failures << name << ": " << error.diagnostic().str() << "\n";
    }
  }
  // The measure docs/presets.md reports.
  std::cout << "[ corpus   ] default presets over " << dirs.size() << " pairs: approved "
            << verdicts["approved"] << " (" << unchanged << " without changes), review "
            << verdicts["review"] << ", rejected " << verdicts["rejected"] << "; routine churn "
            << churn << " (approved), " << churnUnseen << " more with unseen input (review)\n";
  reportMovedVerdicts(byPair);
  EXPECT_EQ(failures.str(), "");
  EXPECT_GT(churn, 0u) << "no pair of pure routine churn: the property is not exercised";
  EXPECT_GT(verdicts["approved"], unchanged) << "the presets approve nothing that changed";
  EXPECT_GT(verdicts["rejected"], 0u);
}

}  // namespace
}  // namespace c2a
