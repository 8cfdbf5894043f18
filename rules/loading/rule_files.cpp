#include "rules/loading/rule_files.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "model/current_work.h"
#include "model/input_file.h"
#include "model/suggestions.h"
#include "readers/source_document.h"
#include "rules/ast_bytes.h"
#include "rules/aws_c2a/rule_file.h"
#include "rules/compile.h"
#include "rules/native_parser.h"
#include "rules/native_printer.h"
#include "rules/presets/presets.h"

namespace c2a::rules {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxIncludeDepth = 32;

std::string readText(const std::string& file, const ReadLimits& limits) {
  if (auto why = whyNotARegularFile(file)) throw C2aError(ErrorKind::MissingInput, {file}, *why);
  std::error_code ec;
  if (fs::file_size(file, ec) > limits.maxInputBytes) {
    throw C2aError(ErrorKind::InvalidInput, {file},
                   fmt::format("rule file is over the size limit of {} bytes (--max-input-bytes)",
                               limits.maxInputBytes));
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) throw C2aError(ErrorKind::MissingInput, {file}, "cannot read");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  std::string text = std::move(buffer).str();
  // Rule names and strings reach every report format: refused here, with a position.
  requireUtf8Text(text, file);
  return text;
}

class Loader {
 public:
  Loader(const ReadLimits& limits, const SchemaFacts& facts) : limits_(limits), facts_(facts) {}

  void load(const std::string& file, int depth, const SourceLocation& includedFrom) {
    std::error_code ec;
    auto canonical = fs::weakly_canonical(file, ec).string();
    if (ec) canonical = file;
    if (active_.count(canonical) != 0) {
      result_.problems.push_back({ErrorKind::InvalidInput, includedFrom,
                                  fmt::format("`include \"{}\"` makes a cycle", file)});
      return;
    }
    if (loaded_.count(canonical) != 0) return;  // included twice: its rules count once
    if (depth > kMaxIncludeDepth) {
      result_.problems.push_back({ErrorKind::InvalidInput, includedFrom,
                                  fmt::format("includes nested deeper than {}", kMaxIncludeDepth)});
      return;
    }
    loaded_.insert(canonical);
    active_.insert(canonical);
    try {
      result_.set.files.push_back(file);
      if (isC2aRuleFile(file)) {
        auto document = readSourceFile(file, limits_);
        for (auto& rule : readC2aRules(document.root, *document.locations, &result_.warnings,
                                       &result_.problems)) {
          result_.set.rules.push_back(std::move(rule));
        }
      } else {
        auto recovered = parseNativeRulesRecovering(readText(file, limits_), file);
        auto& parsed = recovered.parsed;
        for (auto& problem : recovered.problems) result_.problems.push_back(std::move(problem));
        for (auto& rule : parsed.rules) result_.set.rules.push_back(std::move(rule));
        for (const auto& include : parsed.includes) {
          auto path = fs::path(include.path).is_absolute()
                          ? fs::path(include.path)
                          : fs::path(file).parent_path() / include.path;
          load(path.lexically_normal().string(), depth + 1, include.where);
        }
      }
    } catch (const C2aError& error) {
      auto diagnostic = error.diagnostic();
      // A missing include is the including file's mistake: point at the include.
      if (diagnostic.kind == ErrorKind::MissingInput && includedFrom.known()) {
        diagnostic.message = fmt::format("{}: {}", diagnostic.where.str(), diagnostic.message);
        diagnostic.where = includedFrom;
      }
      result_.problems.push_back(std::move(diagnostic));
    }
    active_.erase(canonical);
  }

  void loadPreset(const Preset& preset) {
    std::string file = "preset:" + std::string(preset.name);
    try {
      result_.set.files.push_back(file);
      // Parsed when c2a was built (rules/presets/compiled_presets.h), includes refused there.
      for (auto& rule : rulesFromBytes(preset.rules, file)) {
        result_.set.rules.push_back(std::move(rule));
      }
    } catch (const C2aError& error) {
      result_.problems.push_back(error.diagnostic());
    }
  }

