// The pipeline of `c2a diff` stage by stage, on one generated pair (generate_pair.py, 500
// resources, seed 1, the default mutation mix): read, map, match, property diff, propagation, the
// whole diff, prediction, rules (the bundled presets), aggregation, each report format, and the
// whole analyze() on the files. Each stage runs on the previous stages' output, built once
// outside the timed loop, so a regression points at its stage. Beside reading, the same bytes
// parsed and nothing more by simdjson (with C2A_BENCH_SIMDJSON: Debian's libsimdjson-dev) and by
// nlohmann::json: issue 27 asks that ReadAndMap stay within 3x of ParseOnly/simdjson.
// Run: build/bench/c2a_bench_stages; C2A_BENCH_PAIR=DIR reads DIR/before.json and after.json
// instead of generating the pair.
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>
#ifdef C2A_BENCH_SIMDJSON
#include <simdjson.h>
#endif

#include "aggregations/aggregation_tree.h"
#include "deployment-prediction/failures.h"
#include "deployment-prediction/plan.h"
#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"
#include "model-diffing/change_propagation.h"
#include "model-diffing/component_matching.h"
#include "model-diffing/model_diff.h"
#include "model-diffing/operation_table.h"
#include "model-diffing/property_diff.h"
#include "model-diffing/reference_renames.h"
#include "model/same_value.h"
#include "platform-mapping/input.h"
#include "readers/source_document.h"
#include "rules/evaluator.h"
#include "spec/name_namespaces.h"
#include "spec/resource_spec.h"
#include "spec/serverless_resources.h"

