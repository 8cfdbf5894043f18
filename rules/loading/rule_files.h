#pragma once
// Reading rule files: `.json`, `.yaml`, `.yml` are C2A's rule structure, anything else the native
// language; native `include`s are followed (relative to the including file, cycles refused).
// The loaded set is compiled and checked (rule_checks.h); every problem of every file is reported,
// none silently dropped. The specification's facts the checks read come from the caller: the
// engine fills them from spec/ (engine/pipeline/schema_facts.h, engine/pipeline/rule_loading.h).
#include <string>
#include <utility>
#include <vector>

#include "model/error.h"
#include "readers/read_limits.h"
#include "rules/ast.h"
#include "rules/rule_checks.h"

namespace c2a::rules {

struct LoadedRules {
  RuleSet set;
  Diagnostics problems;  // syntax and compile errors, each located; empty = ready to evaluate
  Diagnostics warnings;  // what loads but may not mean what it says (C2A files), each located
};

/// The files, compiled together and checked against `facts`, presets included (`c2a rules check`).
LoadedRules loadRuleFiles(const std::vector<std::string>& files, const ReadLimits& limits,
                          const SchemaFacts& facts);

/// The bundled presets named (built in, `preset:NAME` in locations and rule labels), then the
/// files, compiled together and checked against `facts` (the presets' own rules left to their
/// tests). Names must be known (checkPresetNames).
LoadedRules loadRules(const std::vector<std::string>& presets,
                      const std::vector<std::string>& files, const ReadLimits& limits,
                      const SchemaFacts& facts);

/// The presets a command line selects: all by default, none with `noPresets`, else those named
/// (aliases expanded, each once, in table order). Throws C2aError (usage) for an unknown name,
/// with did-you-mean, or for --preset given with --no-presets.
std::vector<std::string> selectedPresets(const std::vector<std::string>& named, bool noPresets);

/// {name, summary} of every preset, for `c2a rules presets`.
std::vector<std::pair<std::string, std::string>> presetList();
/// The source of a preset (`c2a rules show-preset`); throws C2aError (usage) for an unknown name.
std::string presetSource(const std::string& name);

/// The rules of one file as they are written (not compiled, includes not followed), for
/// `c2a rules convert`. Throws C2aError.
std::vector<Rule> readRuleFile(const std::string& file, const ReadLimits& limits);

/// The native-language text of one C2A rule file (`c2a rules convert`). Throws C2aError.
std::string convertToNative(const std::string& file, const ReadLimits& limits);

/// True for files in C2A's rule structure (by extension).
bool isC2aRuleFile(const std::string& file);

}  // namespace c2a::rules
