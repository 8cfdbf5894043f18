// The options that say what each side is deployed with, shared by `diff` and `plan`.
#include "cli/commands.h"
#include "engine/pipeline/parameters_file.h"

namespace c2a::cli {

void addEvaluationOptions(CLI::App& command, ParameterInputs& inputs,
                          std::vector<std::string>& changeSets) {
  const char* group = "Template evaluation";
  command
      .add_option("--parameters", inputs.both,
                  "Parameter values both sides are deployed with: a CloudFormation CLI list "
                  "([{\"ParameterKey\":...,\"ParameterValue\":...}]), {\"Parameters\": {...}} "
                  "(CodePipeline), an object of values, or KEY=VALUE lines")
      ->group(group);
  command
      .add_option("--before-parameters", inputs.before,
                  "Parameter values the deployed stack has (over --parameters)")
      ->group(group);
  command
      .add_option("--after-parameters", inputs.after,
                  "Parameter values the deployment will pass (over --parameters); "
                  "UsePreviousValue takes the BEFORE side's")
      ->group(group);
  command
      .add_option("--parameter", inputs.assignments,
                  "KEY=VALUE: a parameter value the deployment will pass (AFTER side); repeatable")
      ->group(group);
  command.add_option("--region", inputs.region, "AWS::Region of the deployment (default: unknown)")
      ->group(group);
  command
      .add_option("--account", inputs.account,
                  "AWS::AccountId of the deployment (default: unknown)")
      ->group(group);
  command
      .add_option("--partition", inputs.partition,
                  "AWS::Partition of the deployment: aws, aws-cn, aws-us-gov... (default: "
                  "unknown)")
      ->group(group);
  command
      .add_option("--stack-name", inputs.stackName,
                  "AWS::StackName of the deployment: the deployed stack's name (default: the "
                  "cloud assembly's stackName, else unknown)")
      ->group(group);
  command
      .add_option("--availability-zones", inputs.availabilityZones,
                  "ZONE,ZONE...: what Fn::GetAZs gives in the deployment's region (default: "
                  "unknown)")
      ->group(group);
  command
      .add_option("--change-set", changeSets,
                  "The JSON of `aws cloudformation describe-change-set` for this deployment, or a "
                  "directory of such files (repeatable): nested stacks' change sets and a second "
                  "description with property values are matched and merged. Its Replacement "
                  "answers are used, and where it and c2a disagree is listed (docs/diff.md, "
                  "\"Change sets\")")
      ->group(group);
}

}  // namespace c2a::cli