namespace c2a {
namespace {

// --- The pair ---------------------------------------------------------------------------------

// Runs argv[0] from PATH; its standard output goes to standard error, so that the generator's
// statistics line is seen without mixing into the benchmark's own output (--benchmark_format).
int run(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, 2, 1);
  pid_t pid = 0;
  int error = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void appendYamlNode(const Json& value, int indent, std::string& out);

// Keys plain where YAML reads them back as the same string (`Type`, `Fn::GetAtt`,
// `aws:cdk:path`), as templates write them; others quoted.
std::string yamlKey(const std::string& key) {
  static const std::set<std::string> kWords = {"null", "Null",  "NULL",  "true", "True",
                                               "TRUE", "false", "False", "FALSE"};
  bool plain =
      !key.empty() && std::isalpha(static_cast<unsigned char>(key.front())) != 0 &&
      key.back() != ':' && kWords.count(key) == 0 &&
      std::all_of(key.begin(), key.end(), [](unsigned char c) {
        return std::isalnum(c) != 0 || c == ':' || c == '_' || c == '.' || c == '-' || c == '/';
      });
  return plain ? key : Json(key).dump();
}

// A block mapping or sequence at `indent`. Sequence entries are compact (`- Key: value`), as
// templates are written: the entry's block is rendered two columns in, and its first indentation
// becomes the dash.
void appendYamlBlock(const Json& value, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  if (value.is_object()) {
    for (const auto& [key, member] : value.items()) {
      out += pad + yamlKey(key) + ':';
      appendYamlNode(member, indent + 2, out);
    }
    return;
  }
  for (const auto& element : value) {
    std::string entry;
    appendYamlNode(element, indent + 2, entry);
    if (entry.front() == '\n') {
      entry.replace(0, static_cast<std::size_t>(indent) + 3, pad + "- ");
    } else {
      entry.insert(0, pad + "-");
    }
    out += entry;
  }
}

// After `key:` or `-`: a scalar on the same line, a non-empty collection on the lines below.
// String values are double-quoted with JSON's escapes, which are YAML's too; numbers, booleans and
// null are plain, which YAML's core schema reads back as the same values.
void appendYamlNode(const Json& value, int indent, std::string& out) {
  if ((value.is_object() || value.is_array()) && !value.empty()) {
    out += '\n';
    appendYamlBlock(value, indent, out);
  } else {
    out += ' ' + value.dump() + '\n';
  }
}

// The same template as YAML text. The benchmark checks that it reads back to the same tree.
std::string yamlOf(const Json& root) {
  std::string out;
  appendYamlBlock(root, 0, out);
  return out;
}

const ResourceSpec& spec() {
  return ResourceSpec::builtin();
}

// The lookups analyze.cpp hands the differ.
const UpdateTypeLookup kUpdateTypes = [](std::string_view type, const Path& path) {
  return spec().updateType(type, path);
};
const DeployedTypeLookup kDeployedTypes = [](std::string_view type) {
  return std::string(serverlessTransformedType(type).value_or(type));
};

std::vector<ComponentIndex> everyComponent(const InfraModel& model) {
  std::vector<ComponentIndex> out;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) out.push_back(i);
  return out;
}

// Every stage's input, built once (by the first benchmark that asks, outside its timed loop) and
// never freed: the process ends after the benchmarks.
struct Inputs {
  std::string beforeFile;
  std::string afterFile;
  ReadLimits limits;
  std::string beforeText;
  std::string beforeYaml;
  SourceDocument beforeDocument;
  InfraModel before;
  InfraModel after;
  std::size_t resources = 0;  // in BEFORE
  std::vector<std::string> presets;
  LoadedRules rules;
  AnalyzeOptions options;
  std::unique_ptr<Report> report;  // analyze() with the presets: the later stages' input
};

std::string gPairDirectory;  // set by main

const Inputs& inputs() {
  static const Inputs* const built = [] {
    auto* in = new Inputs;
    in->beforeFile = gPairDirectory + "/before.json";
    in->afterFile = gPairDirectory + "/after.json";
    in->beforeText = readInputText(in->beforeFile, in->limits);
    in->beforeDocument = readJson(in->beforeText, in->beforeFile, in->limits);
    in->resources = in->beforeDocument.root["Resources"].size();
    in->beforeYaml = yamlOf(in->beforeDocument.root);
    if (readYaml(in->beforeYaml, "before.yaml", in->limits).root != in->beforeDocument.root) {
      throw std::runtime_error("the YAML rendering of before.json reads back differently");
    }
    Diagnostics warnings;
    in->before = loadInput(in->beforeFile, in->limits, warnings);
    in->after = loadInput(in->afterFile, in->limits, warnings);
    in->presets = selectedPresets({}, false);
    in->rules = loadRules(in->presets, {}, in->limits);
    if (!in->rules.problems.empty()) throw std::runtime_error("the bundled presets do not load");
    in->options.rules = &in->rules.set;
    in->options.ruleFiles = in->rules.set.files;
    in->options.presets = in->presets;
    in->report = analyze(in->beforeFile, in->afterFile, in->options);
    return in;
  }();
  return *built;
}

void count(benchmark::State& state, const char* name, std::size_t value) {
  state.counters[name] = static_cast<double>(value);
}

// --- Read and map -----------------------------------------------------------------------------

#ifdef C2A_BENCH_SIMDJSON
// The yardstick of issue 27: simdjson's DOM parser on BEFORE's bytes, parsing only (the tree it
// builds is not walked). The padded copy is made and the parser's buffers sized by one parse
// before the timing, as simdjson is meant to be used: the loop is the parse alone.
void benchParseOnlySimdjson(benchmark::State& state) {
  const auto& in = inputs();
  const simdjson::padded_string padded(in.beforeText);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (auto error = parser.parse(padded).get(root); error != simdjson::SUCCESS) {
    state.SkipWithError(simdjson::error_message(error));
    return;
  }
  for (auto _ : state) {
    auto error = parser.parse(padded).get(root);
    benchmark::DoNotOptimize(error);
    benchmark::DoNotOptimize(root);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * in.beforeText.size()));
  state.SetLabel(simdjson::get_active_implementation()->name());
  count(state, "resources", in.resources);
}
#endif

// For reference: nlohmann::json (which c2a's Json is built on) parsing the same bytes into its
// own tree, no positions kept, no limits checked.
void benchParseOnlyNlohmann(benchmark::State& state) {
  const auto& in = inputs();
  for (auto _ : state) {
    auto root = nlohmann::json::parse(in.beforeText);
    benchmark::DoNotOptimize(root);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * in.beforeText.size()));
  count(state, "resources", in.resources);
}

