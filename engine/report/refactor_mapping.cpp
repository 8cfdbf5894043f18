#include "engine/report/refactor_mapping.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "engine/report/report.h"
#include "model/references.h"
#include "model/same_value.h"

namespace c2a {
namespace {

constexpr std::size_t kMostStacks = 5;  // CreateStackRefactor's limit

// A resource's body as moving it leaves it: without the construct path that moves with it.
std::string movedBody(const Component& component) {
  Json body = component.properties;
  if (auto metadata = body.find("Metadata"); metadata != body.end() && metadata->is_object()) {
    metadata->erase("aws:cdk:path");
    if (metadata->empty()) body.erase("Metadata");
  }
  return component.subtype + '\n' + canonicalText(normalizeIntrinsics(body));
}

Json location(const std::string& stack, const std::string& logicalId) {
  return Json{{"StackName", stack}, {"LogicalResourceId", logicalId}};
}

class Mapper {
 public:
  Mapper(const Report& report, const std::string& stackName)
      : report_(report), stackName_(stackName) {}

  RefactorMapping run() {
    const auto& operations = report_.changes();
    for (std::size_t i = 0; i < operations.size(); ++i) {
      const auto& op = operations[i];
      if (op.type == OperationType::Rename) rename(op);
    }
    moves();
    if (!unnamed_.empty()) {
      out_.refused.push_back(fmt::format(
          "{} and {} more: the template's deployed stack name is not known: give it with "
          "--stack-name",
          unnamed_.front(), unnamed_.size() - 1));
    }
    if (stacks_.size() > kMostStacks) {
      out_.refused.push_back(fmt::format(
          "{} stacks take part, more than the {} one stack refactoring can move resources between: "
          "nothing is mapped",
          stacks_.size(), kMostStacks));
      out_.mappings = Json::array();
    }
    return std::move(out_);
  }

 private:
  // The deployed name of a stack of the report; nothing for a lone template without --stack-name.
  std::optional<std::string> deployedName(const InfraModel& model, const std::string& stack) const {
    if (stack.empty()) {
      if (stackName_.empty()) return std::nullopt;
      return stackName_;
    }
    const auto& named = model.environment(stack).stackName;
    return named.empty() ? stack : named;
  }

  // Whether the resource can be mapped at all; says why not otherwise.
  bool mappable(const std::string& stack, const std::string& name) {
    if (stack.find('/') != std::string::npos) {
      out_.refused.push_back(fmt::format(
          "{} (stack {}): a nested stack's deployed name is CloudFormation's choice, not in the "
          "templates; map it by hand with the name `aws cloudformation describe-stack-resource` "
          "gives",
          name, stack));
      return false;
    }
    if (stack.empty() && stackName_.empty()) {
      unnamed_.push_back(name);  // said once, for all of them
      return false;
    }
    return true;
  }

  void add(const std::string& fromStack, const std::string& fromId, const std::string& toStack,
           const std::string& toId) {
    out_.mappings.push_back(
        Json{{"Source", location(fromStack, fromId)}, {"Destination", location(toStack, toId)}});
    stacks_.insert(fromStack);
    stacks_.insert(toStack);
  }

  void rename(const Operation& op) {
    if (!op.before || !op.after) return;
    if (!mappable(op.stack, op.name)) return;
    auto before = deployedName(report_.before, op.stack);
    auto after = deployedName(report_.after, op.stack);
    if (!before || !after) return;
    add(*before, op.oldName, *after, op.name);
  }

  // A resource removed from one top-level stack and added, with the same body, to another: moved
  // (only where the pairing is one to one).
  void moves() {
    const auto& operations = report_.changes();
    std::unordered_map<std::string, std::vector<std::size_t>> removed, inserted;
    for (std::size_t i = 0; i < operations.size(); ++i) {
      const auto& op = operations[i];
      if (op.componentType != ComponentType::Resource || op.stack.empty()) continue;
      if (op.type == OperationType::Remove && op.before) {
        removed[movedBody(report_.before.component(*op.before))].push_back(i);
      } else if (op.type == OperationType::Insert && op.after) {
        inserted[movedBody(report_.after.component(*op.after))].push_back(i);
      }
    }
    for (std::size_t i = 0; i < operations.size(); ++i) {
      const auto& op = operations[i];
      if (op.componentType != ComponentType::Resource || op.type != OperationType::Remove ||
          !op.before || op.stack.empty()) {
        continue;
      }
      auto key = movedBody(report_.before.component(*op.before));
      auto into = inserted.find(key);
      if (into == inserted.end() || into->second.size() != 1 || removed[key].size() != 1) continue;
      const auto& to = operations[into->second.front()];
      if (to.stack == op.stack) continue;  // a rename the differ did not take: not a move
      move(op, to);
    }
  }

  void move(const Operation& from, const Operation& to) {
    if (!mappable(from.stack, from.name) || !mappable(to.stack, to.name)) return;
    const auto& component = report_.before.component(*from.before);
    const auto& source = report_.before.environment(from.stack);
    const auto& target = report_.after.environment(to.stack);
    if (source.account != target.account || source.region != target.region) {
      out_.refused.push_back(
          fmt::format("{} (stack {} to {}): the stacks deploy to different accounts or regions",
                      from.name, from.stack, to.stack));
      return;
    }
    for (const auto& pseudo : pseudoParametersIn(component.properties)) {
      bool differs = pseudo == "AWS::StackName" || pseudo == "AWS::StackId" ||
                     (pseudo == "AWS::AccountId" && source.account != target.account) ||
                     (pseudo == "AWS::Region" && source.region != target.region);
      if (differs) {
        out_.refused.push_back(fmt::format(
            "{} (stack {} to {}): it reads {}, whose value differs between the two stacks",
            from.name, from.stack, to.stack, pseudo));
        return;
      }
    }
    auto before = deployedName(report_.before, from.stack);
    auto after = deployedName(report_.after, to.stack);
    if (before && after) add(*before, from.name, *after, to.name);
  }

  const Report& report_;
  const std::string& stackName_;
  RefactorMapping out_;
  std::set<std::string> stacks_;
  std::vector<std::string> unnamed_;  // renames of a lone template without --stack-name
};

}  // namespace

RefactorMapping refactorMapping(const Report& report, const std::string& stackName) {
  return Mapper(report, stackName).run();
}

}  // namespace c2a
