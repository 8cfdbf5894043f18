#pragma once
// Parameter values for a deployment (`--parameters`, `--before-parameters`, `--after-parameters`,
// `--parameter KEY=VALUE`), in the formats teams already keep them in, detected by content:
//   - the CloudFormation CLI's list: [{"ParameterKey": "K", "ParameterValue": "V"},
//     {"ParameterKey": "K2", "UsePreviousValue": true}]
//   - CodePipeline's template configuration: {"Parameters": {"K": "V"}, "Tags": {...}}
//   - a plain object: {"K": "V"} (JSON or YAML)
//   - KEY=VALUE lines (`#` comments and blank lines skipped)
// A mistake is bad input (exit 65) located FILE:LINE:COL.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/error.h"
#include "model/template_evaluation.h"
#include "readers/read_limits.h"

namespace c2a {

struct ParameterValues {
  std::map<std::string, std::string> values;  // a list's members joined by commas, as the CLI does
  std::set<std::string> usePrevious;          // UsePreviousValue: the BEFORE side's value
  std::map<std::string, SourceLocation> where;  // where each key is given
};

ParameterValues readParametersFile(const std::string& file, const ReadLimits& limits);

/// `KEY=VALUE` from the command line (--parameter); a usage error otherwise.
std::pair<std::string, std::string> parameterAssignment(const std::string& text);

/// The values each side deploys with: `both` for both sides, then each side's own file over it,
/// then the AFTER side's `assignments`; UsePreviousValue takes the BEFORE side's value (or leaves
/// the value unknown when the BEFORE side has none, which compares as unchanged). Keys no stack of
/// either side declares are warnings, located where they are given.
struct ParameterInputs {
  std::string both;                        // --parameters
  std::string before;                      // --before-parameters
  std::string after;                       // --after-parameters
  std::vector<std::string> assignments;    // --parameter KEY=VALUE (AFTER side)
  std::string region, account, partition;  // pseudo parameters, both sides
  std::string stackName;                   // AWS::StackName, both sides
  std::string availabilityZones;           // Fn::GetAZs: zone names separated by commas
};

/// What the inputs give: each side's values, and where each key is given (for the warning about
/// keys no stack declares, which needs the models).
struct GivenParameters {
  Deployments deployments;
  std::map<std::string, SourceLocation> keys;
};

GivenParameters readDeployments(const ParameterInputs& inputs, const ReadLimits& limits);

/// A warning per given key that no stack of either side declares.
Diagnostics undeclaredParameters(const std::map<std::string, SourceLocation>& keys,
                                 const InfraModel& before, const InfraModel& after);

}  // namespace c2a