void benchReadJson(benchmark::State& state) {
  const auto& in = inputs();
  for (auto _ : state) {
    auto document = readJson(in.beforeText, in.beforeFile, in.limits);
    benchmark::DoNotOptimize(document.root);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * in.beforeText.size()));
  count(state, "resources", in.resources);
}

void benchReadYaml(benchmark::State& state) {
  const auto& in = inputs();
  for (auto _ : state) {
    auto document = readYaml(in.beforeYaml, "before.yaml", in.limits);
    benchmark::DoNotOptimize(document.root);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * in.beforeYaml.size()));
  count(state, "resources", in.resources);
}

// The template already read: what loadInput does after reading.
void benchMapTemplate(benchmark::State& state) {
  const auto& in = inputs();
  std::size_t components = 0;
  std::size_t relationships = 0;
  for (auto _ : state) {
    // The run maps a document it then gives up (its bodies are moved, not copied): the copy
    // that stands for reading is made outside the timing.
    state.PauseTiming();
    SourceDocument document = in.beforeDocument;
    state.ResumeTiming();
    Diagnostics warnings;
    auto model = loadTemplate(std::move(document), warnings);
    components = model.componentCount();
    relationships = model.relationshipCount();
    benchmark::DoNotOptimize(model);
  }
  count(state, "resources", in.resources);
  count(state, "components", components);
  count(state, "relationships", relationships);
}

// One side of `c2a diff` from its bytes: readJson, then the mapping of the document read (the
// file's own reading, readInputText, is not timed). Issue 27's figure beside ParseOnly/simdjson.
void benchReadAndMap(benchmark::State& state) {
  const auto& in = inputs();
  std::size_t components = 0;
  for (auto _ : state) {
    auto document = readJson(in.beforeText, in.beforeFile, in.limits);
    Diagnostics warnings;
    auto model = loadTemplate(std::move(document), warnings);
    components = model.componentCount();
    benchmark::DoNotOptimize(model);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * in.beforeText.size()));
  count(state, "resources", in.resources);
  count(state, "components", components);
}

// --- Diff -------------------------------------------------------------------------------------

diffing::StackMatching matching(const Inputs& in) {
  return diffing::matchComponents(in.before, everyComponent(in.before), in.after,
                                  everyComponent(in.after), kUpdateTypes, kDeployedTypes);
}

// The generated pair is one template: one stack on each side, all of whose components match.
void benchMatchComponents(benchmark::State& state) {
  const auto& in = inputs();
  auto beforeMembers = everyComponent(in.before);
  auto afterMembers = everyComponent(in.after);
  std::size_t pairs = 0;
  std::size_t renames = 0;
  for (auto _ : state) {
    auto matched = diffing::matchComponents(in.before, beforeMembers, in.after, afterMembers,
                                            kUpdateTypes, kDeployedTypes);
    pairs = matched.pairs.size();
    renames = static_cast<std::size_t>(std::count_if(
        matched.pairs.begin(), matched.pairs.end(), [](const auto& pair) { return pair.renamed; }));
    benchmark::DoNotOptimize(matched);
  }
  count(state, "pairs", pairs);
  count(state, "renames", renames);
}

// Each matched pair's bodies as the differ compares them (model_diff.cpp's diffPair): intrinsics
// normalised, BEFORE's references mapped through the renames.
std::vector<std::pair<Json, Json>> comparedBodies(const Inputs& in,
                                                  const diffing::StackMatching& matched) {
  std::vector<std::pair<Json, Json>> bodies;
  for (const auto& pair : matched.pairs) {
    bodies.emplace_back(
        diffing::applyRenames(normalizeIntrinsics(in.before.component(pair.before).properties),
                              matched.renames),
        normalizeIntrinsics(in.after.component(pair.after).properties));
  }
  return bodies;
}

// The differ's preparation of every pair, which costs more than the diff of the bodies.
void benchNormalizeBodies(benchmark::State& state) {
  const auto& in = inputs();
  auto matched = matching(in);
  for (auto _ : state) {
    auto bodies = comparedBodies(in, matched);
    benchmark::DoNotOptimize(bodies);
  }
  count(state, "pairs", matched.pairs.size());
}

