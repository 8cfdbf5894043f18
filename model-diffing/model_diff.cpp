#include "model-diffing/model_diff.h"

#include <map>

#include "model-diffing/change_propagation.h"
#include "model-diffing/change_set.h"
#include "model-diffing/component_matching.h"
#include "model-diffing/fingerprint.h"
#include "model-diffing/json_values.h"
#include "model-diffing/property_diff.h"
#include "model-diffing/reference_renames.h"

namespace c2a {
namespace {

using diffing::ChangeSet;

std::map<std::string, std::vector<ComponentIndex>> membersByStack(const InfraModel& model) {
  std::map<std::string, std::vector<ComponentIndex>> members;
  for (const auto& stack : model.stacks()) members[stack];
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    members[model.component(i).stack].push_back(i);
  }
  return members;
}

std::optional<ComponentIndex> stackComponent(const InfraModel& model,
                                             const std::vector<ComponentIndex>& members) {
  for (auto i : members) {
    if (model.component(i).type == ComponentType::Stack) return i;
  }
  return std::nullopt;
}

bool deployable(const Component& component) {
  return component.type != ComponentType::Stack && component.type != ComponentType::Construct;
}

// The most severe replacement trigger among a component's property changes, if any.
std::optional<std::size_t> replacementTrigger(ChangeSet& changes,
                                              const std::vector<std::size_t>& updates) {
  auto severity = [](UpdateType type) {
    switch (type) {
      case UpdateType::Immutable: return 3;
      case UpdateType::Conditional: return 2;
      case UpdateType::Unknown: return 1;
      case UpdateType::Mutable: return 0;
    }
    return 0;
  };
  std::optional<std::size_t> trigger;
  int worst = 0;
  for (auto k : updates) {
    int s = severity(changes.at(k).property->updateType);
    if (s > worst) {
      worst = s;
      trigger = k;
    }
  }
  return trigger;
}

class Differ {
 public:
  Differ(const InfraModel& before, const InfraModel& after, const UpdateTypeLookup& updateTypes)
      : changes_(before, after), updateTypes_(updateTypes) {}

  ModelDiff run() {
    const auto& before = changes_.before();
    const auto& after = changes_.after();
    auto beforeStacks = membersByStack(before);
    auto afterStacks = membersByStack(after);

    std::vector<std::pair<std::string, std::string>> paired;
    if (beforeStacks.size() == 1 && afterStacks.size() == 1) {
      paired.emplace_back(beforeStacks.begin()->first, afterStacks.begin()->first);
    } else {
      for (const auto& [name, members] : beforeStacks) {
        if (afterStacks.count(name) != 0) paired.emplace_back(name, name);
      }
    }
    for (const auto& [beforeName, afterName] : paired) {
      diffStack(beforeStacks[beforeName], afterStacks[afterName]);
    }
    for (const auto& [name, members] : beforeStacks) {
      bool isPaired =
          std::any_of(paired.begin(), paired.end(), [&](const auto& p) { return p.first == name; });
      if (!isPaired) wholeStack(OperationType::Remove, members);
    }
    for (const auto& [name, members] : afterStacks) {
      bool isPaired = std::any_of(paired.begin(), paired.end(),
                                  [&](const auto& p) { return p.second == name; });
      if (!isPaired) wholeStack(OperationType::Insert, members);
    }

    diffing::propagateChanges(changes_, updateTypes_);

    ModelDiff diff;
    diff.before = &before;
    diff.after = &after;
    diff.operations = changes_.release();
    diff.fingerprint = diffing::fingerprint(diff.operations);
    return diff;
  }

 private:
  void diffStack(const std::vector<ComponentIndex>& beforeMembers,
                 const std::vector<ComponentIndex>& afterMembers) {
    const auto& before = changes_.before();
    const auto& after = changes_.after();
    auto matching =
        diffing::matchComponents(before, beforeMembers, after, afterMembers, updateTypes_);

    for (const auto& pair : matching.pairs) {
      changes_.setCounterpart(pair.after, pair.before);
      diffPair(pair, matching.renames);
    }
    std::map<ComponentIndex, std::size_t> removedOps;
    std::map<ComponentIndex, std::size_t> insertedOps;
    for (auto b : matching.removed) {
      Operation op;
      op.type = OperationType::Remove;
      op.before = b;
      removedOps[b] = changes_.add(std::move(op));
    }
    for (auto a : matching.inserted) {
      Operation op;
      op.type = OperationType::Insert;
      op.after = a;
      insertedOps[a] = changes_.add(std::move(op));
    }
    // A logical id whose type changed: the insertion is caused by the removal (one direction
    // only, so following causes always ends).
    for (const auto& pair : matching.typeChanged) {
      const auto& removal = changes_.at(removedOps[pair.before]);
      auto& insertion = changes_.at(insertedOps[pair.after]);
      insertion.cause = Cause{removal.id, "resource type changes from " + removal.subtype};
    }
  }

