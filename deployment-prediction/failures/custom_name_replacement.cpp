// custom-name-replacement: a resource that must be replaced keeps its custom physical name.
#include <fmt/format.h>

#include <set>
#include <utility>

#include "deployment-prediction/failures/custom_names.h"
#include "deployment-prediction/failures/failure_list.h"

namespace c2a::prediction {
namespace {

constexpr std::string_view kCustomNameReplacement = "custom-name-replacement";

/// What gives a name written the same way a new value: the AFTER components that get a new
/// physical id (replaced or renamed: a name that reads one changes), and the top-level properties
/// the diff updates (a parameter, mapping or condition they read changed: a propagated update).
struct Renewals {
  std::set<ComponentIndex> physicalIds;
  std::set<std::pair<ComponentIndex, std::string>> properties;
};

Renewals renewals(const ModelDiff& diff) {
  Renewals out;
  for (const auto& op : diff.operations) {
    if (!op.after) continue;
    if (!op.property) {
      if (op.type == OperationType::Replace || op.type == OperationType::Rename) {
        out.physicalIds.insert(*op.after);
      }
    } else if (op.property->path.size() >= 2 && op.property->path[0] == "Properties") {
      out.properties.emplace(*op.after, op.property->path[1]);
    }
  }
  return out;
}

/// True when the name written in `property` of the AFTER component `index` takes a new value
/// although it is written the same.
bool nameRenewed(const ModelDiff& diff, const Renewals& renewed, ComponentIndex index,
                 const std::string& property) {
  if (renewed.properties.count({index, property}) != 0) return true;
  bool found = false;
  diff.after->forEachOutgoing(
      index, [&](ComponentIndex, ComponentIndex target, const Relationship& relationship) {
        if (relationship.kind == RelationshipKind::Dependency &&
            relationship.sourcePath.size() >= 2 && relationship.sourcePath[0] == "Properties" &&
            relationship.sourcePath[1] == property && renewed.physicalIds.count(target) != 0) {
          found = true;
        }
      });
  return found;
}

/// CloudFormation replaces a resource by creating the new one first and deleting the old one in
/// the cleanup phase: a custom name the old one still holds makes the creation fail
/// ("CloudFormation cannot update a stack when a custom-named resource requires replacing").
void customNameReplacement(const ModelDiff& diff, const DeploymentFacts& facts,
                           const Renewals& renewed, std::size_t index, Failures& out) {
  const Operation& op = diff.operations[index];
  if (op.type != OperationType::Replace || op.certainty != Certainty::Definite) return;
  const Component* before = side(diff, op, false);
  const Component* after = side(diff, op, true);
  if (before == nullptr || after == nullptr) return;
  for (const auto& name : keptNames(*before, *after, facts)) {
    if (nameRenewed(diff, renewed, *op.after, name.property)) continue;
    out.push_back(
        {std::string(kCustomNameReplacement),
         fmt::format(
             "{} {} must be replaced, and it keeps its custom name ({}: {}): "
             "CloudFormation creates the replacement before it deletes the old resource, "
             "so the name is taken and the update fails (\"CloudFormation cannot update a "
             "stack when a custom-named resource requires replacing\"); give it a new name, "
             "or remove {} to let CloudFormation generate one",
             op.subtype, op.name, name.property, shownValue(*name.value), name.property),
         index,
         {}});
  }
}

void checkCustomNameReplacement(const FailureInputs& inputs, Failures& out) {
  const auto renewed = renewals(inputs.diff);
  for (std::size_t i = 0; i < inputs.diff.operations.size(); ++i) {
    customNameReplacement(inputs.diff, inputs.facts, renewed, i, out);
  }
}

}  // namespace

FailureKind customNameReplacementKind() {
  return {kCustomNameReplacement, "A replacement that keeps its custom name", false,
          &checkCustomNameReplacement};
}

}  // namespace c2a::prediction
