#include "engine/pipeline/rule_loading.h"

#include "engine/pipeline/schema_facts.h"

namespace c2a {

LoadedRules loadRuleFiles(const std::vector<std::string>& files, const ReadLimits& limits) {
  return rules::loadRuleFiles(files, limits, builtinSchemaFacts());
}

LoadedRules loadRules(const std::vector<std::string>& presets,
                      const std::vector<std::string>& files, const ReadLimits& limits) {
  return rules::loadRules(presets, files, limits, builtinSchemaFacts());
}

}  // namespace c2a
