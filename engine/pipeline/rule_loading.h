#pragma once
// Rule files and presets as the engine loads them: rules/loading/rule_files.h, checked against the
// built-in specification's facts (schema_facts.h), which the rules stage cannot read itself. The
// command and the tests load rules through here; the rest of rule_files.h is offered as it is.
#include <string>
#include <vector>

#include "readers/read_limits.h"
#include "rules/loading/rule_files.h"

namespace c2a {

using rules::LoadedRules;

using rules::convertToNative;
using rules::isC2aRuleFile;
using rules::presetList;
using rules::presetSource;
using rules::readRuleFile;
using rules::selectedPresets;

/// rules::loadRuleFiles checked against the built-in specification (`c2a rules check`).
LoadedRules loadRuleFiles(const std::vector<std::string>& files, const ReadLimits& limits);

/// rules::loadRules checked against the built-in specification.
LoadedRules loadRules(const std::vector<std::string>& presets,
                      const std::vector<std::string>& files, const ReadLimits& limits);

}  // namespace c2a
