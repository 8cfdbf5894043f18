#include "fuzz/checks/fuzz_check.h"

namespace c2a::fuzz {

const std::vector<FuzzTarget>& fuzzTargets() {
  static const std::vector<FuzzTarget> targets = {
      {"json_reader", checkJsonReader},
      {"yaml_reader", checkYamlReader},
      {"template_mapper", checkTemplateMapper},
      {"assembly_manifest", checkAssemblyManifest},
      {"native_rules", checkNativeRules},
      {"c2a_rule_file", checkC2aRuleFile},
      {"rule_tests", checkRuleTests},
      {"approvals", checkApprovals},
      {"parameters_file", checkParametersFile},
      {"change_set", checkChangeSet},
      {"pipeline", checkPipeline},
      {"rule_paths", checkRulePaths},
      {"output_paths", checkOutputPaths},
      {"approvals_binding", checkApprovalsBinding},
  };
  return targets;
}

const FuzzTarget* findFuzzTarget(std::string_view name) {
  for (const auto& target : fuzzTargets()) {
    if (target.name == name) return &target;
  }
  return nullptr;
}

}  // namespace c2a::fuzz
