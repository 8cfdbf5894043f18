// custom-name-collision: a new resource takes the custom name of one this deployment removes.
#include <fmt/format.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "deployment-prediction/failures/custom_names.h"
#include "deployment-prediction/failures/failure_list.h"

namespace c2a::prediction {
namespace {

constexpr std::string_view kCustomNameCollision = "custom-name-collision";

/// A resource created in this deployment under the custom name of one the same deployment
/// deletes: creations come first, deletions last, so the name is still taken.
class NameCollisions {
 public:
  NameCollisions(const ModelDiff& diff, const DeploymentFacts& facts) : diff_(diff), facts_(facts) {
    for (std::size_t i = 0; i < diff.operations.size(); ++i) {
      const Operation& op = diff.operations[i];
      if (op.property || op.type != OperationType::Remove) continue;
      if (const Component* gone = side(diff, op, false)) {
        for (const auto& name : customNames(*gone, facts)) {
          removed_[{op.stack, name.value->dump()}].push_back(i);
        }
      }
    }
  }

  void check(std::size_t index, Failures& out) const {
    const Operation& op = diff_.operations[index];
    if (op.property || op.certainty != Certainty::Definite) return;
    if (op.type == OperationType::Rename) return renamed(index, out);
    if (op.type != OperationType::Insert) return;
    const Component* made = side(diff_, op, true);
    if (made == nullptr) return;
    for (const auto& name : customNames(*made, facts_)) {
      auto it = removed_.find({op.stack, name.value->dump()});
      if (it == removed_.end()) continue;
      for (std::size_t removal : it->second) {
        const Operation& gone = diff_.operations[removal];
        // Names are unique per resource type (a queue and a topic may share one), or per
        // namespace of types that make the same thing (a table and a global table).
        if (namespaceOf(gone.subtype) != namespaceOf(op.subtype)) continue;
        out.push_back(
            {std::string(kCustomNameCollision),
             fmt::format("{} {} is created with the custom name {}: {}, which {} {} holds until "
                         "this deployment deletes it in its cleanup phase, after every creation: "
                         "the creation fails because the name is taken; give the new resource "
                         "another name, or deploy the removal first",
                         op.subtype, op.name, name.property, shownValue(*name.value), gone.subtype,
                         gone.name),
             index,
             {}});
        break;
      }
    }
  }

 private:
  [[nodiscard]] std::string_view namespaceOf(std::string_view type) const {
    return facts_.nameNamespace ? facts_.nameNamespace(type) : type;
  }

  // A RENAME is a creation under the new logical id and a deletion of the old one.
  void renamed(std::size_t index, Failures& out) const {
    const Operation& op = diff_.operations[index];
    const Component* before = side(diff_, op, false);
    const Component* after = side(diff_, op, true);
    if (before == nullptr || after == nullptr) return;
    for (const auto& name : keptNames(*before, *after, facts_)) {
      out.push_back(
          {std::string(kCustomNameCollision),
           fmt::format("{} {} is renamed from {} and keeps its custom name ({}: {}): "
                       "CloudFormation creates the resource under its new logical id before it "
                       "deletes the old one, so the name is taken and the creation fails; keep the "
                       "old logical id, give the resource a new name, or move it to its new id "
                       "without replacing it by stack refactoring first (c2a diff "
                       "--write-refactor-mapping FILE; docs/diff.md, \"Refactor mapping\")",
                       op.subtype, op.name, op.oldName, name.property, shownValue(*name.value)),
           index,
           {}});
    }
  }

  const ModelDiff& diff_;
  const DeploymentFacts& facts_;
  std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> removed_;
};

void checkCustomNameCollision(const FailureInputs& inputs, Failures& out) {
  NameCollisions collisions(inputs.diff, inputs.facts);
  for (std::size_t i = 0; i < inputs.diff.operations.size(); ++i) collisions.check(i, out);
}

}  // namespace

FailureKind customNameCollisionKind() {
  return {kCustomNameCollision,
          "A new resource that takes the custom name of one this deployment removes", false,
          &checkCustomNameCollision};
}

}  // namespace c2a::prediction