  void diffPair(const diffing::ComponentPair& pair, const diffing::RenameMap& renames) {
    const auto& b = changes_.before().component(pair.before);
    const auto& a = changes_.after().component(pair.after);
    auto beforeBody = diffing::applyRenames(diffing::normalizeIntrinsics(b.properties), renames);
    auto afterBody = diffing::normalizeIntrinsics(a.properties);
    bool isResource = a.type == ComponentType::Resource;
    if (isResource) {
      // A Properties block added or removed is a set of property insertions or removals, each
      // with its own update type.
      if (!beforeBody.contains("Properties") && afterBody.contains("Properties")) {
        beforeBody["Properties"] = Json::object();
      }
      if (beforeBody.contains("Properties") && !afterBody.contains("Properties")) {
        afterBody["Properties"] = Json::object();
      }
    }
    if (a.type == ComponentType::Condition) {
      // A condition is one expression, not a set of properties: name it so its change has a path.
      beforeBody = Json{{"Expression", std::move(beforeBody)}};
      afterBody = Json{{"Expression", std::move(afterBody)}};
    }

    std::optional<std::size_t> rename;
    if (pair.renamed) {
      Operation op;
      op.type = OperationType::Rename;
      op.before = pair.before;
      op.after = pair.after;
      rename = changes_.add(std::move(op));
    }
    std::vector<std::size_t> updates;
    for (auto& change : diffing::diffProperties(beforeBody, afterBody)) {
      change.updateType = isResource ? updateTypes_(a.subtype, change.path) : UpdateType::Mutable;
      // The whole block swapped by a function (Fn::If): any property may change, some may replace.
      if (isResource && change.path.size() == 1 && change.path[0] == "Properties" &&
          change.updateType == UpdateType::Mutable) {
        change.updateType = UpdateType::Conditional;
      }
      Operation op;
      op.type = OperationType::Update;
      op.before = pair.before;
      op.after = pair.after;
      op.property = std::move(change);
      updates.push_back(changes_.add(std::move(op)));
    }
    // A renamed resource is a new physical resource already; otherwise its most severe property
    // change decides whether it is replaced.
    if (!isResource || rename) return;
    auto trigger = replacementTrigger(changes_, updates);
    if (!trigger) return;
    const auto& cause = changes_.at(*trigger);
    Operation op;
    op.type = OperationType::Replace;
    op.before = pair.before;
    op.after = pair.after;
    op.certainty = cause.property->updateType == UpdateType::Immutable ? Certainty::Definite
                                                                       : Certainty::Possible;
    op.cause = Cause{cause.id, diffing::replacementReason(*cause.property)};
    changes_.add(std::move(op));
  }

  void wholeStack(OperationType type, const std::vector<ComponentIndex>& members) {
    bool isInsert = type == OperationType::Insert;
    const auto& model = isInsert ? changes_.after() : changes_.before();
    auto stack = stackComponent(model, members);
    std::optional<std::string> stackOpId;
    if (stack) {
      Operation op;
      op.type = type;
      (isInsert ? op.after : op.before) = *stack;
      stackOpId = changes_.at(changes_.add(std::move(op))).id;
    }
    for (auto i : members) {
      if (!deployable(model.component(i))) continue;
      Operation op;
      op.type = type;
      (isInsert ? op.after : op.before) = i;
      if (stackOpId) {
        op.cause = Cause{*stackOpId, isInsert ? "its stack is created" : "its stack is deleted"};
      }
      changes_.add(std::move(op));
    }
  }

  ChangeSet changes_;
  const UpdateTypeLookup& updateTypes_;
};

}  // namespace

ModelDiff diffModels(const InfraModel& before, const InfraModel& after,
                     const UpdateTypeLookup& updateTypes) {
  return Differ(before, after, updateTypes).run();
}

}  // namespace c2a
