// CloudFormation resolves every reference of the template it is given before it acts: a Ref,
// Fn::GetAtt, Fn::Sub placeholder or DependsOn naming a resource the template does not have, or
// one its condition leaves out, is refused ("Unresolved resource dependencies [X] in the Resources
// block of the template"). A reference inside an Fn::If branch that is not taken does not count.
#include <fmt/format.h>

#include <set>
#include <vector>

#include "deployment-prediction/failure_kinds.h"
#include "model/intrinsics.h"
#include "model/sub_placeholders.h"

namespace c2a::prediction {
namespace {

constexpr int kMaxDepth = 256;

struct Reference {
  std::string target;
  std::string how;  // "Ref", "Fn::GetAtt", "Fn::Sub", "DependsOn"
};

void collect(const Json& value, std::vector<Reference>& out, int depth) {
  if (depth > kMaxDepth) return;
  if (value.is_array()) {
    for (const auto& element : value) collect(element, out, depth + 1);
    return;
  }
  if (!value.is_object()) return;
  if (isIntrinsic(value)) {
    const auto& name = value.begin().key();
    const auto& args = value.begin().value();
    if (name == "Ref" && args.is_string()) {
      out.push_back({args.get<std::string>(), "Ref"});
      return;
    }
    if (name == "Fn::GetAtt") {
      if (args.is_array() && !args.empty() && args[0].is_string()) {
        out.push_back({args[0].get<std::string>(), "Fn::GetAtt"});
      } else if (args.is_string()) {
        const auto& text = args.get_ref<const std::string&>();
        out.push_back({text.substr(0, text.find('.')), "Fn::GetAtt"});
      }
      return;
    }
    if (name == "Fn::Sub") {
      const Json* text = args.is_string() ? &args : nullptr;
      const Json* variables = nullptr;
      if (args.is_array() && !args.empty() && args[0].is_string()) {
        text = &args[0];
        if (args.size() > 1 && args[1].is_object()) variables = &args[1];
      }
      if (text != nullptr) {
        for (const auto& placeholder : subPlaceholders(text->get_ref<const std::string&>())) {
          if (variables != nullptr && variables->contains(placeholder.expression)) continue;
          out.push_back({placeholder.name, "Fn::Sub"});
        }
      }
      if (variables != nullptr) collect(*variables, out, depth + 1);
      return;
    }
  }
  for (const auto& [key, member] : value.items()) collect(member, out, depth + 1);
}

// The REMOVE of resource `name` of `stack` in this deployment, if any.
std::optional<std::size_t> removalOf(const ModelDiff& diff, const std::string& stack,
                                     const std::string& name) {
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    const auto& op = diff.operations[i];
    if (op.property || op.componentType != ComponentType::Resource || op.stack != stack) continue;
    if ((op.type == OperationType::Remove && op.name == name) ||
        (op.type == OperationType::Rename && op.oldName == name)) {
      return i;
    }
  }
  return std::nullopt;
}

// The first operation of the referring component, if it has one.
std::optional<std::size_t> operationOf(const ModelDiff& diff, ComponentIndex component) {
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    if (diff.operations[i].after == component) return i;
  }
  return std::nullopt;
}

}  // namespace

void danglingReferences(const ModelDiff& diff, TemplateEvaluator& after, Failures& out) {
  const InfraModel& model = *diff.after;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const auto& source = model.component(i);
    if (source.type != ComponentType::Resource && source.type != ComponentType::Output) continue;
    auto exists = after.existence(source);
    if (exists.truth == Truth::False) continue;  // it is not deployed: its references neither
    // Evaluated with what is known for certain: an Fn::If branch not taken refers to nothing.
    auto body = after.value(source.stack, source.properties, false).value;
    std::vector<Reference> references;
    collect(body, references, 0);
    if (auto depends = body.find("DependsOn"); depends != body.end()) {
      if (depends->is_string()) references.push_back({depends->get<std::string>(), "DependsOn"});
      if (depends->is_array()) {
        for (const auto& each : *depends) {
          if (each.is_string()) references.push_back({each.get<std::string>(), "DependsOn"});
        }
      }
    }
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
      auto removal = removalOf(diff, source.stack, reference.target);
      auto change = removal ? removal : operationOf(diff, i);
      if (!change) continue;  // as broken before as after: this deployment changes nothing of it
      if (removal) why = "which this deployment removes";
      Failure failure;
      failure.code = std::string(kDanglingReference);
      failure.message = fmt::format(
          "{} {} still refers to {} ({}), {}: CloudFormation refuses the template (\"Unresolved "
          "resource dependencies [{}]\"); remove the reference in the same deployment",
          source.type == ComponentType::Output ? "Output" : "Resource", source.name,
          reference.target, reference.how, why, reference.target);
      failure.change = change;
      out.push_back(std::move(failure));
    }
  }
}

}  // namespace c2a::prediction
