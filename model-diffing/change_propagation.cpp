#include "model-diffing/change_propagation.h"

#include <algorithm>
#include <deque>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "model-diffing/deployed_values.h"
#include "model/cause_chain.h"
#include "model/intrinsics.h"
#include "model/same_value.h"

namespace c2a::diffing {
namespace {

bool carriesValue(ReferenceKind kind) {
  // DependsOn orders operations but passes no value; the rest read a value of the target.
  return kind == ReferenceKind::Ref || kind == ReferenceKind::GetAtt || kind == ReferenceKind::Sub;
}

// Every Fn::FindInMap of `mapping` inside `value`, to check which keys a property really reads.
void findInMapUses(const Json& value, const std::string& mapping, std::vector<const Json*>& out) {
  if (value.is_object()) {
    if (calls(value, Fn::FindInMap)) {
      const auto& args = value.begin().value();
      if (args.is_array() && !args.empty() && args[0].is_string() &&
          args[0].get<std::string>() == mapping) {
        out.push_back(&args);
      }
    }
    for (const auto& [key, member] : value.items()) findInMapUses(member, mapping, out);
  } else if (value.is_array()) {
    for (const auto& element : value) findInMapUses(element, mapping, out);
  }
}

class Propagator {
 public:
  Propagator(OperationTable& changes, const UpdateTypeLookup& updateTypes, Evaluators& evaluators)
      : changes_(changes),
        updateTypes_(updateTypes),
        evaluators_(evaluators),
        after_(changes.after()) {}

  void run() {
    for (std::size_t k = 0; k < changes_.size(); ++k) queue_.push_back(k);
    while (!queue_.empty()) {
      auto k = queue_.front();
      queue_.pop_front();
      visit(k);
    }
  }

 private:
  void visit(std::size_t k) {
    // Copy what is needed: adding operations may move the vector.
    const Operation op = changes_.at(k);
    if (!op.after) return;
    auto target = *op.after;
    const auto& component = after_.component(target);
    bool replaced = op.type == OperationType::Replace || op.type == OperationType::Rename;

    if (component.type == ComponentType::Resource && replaced) {
      std::string reason =
          "refers to " + component.name + ", which is " +
          (op.type == OperationType::Rename ? "renamed (a new resource)" : "replaced");
      forEachValueReference(target, op, reason, op.certainty);
      return;
    }
    if (op.type != OperationType::Update || !op.property) return;
    const auto& path = op.property->path;

    switch (component.type) {
      case ComponentType::Parameter:
        // The value deployed may be passed at deploy time instead of the default: possible.
        if (!path.empty() && path[0] == "Default") {
          forEachValueReference(target, op, "parameter " + component.name + " default changes",
                                Certainty::Possible, Judge::ByValue);
        }
        // A value given for each side's deployment (model_diff.cpp's parameterValueChanges).
        if (path == Path{"Value"}) {
          forEachValueReference(target, op, "parameter " + component.name + " value changes",
                                op.certainty, Judge::ByValue);
        }
        break;
      case ComponentType::Mapping: mappingChanged(target, op); break;
      case ComponentType::Condition: conditionChanged(target, op, component.name); break;
      case ComponentType::Output:
        if (path.empty() || path[0] != "Value") break;  // a new Description changes no value
        forEachIncoming(target, [&](ComponentIndex source, const Relationship& edge) {
          if (edge.reference == ReferenceKind::ImportValue ||
              edge.reference == ReferenceKind::NestedStackOutput) {
            propagateTo(source, edge.sourcePath, op,
                        "reads output " + component.name + ", which changes", op.certainty);
          }
        });
        break;
      case ComponentType::Resource: nestedStackParameterChanged(target, op); break;
      default: break;
    }
  }

  template <typename Visit>
  void forEachIncoming(ComponentIndex target, Visit&& visit) {
    after_.forEachIncoming(target,
                           [&](ComponentIndex source, ComponentIndex, const Relationship& edge) {
                             if (edge.kind == RelationshipKind::Dependency) visit(source, edge);
                           });
  }

  // Whether a propagated update is checked against the values deployed: for causes inside the
  // template's text (parameters, mappings, conditions), whose effect evaluation can settle; not
  // for a new physical id, which no evaluation knows.
  enum class Judge { No, ByValue };

