#include "deployment-prediction/failures.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <tuple>

#include "deployment-prediction/failure_kinds.h"
#include "model/utf8.h"

namespace c2a {
namespace {

constexpr std::size_t kShownValueLength = 80;

// The codes, also listed with their titles in kKinds (failureKinds()).
constexpr std::string_view kCustomNameReplacement = "custom-name-replacement";
constexpr std::string_view kCustomNameCollision = "custom-name-collision";
constexpr std::string_view kExportInUse = "export-in-use";

/// A custom name of a resource: which property holds it and the value written there (a literal,
/// or an expression that yields the same name wherever it is written the same way).
struct CustomName {
  std::string property;
  const Json* value = nullptr;
};

std::vector<CustomName> customNames(const Component& component, const DeploymentFacts& facts) {
  std::vector<CustomName> out;
  if (component.type != ComponentType::Resource || !facts.physicalNameProperties) return out;
  auto properties = component.properties.find("Properties");
  if (properties == component.properties.end() || !properties->is_object()) return out;
  for (const auto& name : facts.physicalNameProperties(component.subtype)) {
    auto value = properties->find(name);
    // An empty name, or one removed by a condition, lets CloudFormation generate the name.
    if (value == properties->end() || value->is_null() ||
        (value->is_string() && value->get_ref<const std::string&>().empty())) {
      continue;
    }
    out.push_back({name, &*value});
  }
  return out;
}

/// The custom names the AFTER side keeps from the BEFORE side: same property, same written value.
std::vector<CustomName> keptNames(const Component& before, const Component& after,
                                  const DeploymentFacts& facts) {
  auto old = customNames(before, facts);
  std::vector<CustomName> kept;
  for (const auto& name : customNames(after, facts)) {
    auto same = std::find_if(old.begin(), old.end(), [&](const CustomName& was) {
      return was.property == name.property && *was.value == *name.value;
    });
    if (same != old.end()) kept.push_back(name);
  }
  return kept;
}

std::string shown(const Json& value) {
  return cutUtf8(value.is_string() ? value.get<std::string>() : value.dump(), kShownValueLength);
}

const Component* side(const ModelDiff& diff, const Operation& op, bool after) {
  const auto& index = after ? op.after : op.before;
  const InfraModel* model = after ? diff.after : diff.before;
  if (!index || model == nullptr) return nullptr;
  return &model->component(*index);
}

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
             op.subtype, op.name, name.property, shown(*name.value), name.property),
         index,
         {}});
  }
}

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
                         op.subtype, op.name, name.property, shown(*name.value), gone.subtype,
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
                       op.subtype, op.name, op.oldName, name.property, shown(*name.value)),
           index,
           {}});
    }
  }

  const ModelDiff& diff_;
  const DeploymentFacts& facts_;
  std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> removed_;
};

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
  std::string name = exported->contains("Name") ? shown((*exported)["Name"]) : op.name;
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

constexpr std::array<FailureKind, 7> kKinds{{
    {kCustomNameReplacement, "A replacement that keeps its custom name"},
    {kCustomNameCollision,
     "A new resource that takes the custom name of one this deployment removes"},
    {kExportInUse, "An export other stacks import changes or is removed"},
    {prediction::kParameterValueRefused, "A parameter value its declaration refuses", true},
    {prediction::kDanglingReference,
     "A reference to a resource the deployment removes or leaves out", true},
    {prediction::kDependencyCycle, "Resources that depend on each other in a circle", true},
    {prediction::kFixedAfterCreation,
     "An update of a property the service fixes when the resource is created"},
}};

}  // namespace

std::span<const FailureKind> failureKinds() {
  return kKinds;
}

bool refusedBeforeActing(std::string_view code) {
  for (const auto& kind : kKinds) {
    if (kind.code == code) return kind.beforeActing;
  }
  return false;
}

Failures foreseeFailures(const ModelDiff& diff, const DeploymentFacts& facts,
                         const Deployments& deployments,
                         const std::map<std::string, SourceLocation>& given) {
  Failures out;
  if (diff.before == nullptr || diff.after == nullptr) return out;
  TemplateEvaluator after(*diff.after, deployments.after);
  prediction::parameterValuesRefused(diff, after, given, out);
  prediction::danglingReferences(diff, after, out);
  prediction::dependencyCycles(diff, after, out);
  prediction::fixedAfterCreation(diff, facts, out);
  NameCollisions collisions(diff, facts);
  const auto renewed = renewals(diff);
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    customNameReplacement(diff, facts, renewed, i, out);
    exportInUse(diff, i, out);
    collisions.check(i, out);
  }
  std::stable_sort(out.begin(), out.end(), [](const Failure& a, const Failure& b) {
    return std::make_tuple(failureOrder(a), std::cref(a.code)) <
           std::make_tuple(failureOrder(b), std::cref(b.code));
  });
  return out;
}

}  // namespace c2a