// The recursive diff alone, over every matched pair's prepared bodies, changed or not.
void benchDiffProperties(benchmark::State& state) {
  const auto& in = inputs();
  auto bodies = comparedBodies(in, matching(in));
  std::size_t changes = 0;
  for (auto _ : state) {
    changes = 0;
    for (const auto& [before, after] : bodies) {
      auto diff = diffing::diffProperties(before, after);
      changes += diff.size();
      benchmark::DoNotOptimize(diff);
    }
  }
  count(state, "pairs", bodies.size());
  count(state, "changes", changes);
}

// Propagation from the operations the differ finds itself (those diffModels does not mark
// propagated), in a fresh ChangeSet each iteration; building it is not timed. A first run must end
// with as many operations as diffModels: then it does the same work.
void benchPropagateChanges(benchmark::State& state) {
  const auto& in = inputs();
  auto matched = matching(in);
  auto whole = diffModels(in.before, in.after, kUpdateTypes, kDeployedTypes);
  std::vector<Operation> found;
  for (const auto& op : whole.operations) {
    if (!op.propagated) found.push_back(op);
  }
  std::optional<diffing::OperationTable> changes;
  std::optional<TemplateEvaluator> beforeValues;
  std::optional<TemplateEvaluator> afterValues;
  auto prepare = [&] {
    changes.reset();  // (its destructor is not timed either)
    changes.emplace(in.before, in.after);
    for (const auto& pair : matched.pairs) changes->setCounterpart(pair.after, pair.before);
    for (const auto& op : found) changes->add(op);
    beforeValues.emplace(in.before);
    afterValues.emplace(in.after);
    return diffing::Evaluators{*beforeValues, *afterValues};
  };
  auto evaluators = prepare();
  diffing::propagateChanges(*changes, kUpdateTypes, evaluators);
  if (changes->size() != whole.operations.size()) {
    state.SkipWithError("propagation does not reach diffModels' operations");
    return;
  }
  for (auto _ : state) {
    state.PauseTiming();
    auto fresh = prepare();
    state.ResumeTiming();
    diffing::propagateChanges(*changes, kUpdateTypes, fresh);
  }
  count(state, "found", found.size());
  count(state, "operations", whole.operations.size());
}

void benchDiffModels(benchmark::State& state) {
  const auto& in = inputs();
  std::size_t operations = 0;
  for (auto _ : state) {
    auto diff = diffModels(in.before, in.after, kUpdateTypes, kDeployedTypes);
    operations = diff.operations.size();
    benchmark::DoNotOptimize(diff.fingerprint);
  }
  count(state, "resources", in.resources);
  count(state, "operations", operations);
}

// --- Predict, rules, aggregate ----------------------------------------------------------------

// Failures foreseen and the deployment plan, as analyze.cpp's "predict" stage.
void benchPredict(benchmark::State& state) {
  const auto& in = inputs();
  DeploymentFacts facts;
  facts.physicalNameProperties = [](std::string_view type) -> const std::vector<std::string>& {
    return spec().physicalNameProperties(type);
  };
  facts.nameNamespace = [](std::string_view type) { return nameNamespace(type); };
  for (auto _ : state) {
    auto failures = foreseeFailures(in.report->diff, facts);
    auto plan = planDeployment(in.report->diff);
    benchmark::DoNotOptimize(failures);
    benchmark::DoNotOptimize(plan);
  }
  count(state, "operations", in.report->diff.operations.size());
}

// Parsing and compiling the bundled presets: `c2a diff` does it before reading the inputs.
void benchLoadPresets(benchmark::State& state) {
  const auto& in = inputs();
  for (auto _ : state) {
    auto loaded = loadRules(in.presets, {}, in.limits);
    benchmark::DoNotOptimize(loaded.set);
  }
  count(state, "rules", in.rules.set.rules.size());
}

void benchApplyPresets(benchmark::State& state) {
  const auto& in = inputs();
  rules::EvaluationOptions evaluation;
  evaluation.facts.isStateful = [](std::string_view type) { return spec().isStateful(type); };
  evaluation.failures = &in.report->failures;
  for (auto _ : state) {
    auto outcome = rules::applyRules(in.rules.set, in.report->diff, evaluation);
    benchmark::DoNotOptimize(outcome);
  }
  count(state, "operations", in.report->diff.operations.size());
  count(state, "rules", in.rules.set.rules.size());
}