  void forEachValueReference(ComponentIndex target, const Operation& cause,
                             const std::string& reason, Certainty certainty,
                             Judge judge = Judge::No) {
    forEachIncoming(target, [&](ComponentIndex source, const Relationship& edge) {
      if (carriesValue(edge.reference)) {
        propagateTo(source, edge.sourcePath, cause, reason, certainty, judge);
      }
    });
  }

  void mappingChanged(ComponentIndex mapping, const Operation& cause) {
    // An entry only added or removed cannot change what a deployed lookup read: the lookup
    // succeeded, so it used keys that exist on both sides.
    // (Below an entry, inside its value, an insertion or removal does change what is read.)
    if (cause.property->operation != PropertyOperationType::Update &&
        cause.property->path.size() <= 2) {
      return;
    }
    const auto& name = after_.component(mapping).name;
    const MappingReaders& readers = readersOf(mapping);
    const Path& changed = cause.property->path;
    // Only the lookups whose first key is the changed entry's, or not known before deploy time.
    std::vector<std::size_t> candidates = readers.unknownTopKey;
    if (changed.empty()) {
      candidates.resize(readers.all.size());
      for (std::size_t k = 0; k < candidates.size(); ++k) candidates[k] = k;
    } else if (auto it = readers.byTopKey.find(changed[0]); it != readers.byTopKey.end()) {
      candidates.insert(candidates.end(), it->second.begin(), it->second.end());
      std::sort(candidates.begin(), candidates.end());  // the order the edges come in
    }
    for (auto k : candidates) {
      const MappingReader& reader = readers.all[k];
      auto reads = readsEntry(reader, changed);
      if (reads == Lookup::Never) continue;
      propagateTo(reader.source, reader.sourcePath, cause, "mapping " + name + " changes",
                  reads == Lookup::Surely ? cause.certainty : Certainty::Possible, Judge::ByValue);
    }
  }

  enum class Lookup { Never, Maybe, Surely };

  // A property that reads a mapping with Fn::FindInMap, and the arguments of each lookup in it
  // (none when they could not be found: then it maybe reads any entry).
  struct MappingReader {
    ComponentIndex source;
    Path sourcePath;
    std::vector<const Json*> uses;
  };
  // Found once per mapping, and indexed by the first key of their lookups: a mapping of
  // thousands of changed entries read by thousands of resources is not a scan of every reader
  // for every entry.
  struct MappingReaders {
    std::vector<MappingReader> all;  // in the order of the mapping's incoming edges
    std::unordered_map<std::string, std::vector<std::size_t>> byTopKey;
    std::vector<std::size_t> unknownTopKey;  // a first key known only at deploy time, or no use
  };

  const MappingReaders& readersOf(ComponentIndex mapping) {
    auto [it, added] = mappingReaders_.try_emplace(mapping);
    if (!added) return it->second;
    MappingReaders& readers = it->second;
    const auto& name = after_.component(mapping).name;
    forEachIncoming(mapping, [&](ComponentIndex source, const Relationship& edge) {
      if (edge.reference != ReferenceKind::FindInMap) return;
      MappingReader reader{source, edge.sourcePath, {}};
      if (const Json* value = valueAt(after_.component(source).properties, edge.sourcePath)) {
        findInMapUses(*value, name, reader.uses);
      }
      std::size_t index = readers.all.size();
      std::set<std::string> topKeys;
      bool unknown = reader.uses.empty();
      for (const auto* args : reader.uses) {
        const Json& key = args->size() > 1 ? (*args)[1] : Json();
        if (key.is_string()) {
          topKeys.insert(key.get<std::string>());
        } else {
          unknown = true;
        }
      }
      if (unknown) {
        readers.unknownTopKey.push_back(index);
      } else {
        for (const auto& key : topKeys) readers.byTopKey[key].push_back(index);
      }
      readers.all.push_back(std::move(reader));
    });
    return readers;
  }

