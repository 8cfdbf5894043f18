#include "model-diffing/model_diff.h"

#include <algorithm>
#include <map>

#include "model-diffing/change_propagation.h"
#include "model-diffing/component_matching.h"
#include "model-diffing/deployed_values.h"
#include "model-diffing/fingerprint.h"
#include "model-diffing/grant_regrouping.h"
#include "model-diffing/operation_table.h"
#include "model-diffing/property_diff.h"
#include "model-diffing/reference_renames.h"
#include "model/construct_labels.h"
#include "model/intrinsics.h"
#include "model/parallel_work.h"
#include "model/same_value.h"

namespace c2a {
namespace {

using diffing::OperationTable;

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
std::optional<std::size_t> replacementTrigger(OperationTable& changes,
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

// The property objects a Properties value may deploy: the object itself, or each branch of an
// Fn::If (AWS::NoValue as none). False when a branch is something else (then nothing is known).
bool propertyAlternatives(const Json& value, std::vector<const Json*>& out, int depth = 0) {
  static const Json kEmpty = Json::object();
  if (depth > 16) return false;
  if (value.is_object() && !isIntrinsic(value)) {
    out.push_back(&value);
    return true;
  }
  if (calls(value, Fn::Ref) && value.begin().value() == "AWS::NoValue") {
    out.push_back(&kEmpty);
    return true;
  }
  if (calls(value, Fn::If)) {
    const auto& args = value.begin().value();
    return args.is_array() && args.size() == 3 && propertyAlternatives(args[1], out, depth + 1) &&
           propertyAlternatives(args[2], out, depth + 1);
  }
  return false;
}

// A whole Properties block swapped through Fn::If: compare every alternative on each side and take
// the most severe update type among the properties that really differ. Conditional when the
// alternatives cannot be known.
UpdateType swappedPropertiesUpdateType(const std::string& subtype, const Json& before,
                                       const Json& after, const UpdateTypeLookup& updateTypes) {
  std::vector<const Json*> olds;
  std::vector<const Json*> news;
  if (!propertyAlternatives(before, olds) || !propertyAlternatives(after, news)) {
    return UpdateType::Conditional;
  }
  auto severity = [](UpdateType type) {
    return type == UpdateType::Immutable     ? 3
           : type == UpdateType::Conditional ? 2
           : type == UpdateType::Unknown     ? 1
                                             : 0;
  };
  UpdateType worst = UpdateType::Mutable;
  auto consider = [&](const std::string& key) {
    auto type = updateTypes(subtype, Path{"Properties", key});
    if (severity(type) > severity(worst)) worst = type;
  };
  for (const auto* a : olds) {
    for (const auto* b : news) {
      for (const auto& [key, value] : a->items()) {
        auto other = b->find(key);
        if (other == b->end() || !equivalent(value, *other)) consider(key);
      }
      for (const auto& [key, value] : b->items()) {
        if (!a->contains(key)) consider(key);
      }
    }
  }
  return worst;
}

// Fewer matched pairs than this are compared on one thread: a thread costs more than they do.
constexpr std::size_t kPairsWorthThreads = 32;

class Differ {
 public:
  Differ(const InfraModel& before, const InfraModel& after, const UpdateTypeLookup& updateTypes,
         const DeployedTypeLookup& deployedTypes, const Deployments& deployments, unsigned jobs)
      : jobs_(std::max(1U, jobs)),
        changes_(before, after),
        updateTypes_(updateTypes),
        deployedTypes_(deployedTypes),
        deployments_(deployments),
        beforeConditions_(before, deployments.before),
        afterConditions_(after, deployments.after) {}

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
    std::vector<diffing::StackMatching> matchings;
    matchings.reserve(paired.size());
    for (const auto& [beforeName, afterName] : paired) {
      matchings.push_back(diffing::matchComponents(before, beforeStacks[beforeName], after,
                                                   afterStacks[afterName], updateTypes_,
                                                   deployedTypes_, jobs_));
    }
    auto compared = comparePairs(matchings);
    for (std::size_t s = 0; s < matchings.size(); ++s) diffStack(matchings[s], compared[s]);
    // (Named copies: lambdas capturing structured bindings are not portable C++20 yet.)
    for (const auto& stack : beforeStacks) {
      const auto& name = stack.first;
      bool isPaired =
          std::any_of(paired.begin(), paired.end(), [&](const auto& p) { return p.first == name; });
      if (!isPaired) wholeStack(OperationType::Remove, stack.second);
    }
    for (const auto& stack : afterStacks) {
      const auto& name = stack.first;
      bool isPaired = std::any_of(paired.begin(), paired.end(),
                                  [&](const auto& p) { return p.second == name; });
      if (!isPaired) wholeStack(OperationType::Insert, stack.second);
    }

    diffing::Evaluators evaluators{beforeConditions_, afterConditions_};
    diffing::propagateChanges(changes_, updateTypes_, evaluators);

    ModelDiff diff;
    diff.before = &before;
    diff.after = &after;
    diff.operations = changes_.release();
    diffing::markPropagated(diff.operations);
    diffing::markRegroupedGrants(diff, jobs_);
    for (auto& op : diff.operations) {
      if (op.componentType != ComponentType::Resource) continue;
      const Component* component = op.after    ? &after.component(*op.after)
                                   : op.before ? &before.component(*op.before)
                                               : nullptr;
      if (component == nullptr) continue;
      auto label = component->constructLabel();
      if (isShowableLabel(label)) op.label = std::move(label);
    }
    diffing::fingerprintDiff(diff, deployments_, jobs_);
    return diff;
  }

 private:
  // A pair of stacks' operations, from their matching and what changed in each matched pair.
  void diffStack(const diffing::StackMatching& matching,
                 std::vector<std::vector<PropertyChange>>& compared) {
    const auto& before = changes_.before();
    const auto& after = changes_.after();
    for (std::size_t k = 0; k < matching.pairs.size(); ++k) {
      changes_.setCounterpart(matching.pairs[k].after, matching.pairs[k].before);
      diffPair(matching.pairs[k], std::move(compared[k]));
    }
    std::map<ComponentIndex, std::size_t> removedOps;
    std::map<ComponentIndex, std::size_t> insertedOps;
    for (auto b : matching.removed) {
      // A resource whose condition was false was never deployed: nothing to delete.
      auto existed = beforeConditions_.existence(before.component(b));
      if (existed.truth == Truth::False && !existed.fromDefaults) continue;
      Operation op;
      op.type = OperationType::Remove;
      op.before = b;
      op.certainty = certaintyOf(existed);
      removedOps[b] = changes_.add(std::move(op));
    }
    for (auto a : matching.inserted) {
      auto exists = afterConditions_.existence(after.component(a));
      if (exists.truth == Truth::False && !exists.fromDefaults) continue;
      Operation op;
      op.type = OperationType::Insert;
      op.after = a;
      op.certainty = certaintyOf(exists);
      insertedOps[a] = changes_.add(std::move(op));
    }
    // A logical id whose type changed: the insertion is caused by the removal (one direction
    // only, so following causes always ends).
    for (const auto& pair : matching.typeChanged) {
      if (removedOps.count(pair.before) == 0 || insertedOps.count(pair.after) == 0) continue;
      const auto& removal = changes_.at(removedOps[pair.before]);
      auto& insertion = changes_.at(insertedOps[pair.after]);
      insertion.cause = Cause{removal.id, "resource type changes from " + removal.subtype};
    }
  }

  // What changed in each matched pair's bodies, as diffProperties says, by stack and pair: the
  // bulk of the diff's work, each pair on its own, so spread over the threads (--jobs).
  std::vector<std::vector<std::vector<PropertyChange>>> comparePairs(
      const std::vector<diffing::StackMatching>& matchings) const {
    std::vector<std::vector<std::vector<PropertyChange>>> out(matchings.size());
    std::vector<std::pair<std::size_t, std::size_t>> all;  // stack, pair
    for (std::size_t s = 0; s < matchings.size(); ++s) {
      out[s].resize(matchings[s].pairs.size());
      for (std::size_t k = 0; k < matchings[s].pairs.size(); ++k) all.emplace_back(s, k);
    }
    std::vector<diffing::RenamedIds> renamed;
    renamed.reserve(matchings.size());
    for (const auto& matching : matchings) renamed.emplace_back(matching.renames);
    const unsigned threads = all.size() < kPairsWorthThreads ? 1 : jobs_;
    forEachIndex(all.size(), threads, [&](std::size_t i, unsigned /*worker*/) {
      const auto [s, k] = all[i];
      const auto& pair = matchings[s].pairs[k];
      const auto& b = changes_.before().component(pair.before);
      const auto& a = changes_.after().component(pair.after);
      // Most pairs are unchanged: bodies written alike that no rename reaches compare alike
      // once normalised too, so neither is copied to find nothing.
      if (identical(b.properties, a.properties) && !renamed[s].mentionedIn(b.properties)) return;
      auto [beforeBody, afterBody] = comparedBodies(b, a, matchings[s].renames);
      out[s][k] = diffing::diffProperties(beforeBody, afterBody);
    });
    return out;
  }

  // A paired component's operations: its existence, a rename, an UPDATE per property that deploys
  // differently, then the REPLACE the most severe of them makes. `changed`: comparePairs'.
  void diffPair(const diffing::ComponentPair& pair, std::vector<PropertyChange> changed) {
    const auto& a = changes_.after().component(pair.after);
    bool isResource = a.type == ComponentType::Resource;

    // An Output's Condition decides whether it exists too (and with it its export).
    bool conditioned = isResource || a.type == ComponentType::Output;
    if (conditioned && existenceChanges(pair)) return;
    if (a.type == ComponentType::Parameter) parameterValueChanges(pair);

    std::optional<std::size_t> rename;
    if (pair.renamed) rename = renameOperation(pair);
    auto updates = propertyUpdates(pair, std::move(changed));
    if (a.type == ComponentType::Condition && updates.empty()) conditionValueChange(pair);
    // A renamed resource is a new physical resource already; otherwise its most severe property
    // change decides whether it is replaced.
    if (isResource && !rename) replacementByProperties(pair, updates);
  }

  /// The bodies of a pair as compared: BEFORE's with the renames applied, intrinsic functions in
  /// one form, a Properties block only one side has given to the other empty, a condition's
  /// expression named.
  static std::pair<Json, Json> comparedBodies(const Component& b, const Component& a,
                                              const diffing::RenameMap& renames) {
    auto beforeBody = diffing::applyRenames(normalizeIntrinsics(b.properties), renames);
    auto afterBody = normalizeIntrinsics(a.properties);
    if (a.type == ComponentType::Resource) {
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
    return {std::move(beforeBody), std::move(afterBody)};
  }

  std::size_t renameOperation(const diffing::ComponentPair& pair) {
    Operation op;
    op.type = OperationType::Rename;
    op.before = pair.before;
    op.after = pair.after;
    return changes_.add(std::move(op));
  }

  /// An UPDATE per changed property that deploys differently, in the order of the changes;
  /// returns their indexes.
  std::vector<std::size_t> propertyUpdates(const diffing::ComponentPair& pair,
                                           std::vector<PropertyChange> changes) {
    const auto& b = changes_.before().component(pair.before);
    const auto& a = changes_.after().component(pair.after);
    bool isResource = a.type == ComponentType::Resource;
    // A SAM resource and the type its transform makes (paired as one resource, see
    // component_matching.h): CloudFormation sees the transformed type on both sides, so the
    // changes are judged by it, and the template's `Type` edit is an in-place update.
    std::string judgedType = a.subtype;
    if (isResource && b.subtype != a.subtype && deployedTypes_) {
      judgedType = deployedTypes_(a.subtype);
      PropertyChange type;
      type.path = Path{"Type"};
      type.oldValue = Json(b.subtype);
      type.newValue = Json(a.subtype);
      changes.insert(changes.begin(), std::move(type));
    }
    diffing::Evaluators evaluators{beforeConditions_, afterConditions_};
    auto alike = alikeOnceDeployed(evaluators, b.stack, a.stack, changes);
    std::vector<std::size_t> updates;
    for (std::size_t k = 0; k < changes.size(); ++k) {
      if (alike[k]) continue;
      changes[k].updateType = propertyUpdateType(changes[k], isResource, judgedType);
      auto update = propertyUpdate(pair, std::move(changes[k]), evaluators);
      if (update) updates.push_back(changes_.add(std::move(*update)));
    }
    return updates;
  }

  // Mutable for what is not a resource and for its `Type` edit (a SAM type and its transformed
  // one); otherwise the specification's, the most severe of the alternatives' for a whole
  // Properties block swapped by a function (Fn::If).
  UpdateType propertyUpdateType(const PropertyChange& change, bool isResource,
                                const std::string& judgedType) const {
    auto updateType = !isResource                   ? UpdateType::Mutable
                      : change.path == Path{"Type"} ? UpdateType::Mutable
                                                    : updateTypes_(judgedType, change.path);
    if (isResource && change.path.size() == 1 && change.path[0] == "Properties" &&
        change.oldValue && change.newValue) {
      updateType =
          swappedPropertiesUpdateType(judgedType, *change.oldValue, *change.newValue, updateTypes_);
    }
    return updateType;
  }

  /// The UPDATE of one changed property: none when it deploys the same value, possible when it
  /// may not happen.
  std::optional<Operation> propertyUpdate(const diffing::ComponentPair& pair, PropertyChange change,
                                          diffing::Evaluators& evaluators) {
    Operation op;
    op.type = OperationType::Update;
    op.before = pair.before;
    op.after = pair.after;
    // Compared as deployed: the same value written another way is no change (seed 004, 17).
    // (A MOVE is a new position of a value alike.)
    if (change.path != Path{"Type"} && change.operation != PropertyOperationType::Move) {
      const auto& beforeStack = changes_.before().component(pair.before).stack;
      const auto& afterStack = changes_.after().component(pair.after).stack;
      auto deployed = diffing::judgeDeployed(evaluators, beforeStack, afterStack, change,
                                             diffing::FoundBy::DifferentText);
      if (deployed == diffing::DeployedChange::None) return std::nullopt;
      if (deployed == diffing::DeployedChange::Possible) op.certainty = Certainty::Possible;
    }
    if (mayKeepOldValue(change)) op.certainty = Certainty::Possible;
    op.property = std::move(change);
    return op;
  }

  /// A new Fn::If with a branch equal to the old value: which branch deploys is not known here,
  /// so the change may not happen.
  static bool mayKeepOldValue(const PropertyChange& change) {
    const auto& deployedNew = change.newEvaluated ? change.newEvaluated : change.newValue;
    if (change.oldValue && deployedNew && calls(*deployedNew, Fn::If)) {
      const auto& args = deployedNew->begin().value();
      return args.is_array() && args.size() == 3 &&
             (equivalent(args[1], change.oldEvaluated.value_or(*change.oldValue)) ||
              equivalent(args[2], change.oldEvaluated.value_or(*change.oldValue)));
    }
    return false;
  }

  /// The REPLACE of a resource that its most severe property update triggers, if any: definite
  /// only when that update is definite and immutable.
  void replacementByProperties(const diffing::ComponentPair& pair,
                               const std::vector<std::size_t>& updates) {
    auto trigger = replacementTrigger(changes_, updates);
    if (!trigger) return;
    const auto& cause = changes_.at(*trigger);
    Operation op;
    op.type = OperationType::Replace;
    op.before = pair.before;
    op.after = pair.after;
    op.certainty = cause.property->updateType == UpdateType::Immutable &&
                           cause.certainty == Certainty::Definite
                       ? Certainty::Definite
                       : Certainty::Possible;
    op.cause = Cause{cause.id, diffing::replacementReason(*cause.property)};
    changes_.add(std::move(op));
  }

  /// A condition written alike whose value flips with the parameter values given (seed 004, run
  /// 20 by parameters): an UPDATE of its `Value`, which propagation carries to the Fn::If that
  /// read it. Only when both sides are known for certain: a Default may be overridden.
  void conditionValueChange(const diffing::ComponentPair& pair) {
    const auto& b = changes_.before().component(pair.before);
    const auto& a = changes_.after().component(pair.after);
    auto was = beforeConditions_.condition(b.stack, b.name);
    auto is = afterConditions_.condition(a.stack, a.name);
    if (was.truth == Truth::Unknown || is.truth == Truth::Unknown || was.fromDefaults ||
        is.fromDefaults || was.truth == is.truth) {
      return;
    }
    valueChange(pair, Json(was.truth == Truth::True), Json(is.truth == Truth::True));
  }

  /// An array element removed and another inserted at the same place (the diff pairs elements by
  /// their text) that deploy the same value: no change.
  static std::vector<bool> alikeOnceDeployed(diffing::Evaluators& evaluators,
                                             const std::string& beforeStack,
                                             const std::string& afterStack,
                                             const std::vector<PropertyChange>& changes) {
    std::vector<bool> alike(changes.size(), false);
    std::map<Path, std::size_t> removals;
    for (std::size_t k = 0; k < changes.size(); ++k) {
      if (changes[k].operation == PropertyOperationType::Remove && changes[k].oldValue) {
        removals.emplace(changes[k].path, k);
      }
    }
    if (removals.empty()) return alike;
    for (std::size_t k = 0; k < changes.size(); ++k) {
      const auto& insertion = changes[k];
      if (insertion.operation != PropertyOperationType::Insert || !insertion.newValue) continue;
      auto removal = removals.find(insertion.path);
      if (removal == removals.end() || alike[removal->second]) continue;
      if (diffing::sameDeployed(evaluators, beforeStack, afterStack,
                                *changes[removal->second].oldValue, *insertion.newValue)) {
        alike[k] = alike[removal->second] = true;
      }
    }
    return alike;
  }

  /// A parameter given a new value, its declaration alike (seed 004, run 7): an UPDATE of its
  /// `Value`, which propagation carries to what reads it. A parameter nothing reads changes
  /// nothing (run 16): no operation.
  void parameterValueChanges(const diffing::ComponentPair& pair) {
    const auto& b = changes_.before().component(pair.before);
    const auto& a = changes_.after().component(pair.after);
    auto old = beforeConditions_.given(b.stack, b.name);
    auto now = afterConditions_.given(a.stack, a.name);
    if (!old || !now || *old == *now) return;
    bool read = false;
    changes_.after().forEachIncoming(pair.after,
                                     [&](ComponentIndex, ComponentIndex, const Relationship& edge) {
                                       read = read || edge.kind == RelationshipKind::Dependency;
                                     });
    if (!read) return;
    valueChange(pair, Json(*old), Json(*now));
  }

  // An UPDATE of a parameter's or condition's `Value`: what it deploys with, not its text.
  void valueChange(const diffing::ComponentPair& pair, Json old, Json now) {
    PropertyChange change;
    change.path = Path{"Value"};
    change.oldValue = std::move(old);
    change.newValue = std::move(now);
    Operation op;
    op.type = OperationType::Update;
    op.before = pair.before;
    op.after = pair.after;
    op.property = std::move(change);
    changes_.add(std::move(op));
  }

  // Definite only when the resource surely exists; on a Default, or unknown, possible.
  static Certainty certaintyOf(const Evaluated& existence) {
    return existence.truth == Truth::True && !existence.fromDefaults ? Certainty::Definite
                                                                     : Certainty::Possible;
  }

  /// A resource (or an output) exists on a side when its Condition holds there (seed 004, run
  /// 20): CloudFormation creates or deletes it, never replaces it, when that changes. Returns true
  /// when the pair is settled by it (an INSERT, a REMOVE, or nothing when it exists on neither
  /// side).
  bool existenceChanges(const diffing::ComponentPair& pair) {
    const auto& b = changes_.before().component(pair.before);
    const auto& a = changes_.after().component(pair.after);
    auto was = beforeConditions_.existence(b);
    auto is = afterConditions_.existence(a);
    if (was.truth == Truth::Unknown && is.truth == Truth::Unknown) return false;
    if (was.truth == Truth::Unknown || is.truth == Truth::Unknown) {
      // Known on one side only (a condition on a pseudo parameter, say). Where it surely exists,
      // it may be deleted or created on the other side, or kept and updated: both are said. Where
      // it surely does not, the other side may create or delete it, and that is all.
      const bool known = was.truth != Truth::Unknown;
      const Evaluated& side = known ? was : is;
      const bool exists = side.truth == Truth::True;
      Operation op;
      op.type = known == exists ? OperationType::Remove : OperationType::Insert;
      (op.type == OperationType::Insert ? op.after : op.before) =
          op.type == OperationType::Insert ? pair.after : pair.before;
      op.certainty = Certainty::Possible;
      changes_.add(std::move(op));
      // The property changes are dropped only where the resource surely does not exist.
      return !exists && !side.fromDefaults;
    }
    // Fail safe: an answer that rests on a parameter's Default may not be the deployment's, so
    // then the property changes stay (with other values the resource may exist on both sides).
    const bool certain = !was.fromDefaults && !is.fromDefaults;
    changes_.settleExistence(pair.after);
    if (was.truth == is.truth) return was.truth == Truth::False && certain;
    Operation op;
    op.type = is.truth == Truth::True ? OperationType::Insert : OperationType::Remove;
    (is.truth == Truth::True ? op.after : op.before) =
        is.truth == Truth::True ? pair.after : pair.before;
    op.certainty = certain ? Certainty::Definite : Certainty::Possible;
    changes_.add(std::move(op));
    return certain;
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

  unsigned jobs_;
  OperationTable changes_;
  const UpdateTypeLookup& updateTypes_;
  const DeployedTypeLookup& deployedTypes_;
  const Deployments& deployments_;      // what the digests bind to besides the templates
  TemplateEvaluator beforeConditions_;  // conditions and values, as each side deploys them
  TemplateEvaluator afterConditions_;
};

}  // namespace

ModelDiff diffModels(const InfraModel& before, const InfraModel& after,
                     const UpdateTypeLookup& updateTypes, const DeployedTypeLookup& deployedTypes,
                     const Deployments& deployments, unsigned jobs) {
  return Differ(before, after, updateTypes, deployedTypes, deployments, jobs).run();
}

}  // namespace c2a