  /// Compiles what loaded (a file that failed does not hide the others' mistakes), then runs the
  /// static checks (rules/rule_checks.h) on it.
  LoadedRules finish(bool checkPresets) {
    for (auto& problem : compileRuleSet(result_.set, checkPresets)) {
      result_.problems.push_back(std::move(problem));
    }
    RuleCheckOptions options{facts_, checkPresets};
    auto checked = checkRuleSet(result_.set, options);
    for (auto& problem : checked.errors) result_.problems.push_back(std::move(problem));
    for (auto& warning : checked.warnings) result_.warnings.push_back(std::move(warning));
    return std::move(result_);
  }

 private:
  const ReadLimits& limits_;
  const SchemaFacts& facts_;
  std::set<std::string> loaded_;
  std::set<std::string> active_;
  LoadedRules result_;
};

}  // namespace

bool isC2aRuleFile(const std::string& file) {
  auto ext = fs::path(file).extension().string();
  return ext == ".json" || ext == ".yaml" || ext == ".yml";
}

LoadedRules loadRuleFiles(const std::vector<std::string>& files, const ReadLimits& limits,
                          const SchemaFacts& facts) {
  Loader loader(limits, facts);
  for (const auto& file : files) loader.load(file, 0, {});
  return loader.finish(true);
}

LoadedRules loadRules(const std::vector<std::string>& presets,
                      const std::vector<std::string>& files, const ReadLimits& limits,
                      const SchemaFacts& facts) {
  Loader loader(limits, facts);
  for (const auto& name : presets) {
    const auto* preset = findPreset(name);
    if (preset == nullptr) throw C2aError(ErrorKind::Usage, {}, "unknown preset `" + name + "`");
    loader.loadPreset(*preset);
  }
  for (const auto& file : files) loader.load(file, 0, {});
  return loader.finish(false);
}

std::vector<std::string> selectedPresets(const std::vector<std::string>& named, bool noPresets) {
  if (noPresets && !named.empty()) {
    throw C2aError(ErrorKind::Usage, {}, "--preset and --no-presets exclude each other");
  }
  std::vector<std::string> out;
  if (noPresets) return out;
  std::set<std::string_view> chosen;
  for (const auto& name : named) {
    auto selected = selectPresets(name);
    if (selected.empty()) {
      throw C2aError(ErrorKind::Usage, {},
                     fmt::format("unknown preset `{}`{} (`c2a rules presets` lists them)", name,
                                 didYouMean(name, presetNames())));
    }
    for (const auto* preset : selected) chosen.insert(preset->name);
  }
  for (const auto& preset : presets()) {
    if (named.empty() || chosen.count(preset.name) != 0) out.emplace_back(preset.name);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> presetList() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& preset : presets()) {
    out.emplace_back(std::string(preset.name), std::string(preset.summary));
  }
  return out;
}

std::string presetSource(const std::string& name) {
  const auto* preset = findPreset(name);
  if (preset == nullptr) {
    throw C2aError(ErrorKind::Usage, {},
                   fmt::format("unknown preset `{}`{} (`c2a rules presets` lists them)", name,
                               didYouMean(name, presetNames())));
  }
  return std::string(preset->source);
}

std::vector<Rule> readRuleFile(const std::string& file, const ReadLimits& limits) {
  const CurrentWork work("reading " + file, "--max-input-bytes");
  if (isC2aRuleFile(file)) {
    auto document = readSourceFile(file, limits);
    return readC2aRules(document.root, *document.locations);
  }
  return parseNativeRules(readText(file, limits), file).rules;
}

std::string convertToNative(const std::string& file, const ReadLimits& limits) {
  return printNativeRules(readRuleFile(file, limits));
}

}  // namespace c2a::rules