  // Whether a lookup of the mapping at that property reads the changed entry: each key of
  // Fn::FindInMap must equal the entry's key at that level. A key known only at deploy time
  // (a Ref to the region, say) may be anything: then it maybe reads it.
  static Lookup readsEntry(const MappingReader& reader, const Path& changed) {
    if (reader.uses.empty()) return Lookup::Maybe;
    Lookup result = Lookup::Never;
    for (const auto* args : reader.uses) {
      Lookup use = Lookup::Surely;
      for (std::size_t level = 0; level < 2 && level < changed.size(); ++level) {
        const Json& key = args->size() > level + 1 ? (*args)[level + 1] : Json();
        if (!key.is_string()) {
          if (use == Lookup::Surely) use = Lookup::Maybe;
        } else if (key.get<std::string>() != changed[level]) {
          use = Lookup::Never;
        }
      }
      if (use == Lookup::Surely) return use;
      if (use == Lookup::Maybe) result = Lookup::Maybe;
    }
    return result;
  }

  void conditionChanged(ComponentIndex condition, const Operation& cause, const std::string& name) {
    // Conditions that use this one change with it: follow them without an operation of their own
    // (their text did not change), keeping the original cause.
    std::set<ComponentIndex> seen;
    std::vector<ComponentIndex> work{condition};
    while (!work.empty()) {
      auto current = work.back();
      work.pop_back();
      if (!seen.insert(current).second) continue;
      forEachIncoming(current, [&](ComponentIndex source, const Relationship& edge) {
        if (edge.reference != ReferenceKind::Condition) return;
        if (after_.component(source).type == ComponentType::Condition) {
          work.push_back(source);
          return;
        }
        bool attribute = edge.sourcePath.size() == 1 && edge.sourcePath[0] == "Condition";
        // Its existence on each side is settled already (model_diff.cpp): nothing more changes.
        if (attribute && changes_.existenceSettled(source)) return;
        // A condition that cannot be evaluated may flip: a possibility.
        propagateTo(source, edge.sourcePath, cause,
                    attribute ? "condition " + name + " changes: it may be created or deleted"
                              : "condition " + name + " changes",
                    Certainty::Possible, attribute ? Judge::No : Judge::ByValue);
      });
    }
  }

  // An update of a nested stack's `Properties.Parameters.P` changes the nested template's
  // parameter P, and so every property in the nested stack that reads it.
  void nestedStackParameterChanged(ComponentIndex stackResource, const Operation& cause) {
    const auto& path = cause.property->path;
    if (path.size() < 3 || path[0] != "Properties" || path[1] != "Parameters") return;
    std::string attribute = "Parameters." + path[2];
    forEachIncoming(stackResource, [&](ComponentIndex parameter, const Relationship& edge) {
      if (edge.reference != ReferenceKind::NestedStackParameter || edge.attribute != attribute) {
        return;
      }
      // Judged by value: the parent may pass the same value written otherwise (a literal for a
      // Ref, the Default it left out before); a physical id stays unknown and is kept.
      forEachValueReference(
          parameter, cause,
          "nested stack parameter " + after_.component(parameter).name + " changes",
          cause.certainty, Judge::ByValue);
    });
  }

