// fixed-after-creation: an update in place of a property the service fixes when the resource is
// created (spec/fixed_after_creation.h, through DeploymentFacts). The specification calls it
// mutable, so CloudFormation tries the update; the service refuses it and the stack rolls back.
#include <fmt/format.h>

#include <set>

#include "deployment-prediction/failures/failure_list.h"

namespace c2a::prediction {
namespace {

constexpr std::string_view kFixedAfterCreation = "fixed-after-creation";

// Whether the change is one the entry allows: a whole new element of a list that may grow.
bool allowed(const FixedPropertyFact& fact, const PropertyChange& change) {
  return fact.elementsMayBeAdded && change.operation == PropertyOperationType::Insert &&
         change.path.size() == 3;
}

void fixedAfterCreation(const ModelDiff& diff, const DeploymentFacts& facts, Failures& out) {
  if (!facts.fixedAfterCreation) return;
  // A resource that is replaced is created anew: its new properties are set at creation.
  std::set<ComponentIndex> created;
  for (const auto& op : diff.operations) {
    if (op.after && !op.property && op.type != OperationType::Update) created.insert(*op.after);
  }
  std::set<std::pair<ComponentIndex, std::string>> reported;  // one failure per property
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    const Operation& op = diff.operations[i];
    if (op.type != OperationType::Update || !op.property || !op.after ||
        op.componentType != ComponentType::Resource || created.count(*op.after) != 0) {
      continue;
    }
    const auto& path = op.property->path;
    if (path.size() < 2 || path[0] != "Properties") continue;
    auto fact = facts.fixedAfterCreation(op.subtype, path[1]);
    if (!fact || allowed(*fact, *op.property)) continue;
    if (!reported.insert({*op.after, path[1]}).second) continue;
    out.push_back({std::string(kFixedAfterCreation),
                   fmt::format("{} {}: {} changes, but {}; CloudFormation tries the update in "
                               "place and the deployment fails; {}",
                               op.subtype, op.name, path[1], fact->fact, fact->fix),
                   i,
                   {}});
  }
}

}  // namespace

FailureKind fixedAfterCreationKind() {
  return {kFixedAfterCreation,
          "An update of a property the service fixes when the resource is created", false,
          [](const FailureInputs& inputs, Failures& out) {
            fixedAfterCreation(inputs.diff, inputs.facts, out);
          }};
}

}  // namespace c2a::prediction