void benchAggregate(benchmark::State& state) {
  const auto& in = inputs();
  const auto& report = *in.report;
  for (auto _ : state) {
    auto tree = aggregate(report.diff, report.decisions, defaultAggregationLevels(report.diff));
    benchmark::DoNotOptimize(tree);
  }
  count(state, "operations", report.diff.operations.size());
}

// --- Render and the whole ---------------------------------------------------------------------

void benchRender(benchmark::State& state, const ReportFormat& format) {
  const auto& in = inputs();
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto text = format.render(*in.report, RenderOptions{});
    bytes = text.size();
    benchmark::DoNotOptimize(text);
  }
  count(state, "operations", in.report->diff.operations.size());
  count(state, "bytes", bytes);
}

// What `c2a diff` does between loading the rules and rendering: read and map both files, diff,
// predict, rules, aggregate.
void benchAnalyzeFiles(benchmark::State& state) {
  const auto& in = inputs();
  for (auto _ : state) {
    auto report = analyze(in.beforeFile, in.afterFile, in.options);
    benchmark::DoNotOptimize(report);
  }
  count(state, "resources", in.resources);
  count(state, "operations", in.report->diff.operations.size());
}

// In pipeline order (registered here rather than by BENCHMARK, which would run the formats,
// registered at run time, last).
void registerBenchmarks() {
  using benchmark::RegisterBenchmark;
#ifdef C2A_BENCH_SIMDJSON
  RegisterBenchmark("ParseOnly/simdjson", benchParseOnlySimdjson)->Unit(benchmark::kMicrosecond);
#endif
  RegisterBenchmark("ParseOnly/nlohmann", benchParseOnlyNlohmann)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("ReadJson", benchReadJson)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("ReadYaml", benchReadYaml)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("MapTemplate", benchMapTemplate)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("ReadAndMap", benchReadAndMap)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("MatchComponents", benchMatchComponents)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("NormalizeBodies", benchNormalizeBodies)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("DiffProperties", benchDiffProperties)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("PropagateChanges", benchPropagateChanges)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("DiffModels", benchDiffModels)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("Predict", benchPredict)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("LoadPresets", benchLoadPresets)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("ApplyPresets", benchApplyPresets)->Unit(benchmark::kMicrosecond);
  RegisterBenchmark("Aggregate", benchAggregate)->Unit(benchmark::kMicrosecond);
  for (const auto& format : reportFormats()) {
    auto render = [&format](benchmark::State& state) { benchRender(state, format); };
    RegisterBenchmark(("Render/" + std::string(format.name)).c_str(), render)
        ->Unit(benchmark::kMicrosecond);
  }
  RegisterBenchmark("AnalyzeFiles", benchAnalyzeFiles)->Unit(benchmark::kMillisecond);
}

}  // namespace
}  // namespace c2a

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::string generated;  // the temporary pair, removed at the end
  if (const char* given = std::getenv("C2A_BENCH_PAIR"); given != nullptr && *given != '\0') {
    c2a::gPairDirectory = given;
  } else {
    std::string pattern = (std::filesystem::temp_directory_path() / "c2a-bench-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      std::perror("c2a_bench_stages: mkdtemp");
      return 1;
    }
    generated = c2a::gPairDirectory = pattern;
    const std::string generator = std::string(C2A_SOURCE_DIR) + "/bench/generate_pair.py";
    if (c2a::run({"python3", generator, "-n", "500", "--seed", "1", "--out", generated}) != 0) {
      std::fprintf(stderr, "c2a_bench_stages: generate_pair.py failed\n");
      std::filesystem::remove_all(generated);
      return 1;
    }
  }
  c2a::registerBenchmarks();
  int status = 0;
  try {
    benchmark::RunSpecifiedBenchmarks();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "c2a_bench_stages: %s\n", error.what());
    status = 1;
  }
  benchmark::Shutdown();
  if (!generated.empty()) std::filesystem::remove_all(generated);
  return status;
}
