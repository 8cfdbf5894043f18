#pragma once
// From renames to their fix (issue 29 §3): CloudFormation's stack refactoring (CreateStackRefactor,
// what `cdk refactor` uses) moves a resource to a new logical id or another stack without
// replacing it, but `cdk refactor` refuses a deployment that changes anything else. c2a finds the
// renames, and the moves between stacks of one assembly, among other changes: this writes them as
// the `ResourceMappings` the API takes, for those the API accepts.
#include <string>
#include <vector>

#include "model/json.h"

namespace c2a {

struct Report;

struct RefactorMapping {
  /// [{"Source": {"StackName", "LogicalResourceId"}, "Destination": {...}}], in report order.
  Json mappings = Json::array();
  /// Why a rename or move is not among them ("Jobs (stack Api/Nested): ..."), in report order.
  std::vector<std::string> refused;
};

/// The refactor mapping of the report's renames and cross-stack moves. A stack is named as it is
/// deployed: its cloud assembly's stackName, else its artifact id; a lone template by `stackName`
/// (--stack-name), without which nothing can be mapped. Refused: resources of nested stacks
/// (CloudFormation names those stacks when it creates them), moves of resources that read a pseudo
/// parameter whose value differs between the two stacks (AWS::StackName, AWS::StackId, or the
/// account or region where the stacks' differ), and everything when more than five stacks take
/// part (the API's limit).
RefactorMapping refactorMapping(const Report& report, const std::string& stackName);

}  // namespace c2a
