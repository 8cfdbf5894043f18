// AWS::Serverless::StateMachine → AWS::StepFunctions::StateMachine under the same id, its role
// `<id>Role` (unless Role is given) with SAM's Policies, and its event sources.
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {

void expandStateMachine(const SamResource& from, Expansion& expansion) {
  Json machine = Json::object();
  copy(from, machine,
       {{"Definition", "Definition"},
        {"DefinitionSubstitutions", "DefinitionSubstitutions"},
        {"Name", "StateMachineName"},
        {"Type", "StateMachineType"},
        {"Logging", "LoggingConfiguration"},
        {"Tracing", "TracingConfiguration"}});
  if (const Json* uri = from.property("DefinitionUri")) {
    machine["DefinitionS3Location"] = s3Location(*uri, "Bucket", "Key", "Version");
  }
  machine["Tags"] = tagList(from.property("Tags"), {{"stateMachine:createdBy", "SAM"}});
  std::vector<Json> managed;
  expandEvents(from, expansion, false, managed);
  if (const Json* role = from.property("Role")) {
    machine["RoleArn"] = *role;
  } else {
    addExecutionRole(from, expansion, from.id + "Role", "states.amazonaws.com",
                     "stateMachine:createdBy", std::move(managed), {});
    machine["RoleArn"] = getAtt(from.id + "Role", "Arn");
  }
  expansion.addOwn(from, "AWS::StepFunctions::StateMachine", std::move(machine));
}

}  // namespace c2a::serverless