  void propagateTo(ComponentIndex source, const Path& path, const Operation& cause,
                   const std::string& reason, Certainty certainty, Judge judge = Judge::No) {
    const auto& component = after_.component(source);
    // A condition reads the value in its expression (its references have no path): what uses the
    // condition may change with it, through Fn::If or its Condition attribute. When the differ
    // evaluated the condition on both sides (its Value changes), that change carries it instead.
    if (component.type == ComponentType::Condition) {
      if (!changes_.updateAt(source, Path{"Value"}))
        conditionChanged(source, cause, component.name);
      return;
    }
    if (path.empty()) return;
    // A new or renamed resource is created from scratch; it reads the new values at creation.
    if (changes_.isInserted(source)) return;
    if (auto replacement = changes_.replacementOf(source);
        replacement && changes_.at(*replacement).type == OperationType::Rename) {
      return;
    }
    if (auto existing = changes_.updateAt(source, path)) {
      // That property changes already. A propagated update found possible earlier becomes
      // definite when a definite cause reaches it, and passes that on.
      auto& update = changes_.at(*existing);
      if (update.propagated && update.certainty == Certainty::Possible &&
          certainty == Certainty::Definite) {
        update.certainty = Certainty::Definite;
        update.cause = Cause{cause.id, reason};
        queue_.push_back(*existing);
        replaceIfNeeded(source, *existing);
      }
      return;
    }

    Operation op;
    op.type = OperationType::Update;
    op.after = source;
    op.before = changes_.counterpart(source);
    PropertyChange change;
    change.path = path;
    change.operation = PropertyOperationType::Update;
    if (op.before) {
      if (const auto* old = valueAt(changes_.before().component(*op.before).properties, path)) {
        change.oldValue = *old;
      }
    }
    if (const auto* now = valueAt(component.properties, path)) {
      change.newValue = *now;
      if (hasConditionalValue(*now)) certainty = Certainty::Possible;
    }
    if (judge == Judge::ByValue && op.before) {
      const auto& beforeStack = changes_.before().component(*op.before).stack;
      switch (judgeDeployed(evaluators_, beforeStack, component.stack, change, FoundBy::Cause)) {
        case DeployedChange::None: return;  // it reads the same value on both sides
        case DeployedChange::Definite: certainty = Certainty::Definite; break;
        case DeployedChange::Possible: certainty = Certainty::Possible; break;
        case DeployedChange::Unknown: break;
      }
    }
    change.updateType = component.type == ComponentType::Resource
                            ? updateTypes_(component.subtype, path)
                            : UpdateType::Mutable;
    op.property = std::move(change);
    op.propagated = cause.after != source;
    op.certainty = certainty;
    op.cause = Cause{cause.id, reason};
    auto k = changes_.add(std::move(op));
    queue_.push_back(k);
    replaceIfNeeded(source, k);
  }

  void replaceIfNeeded(ComponentIndex source, std::size_t updateIndex) {
    const auto& component = after_.component(source);
    if (component.type != ComponentType::Resource) return;
    const Operation update = changes_.at(updateIndex);
    auto type = update.property->updateType;
    if (type == UpdateType::Mutable) return;
    // Definite only when the property surely changes and surely replaces.
    auto certainty = type == UpdateType::Immutable && update.certainty == Certainty::Definite
                         ? Certainty::Definite
                         : Certainty::Possible;
    if (auto existing = changes_.replacementOf(source)) {
      auto& replacement = changes_.at(*existing);
      // A definite cause outranks a possible one found earlier.
      if (replacement.type == OperationType::Replace &&
          replacement.certainty == Certainty::Possible && certainty == Certainty::Definite) {
        replacement.certainty = Certainty::Definite;
        replacement.cause = Cause{update.id, replacementReason(*update.property)};
        queue_.push_back(*existing);  // what it reaches becomes definite too
      }
      return;
    }
    Operation op;
    op.type = OperationType::Replace;
    op.after = source;
    op.before = update.before;
    op.certainty = certainty;
    op.cause = Cause{update.id, replacementReason(*update.property)};
    queue_.push_back(changes_.add(std::move(op)));
  }

  OperationTable& changes_;
  const UpdateTypeLookup& updateTypes_;
  Evaluators& evaluators_;
  const InfraModel& after_;
  std::deque<std::size_t> queue_;
  std::unordered_map<ComponentIndex, MappingReaders> mappingReaders_;
};

}  // namespace

std::string replacementReason(const PropertyChange& change) {
  auto path = toDotted(change.path);
  switch (change.updateType) {
    case UpdateType::Immutable: return path + " is immutable";
    case UpdateType::Conditional: return path + " may require replacement";
    case UpdateType::Unknown: return path + " has an unknown update behaviour";
    case UpdateType::Mutable: break;
  }
  return path + " changes";
}

void propagateChanges(OperationTable& changes, const UpdateTypeLookup& updateTypes,
                      Evaluators& evaluators) {
  Propagator(changes, updateTypes, evaluators).run();
}

void markPropagated(std::vector<Operation>& operations) {
  const CauseIndex causes(operations);
  std::vector<bool> propagated(operations.size());
  for (std::size_t i = 0; i < operations.size(); ++i) {
    propagated[i] = !sameComponent(operations[i], operations[causes.root(i)]);
  }
  for (std::size_t i = 0; i < operations.size(); ++i) operations[i].propagated = propagated[i];
}

}  // namespace c2a::diffing
