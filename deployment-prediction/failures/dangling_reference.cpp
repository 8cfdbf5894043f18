// CloudFormation resolves every reference of the template it is given before it acts: a Ref,
// Fn::GetAtt, Fn::Sub placeholder or DependsOn naming a resource the template does not have, or
// one its condition leaves out, is refused ("Unresolved resource dependencies [X] in the Resources
// block of the template"). A reference inside an Fn::If branch that is not taken does not count.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "deployment-prediction/failures/failure_list.h"
#include "model/references.h"

namespace c2a::prediction {
namespace {

constexpr std::string_view kDanglingReference = "dangling-reference";

// The kinds that name a resource or parameter (the others name a condition, mapping or export).
bool namesAnEntity(ReferenceKind kind) {
  return kind == ReferenceKind::Ref || kind == ReferenceKind::GetAtt ||
         kind == ReferenceKind::Sub || kind == ReferenceKind::DependsOn;
}

// The references to resources an entity makes, read as the mapper reads them (model/references.h):
// Ref, Fn::GetAtt, Fn::Sub placeholders and DependsOn. Another reading cannot tell a different
// story than the model's edges.
std::vector<TemplateReference> resourceReferences(ComponentType type, const Json& body) {
  std::vector<TemplateReference> out;
  try {
    for (auto& reference : entityReferences(type, body)) {
      if (namesAnEntity(reference.kind)) out.push_back(std::move(reference));
    }
  } catch (const C2aError&) {
    // A malformed function was refused by the mapper already; evaluation cannot make one.
  }
  return out;
}

// The REMOVE of resource `name` of `stack` in this deployment, if any.
// The first removal (or rename away) of each resource, and the first operation on each component
// of AFTER, found in one pass: asked once per dangling reference, a scan of every operation each
// time made thousands of dangling references quadratic.
class OperationIndex {
 public:
  explicit OperationIndex(const ModelDiff& diff) {
    for (std::size_t i = 0; i < diff.operations.size(); ++i) {
      const auto& op = diff.operations[i];
      if (op.after) onComponent_.try_emplace(*op.after, i);
      if (op.property || op.componentType != ComponentType::Resource) continue;
      if (op.type == OperationType::Remove) removals_.try_emplace({op.stack, op.name}, i);
      if (op.type == OperationType::Rename) removals_.try_emplace({op.stack, op.oldName}, i);
    }
  }

  [[nodiscard]] std::optional<std::size_t> removalOf(const std::string& stack,
                                                     const std::string& name) const {
    auto it = removals_.find({stack, name});
    if (it == removals_.end()) return std::nullopt;
    return it->second;
  }

  [[nodiscard]] std::optional<std::size_t> operationOf(ComponentIndex component) const {
    auto it = onComponent_.find(component);
    if (it == onComponent_.end()) return std::nullopt;
    return it->second;
  }

 private:
  std::map<std::pair<std::string, std::string>, std::size_t> removals_;
  std::unordered_map<ComponentIndex, std::size_t> onComponent_;
};

// Whether a reference could dangle: its target is neither a pseudo parameter, a parameter, nor a
// resource that is deployed or may be.
bool mayDangle(const InfraModel& model, TemplateEvaluator& after, const std::string& stack,
               const TemplateReference& reference) {
  if (reference.target.starts_with("AWS::")) return false;
  if (model.find(stack, ComponentType::Parameter, reference.target)) return false;
  auto target = model.find(stack, ComponentType::Resource, reference.target);
  if (!target) return true;
  auto there = after.existence(model.component(*target));
  return there.truth == Truth::False && !there.fromDefaults;
}

void danglingReferences(const ModelDiff& diff, TemplateEvaluator& after, Failures& out) {
  const InfraModel& model = *diff.after;
  std::optional<OperationIndex> operations;  // made when the first reference dangles
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& source = model.component(i);
    if (source.type != ComponentType::Resource && source.type != ComponentType::Output) continue;
    auto exists = after.existence(source);
    if (exists.truth == Truth::False) continue;  // it is not deployed: its references neither
    // Evaluation only takes references away (a branch not taken, a value known): when none of
    // the written ones could dangle, none of the evaluated ones can, and the body need not be
    // evaluated (most of this check's time, for nothing, on almost every resource).
    auto asWritten = resourceReferences(source.type, source.properties);
    if (std::none_of(asWritten.begin(), asWritten.end(), [&](const TemplateReference& reference) {
          return mayDangle(model, after, source.stack, reference);
        })) {
      continue;
    }
    // Evaluated with what is known for certain: an Fn::If branch not taken refers to nothing.
    auto body = after.value(source.stack, source.properties, false).value;
    auto references = resourceReferences(source.type, body);
    std::set<std::string> said;
    for (const auto& reference : references) {
      if (reference.target.starts_with("AWS::") || !said.insert(reference.target).second) continue;
      if (model.find(source.stack, ComponentType::Parameter, reference.target)) continue;
      auto target = model.find(source.stack, ComponentType::Resource, reference.target);
      std::string why;
      if (!target) {
        why = "which the template does not have";
      } else {
        auto there = after.existence(model.component(*target));
        if (there.truth != Truth::False || there.fromDefaults) continue;
        why = fmt::format("which its condition {} leaves out",
                          model.component(*target).properties.value("Condition", std::string()));
      }
      if (!operations) operations.emplace(diff);
      auto removal = operations->removalOf(source.stack, reference.target);
      auto change = removal ? removal : operations->operationOf(i);
      if (!change) continue;  // as broken before as after: this deployment changes nothing of it
      if (removal) why = "which this deployment removes";
      Failure failure;
      failure.code = std::string(kDanglingReference);
      failure.message = fmt::format(
          "{} {} still refers to {} ({}), {}: CloudFormation refuses the template (\"Unresolved "
          "resource dependencies [{}]\"); remove the reference in the same deployment",
          source.type == ComponentType::Output ? "Output" : "Resource", source.name,
          reference.target, toString(reference.kind), why, reference.target);
      failure.change = change;
      out.push_back(std::move(failure));
    }
  }
}

}  // namespace

FailureKind danglingReferenceKind() {
  return {kDanglingReference, "A reference to a resource the deployment removes or leaves out",
          true, [](const FailureInputs& inputs, Failures& out) {
            danglingReferences(inputs.diff, inputs.after, out);
          }};
}

}  // namespace c2a::prediction
