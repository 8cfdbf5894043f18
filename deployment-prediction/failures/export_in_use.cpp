// export-in-use: an Output another stack imports is removed, or its value or export name changes.
#include <fmt/format.h>

#include <set>
#include <string>
#include <vector>

#include "deployment-prediction/failures/custom_names.h"
#include "deployment-prediction/failures/failure_list.h"

namespace c2a::prediction {
namespace {

constexpr std::string_view kExportInUse = "export-in-use";

/// The stacks that import (Fn::ImportValue) what a BEFORE-side Output exports, sorted, each once.
std::vector<std::string> importers(const ModelDiff& diff, ComponentIndex output) {
  std::set<std::string> stacks;
  const std::string& own = diff.before->component(output).stack;
  diff.before->forEachIncoming(
      output, [&](ComponentIndex source, ComponentIndex, const Relationship& relationship) {
        if (relationship.reference != ReferenceKind::ImportValue) return;
        const std::string& stack = diff.before->component(source).stack;
        if (stack != own) stacks.insert(stack);
      });
  return {stacks.begin(), stacks.end()};
}

/// CloudFormation refuses to change or delete an export another stack imports ("Cannot update
/// export X as it is in use by Y"), and the exporting stack deploys first (the importer depends
/// on it): an Output's removal, or a change of its Value or Export, while the deployed importers
/// still read it, fails.
void exportInUse(const ModelDiff& diff, std::size_t index, Failures& out) {
  const Operation& op = diff.operations[index];
  if (op.componentType != ComponentType::Output || !op.before ||
      op.certainty != Certainty::Definite) {
    return;
  }
  const bool removed = !op.property && op.type == OperationType::Remove;
  const bool changed =
      op.property && !op.property->path.empty() &&
      (op.property->path.front() == "Value" || op.property->path.front() == "Export");
  if (!removed && !changed) return;
  const Component& output = diff.before->component(*op.before);
  auto exported = output.properties.find("Export");
  if (exported == output.properties.end() || !exported->is_object()) return;
  auto users = importers(diff, *op.before);
  if (users.empty()) return;
  std::string name = exported->contains("Name") ? shownValue((*exported)["Name"]) : op.name;
  std::string stacks;
  for (const auto& stack : users) stacks += (stacks.empty() ? "" : ", ") + stack;
  out.push_back(
      {std::string(kExportInUse),
       fmt::format("Output {} {} the export {}, which {} {} (Fn::ImportValue): CloudFormation "
                   "refuses to change or delete an export in use (\"cannot update export {} as it "
                   "is in use\"), and this stack deploys before the stacks that import from it; "
                   "deploy {} without the import first (with the CDK, keep the old export for one "
                   "deployment: this.exportValue(...)), then change this stack",
                   op.name, removed ? "is removed, and with it" : "changes", name,
                   users.size() == 1 ? "stack" : "stacks",
                   stacks + (users.size() == 1 ? " imports" : " import"), name, stacks),
       index,
       {}});
}

void checkExportInUse(const FailureInputs& inputs, Failures& out) {
  for (std::size_t i = 0; i < inputs.diff.operations.size(); ++i) exportInUse(inputs.diff, i, out);
}

}  // namespace

FailureKind exportInUseKind() {
  return {kExportInUse, "An export other stacks import changes or is removed", false,
          &checkExportInUse};
}

}  // namespace c2a::prediction
