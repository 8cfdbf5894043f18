#include "model-diffing/grant_regrouping.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "model/infra_model.h"
#include "model/intrinsics.h"
#include "model/parallel_work.h"
#include "model/path.h"
#include "model/policies.h"
#include "model/references.h"
#include "model/same_value.h"

namespace c2a::diffing {
namespace {

using PolicyType = IdentityPolicyType;

const PolicyType* policyType(std::string_view type) {
  return identityPolicyType(type);
}
std::string_view inlineKind(std::string_view type) {
  return inlinePolicyHolderKind(type);
}

std::string_view kindOf(std::string_view property) {
  if (property == "RoleName") return "Roles";
  if (property == "UserName") return "Users";
  if (property == "GroupName") return "Groups";
  return property;
}

// The value is the same in both deployments only if nothing in it is decided elsewhere: no
// parameter, condition, mapping or import (a resource it refers to is the same resource).
bool fixedValue(const Json& value, const InfraModel& model, const std::string& stack) {
  for (const auto& reference : findReferences(value)) {
    switch (reference.kind) {
      case ReferenceKind::Ref:
      case ReferenceKind::GetAtt:
      case ReferenceKind::Sub:
        if (model.find(stack, ComponentType::Parameter, reference.target)) return false;
        break;
      case ReferenceKind::DependsOn: break;
      default: return false;
    }
  }
  return true;
}

// An atom as the ids of its three canonical texts (the rest of the statement, an action, a
// resource), in one numbering of the texts of both templates: an atom is three numbers to hash
// and compare, not a string spelling all three out.
struct Atom {
  std::uint32_t rest = 0;
  std::uint32_t action = 0;
  std::uint32_t resource = 0;
  bool operator==(const Atom&) const = default;
};

struct AtomHash {
  std::size_t operator()(const Atom& atom) const {
    std::uint64_t hash = atom.rest;
    hash = hash * 0x9E3779B97F4A7C15ULL + atom.action;
    hash = hash * 0x9E3779B97F4A7C15ULL + atom.resource;
    return static_cast<std::size_t>(hash ^ (hash >> 29));
  }
};

using Atoms = std::vector<Atom>;

/// Canonical texts numbered in the order they are first seen.
class Texts {
 public:
  Texts() = default;
  Texts(const Texts&) = delete;  // byId_ points into ids_: a copy's would point into this one's
  Texts& operator=(const Texts&) = delete;

  std::uint32_t id(std::string text) {
    auto next = static_cast<std::uint32_t>(ids_.size());
    auto [it, added] = ids_.try_emplace(std::move(text), next);
    if (added) byId_.push_back(&it->first);
    return it->second;
  }

  /// `other`'s texts numbered here, those not here yet added in `other`'s order: the i-th id of
  /// the result is what `other`'s id i is here. Numbering one side's texts on its own and then
  /// adopting them here gives the numbers that numbering both sides here in turn gives.
  std::vector<std::uint32_t> adopt(const Texts& other) {
    std::vector<std::uint32_t> out;
    out.reserve(other.byId_.size());
    for (const auto* text : other.byId_) out.push_back(id(*text));
    return out;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<const std::string*> byId_;  // the keys of ids_ (stable addresses), by id
};

// A statement grants each action of its Action list on each resource of its Resource list, under
// the rest of it (Effect, Principal, Condition, NotAction...). Its atoms are those pairs, each with
// the rest written canonically (Sid is a label, left out): two sets of statements grant alike
// when their atoms are the same, however the CDK merges or splits the lists. None when the
// statement cannot be read as the same in both deployments, or is too large to spell out.
std::optional<Atoms> statementAtoms(const Json& statement, const InfraModel& model,
                                    const std::string& stack, Texts& texts) {
  if (!statement.is_object() || !fixedValue(statement, model, stack)) return std::nullopt;
  Json normal = normalizeIntrinsics(statement);
  normal.erase("Sid");
  auto elements = [&](const char* key) {
    std::vector<std::uint32_t> ids;
    auto it = normal.find(key);
    if (it == normal.end()) return std::vector<std::uint32_t>{texts.id("-")};
    if (it->is_array()) {
      ids.reserve(it->size());
      for (const auto& element : *it) ids.push_back(texts.id(canonicalText(element)));
    } else {
      ids.push_back(texts.id(canonicalText(*it)));
    }
    normal.erase(it);
    return ids;
  };
  auto actions = elements("Action");
  auto resources = elements("Resource");
  constexpr std::size_t kMostAtoms = 10000;
  if (actions.size() * resources.size() > kMostAtoms) return std::nullopt;
  const std::uint32_t rest = texts.id(canonicalText(normal));
  Atoms atoms;
  atoms.reserve(actions.size() * resources.size());
  for (auto action : actions) {
    for (auto resource : resources) atoms.push_back(Atom{rest, action, resource});
  }
  return atoms;
}

// The atoms of a policy document's statements; none when it is not a plain document.
std::optional<Atoms> documentKeys(const Json* document, const InfraModel& model,
                                  const std::string& stack, Texts& texts) {
  if (document == nullptr || !document->is_object()) return std::nullopt;
  auto statements = document->find("Statement");
  if (statements == document->end()) return std::nullopt;
  Atoms keys;
  auto add = [&](const Json& statement) {
    auto atoms = statementAtoms(statement, model, stack, texts);
    if (!atoms) return false;
    keys.insert(keys.end(), atoms->begin(), atoms->end());
    return true;
  };
  if (statements->is_array()) {
    for (const auto& statement : *statements) {
      if (!add(statement)) return std::nullopt;
    }
  } else if (!add(*statements)) {
    return std::nullopt;
  }
  return keys;
}

const Json* member(const Json* object, const char* key) {
  if (object == nullptr || !object->is_object()) return nullptr;
  auto it = object->find(key);
  return it == object->end() ? nullptr : &*it;
}

// `Roles:<stack>:<canonical reference>`: how a principal is named, the same way on both sides.
std::string principalKey(std::string_view kind, const std::string& stack, const Json& name) {
  std::string out(kind);
  out += ':';
  out += stack;
  out += ':';
  out += canonicalText(normalizeIntrinsics(name));
  return out;
}

std::string selfKey(std::string_view kind, const Component& holder) {
  return principalKey(kind, holder.stack, call(Fn::Ref, holder.name));
}

// A resource with a Condition may not exist in the deployment: it grants nothing for certain.
bool deployedForCertain(const Component& component) {
  return member(&component.properties, "Condition") == nullptr;
}

// The principals that attach managed policy `index` by its ARN (a role's, user's or group's
// `ManagedPolicyArns: [!Ref Policy]`) join those its Roles, Users and Groups name. None when its
// ARN may reach principals c2a does not see: a name that makes the ARN known (ManagedPolicyName),
// or a reference from anything else (an output, a nested stack's parameter, another property),
// through which the ARN can be attached elsewhere. `credited`: only attachers deployed for
// certain, for a ledger of what is held; otherwise every attacher, who must all have held it.
bool addAttachers(const InfraModel& model, ComponentIndex index, bool credited,
                  std::vector<std::string>& out) {
  const Component& policy = model.component(index);
  if (member(member(&policy.properties, "Properties"), "ManagedPolicyName") != nullptr) return false;
  bool known = true;
  model.forEachIncoming(index, [&](ComponentIndex source, ComponentIndex, const Relationship& edge) {
    if (edge.kind != RelationshipKind::Dependency || edge.reference == ReferenceKind::DependsOn) {
      return;
    }
    const Component& holder = model.component(source);
    auto kind = inlineKind(holder.subtype);
    // An attachment c2a can read: an element of the holder's ManagedPolicyArns that is the
    // policy's own ARN, written plainly. One behind a function (an Fn::If, an Fn::Select) may or
    // may not attach it, so what the holder holds is unknown.
    bool attaches = holder.type == ComponentType::Resource && !kind.empty() &&
                    edge.sourcePath.size() == 3 && edge.sourcePath[0] == "Properties" &&
                    edge.sourcePath[1] == "ManagedPolicyArns";
    if (attaches) {
      const Json* element = valueAt(holder.properties, edge.sourcePath);
      Json normal = element != nullptr ? normalizeIntrinsics(*element) : Json();
      attaches = normal == call(Fn::Ref, policy.name) ||
                 normal == call(Fn::GetAtt, Json::array({policy.name, "PolicyArn"}));
    }
    if (!attaches) {
      // The policy's own Roles/Users/Groups point from it, not to it; anything else reaching it
      // passes its ARN on.
      known = false;
      return;
    }
    if (!credited || deployedForCertain(holder)) out.push_back(selfKey(kind, holder));
  });
  return known;
}

// The principals a policy resource attaches to; none when one of them cannot be read.
std::optional<std::vector<std::string>> policyPrincipals(const InfraModel& model,
                                                         ComponentIndex index,
                                                         const PolicyType& type, bool credited) {
  const Component& policy = model.component(index);
  const Json* properties = member(&policy.properties, "Properties");
  std::vector<std::string> out;
  for (auto property : type.principals) {
    if (property.empty()) continue;
    const Json* names = member(properties, std::string(property).c_str());
    if (names == nullptr) continue;
    if (!fixedValue(*names, model, policy.stack)) return std::nullopt;
    if (type.single || !names->is_array()) {
      out.push_back(principalKey(kindOf(property), policy.stack, *names));
      continue;
    }
    for (const auto& name : *names) out.push_back(principalKey(property, policy.stack, name));
  }
  if (type.type == "AWS::IAM::ManagedPolicy" && !addAttachers(model, index, credited, out)) {
    return std::nullopt;
  }
  return out;
}

// What every principal of one side is granted: principal key → statement atoms.
using Ledger = std::unordered_map<std::string, std::unordered_set<Atom, AtomHash>>;
// The principals whose grants are asked about: a ledger holds only theirs, since spelling out
// every statement of a template as atoms was a sixth of an IAM-heavy run.
using Principals = std::unordered_set<std::string>;

bool anyOf(const std::vector<std::string>& principals, const Principals& wanted) {
  return std::any_of(principals.begin(), principals.end(),
                     [&wanted](const std::string& p) { return wanted.count(p) != 0; });
}

Ledger ledgerOf(const InfraModel& model, const Principals& wanted, Texts& texts) {
  Ledger ledger;
  auto grant = [&](const std::vector<std::string>& principals, const Atoms& statements) {
    for (const auto& principal : principals) {
      auto& held = ledger[principal];
      held.insert(statements.begin(), statements.end());
    }
  };
  for (std::size_t i = 0; i < model.componentCount(); ++i) {
    const auto& component = model.component(i);
    if (component.type != ComponentType::Resource || !deployedForCertain(component)) continue;
    const Json* properties = member(&component.properties, "Properties");
    if (const auto* type = policyType(component.subtype)) {
      auto principals = policyPrincipals(model, i, *type, true);
      if (!principals || !anyOf(*principals, wanted)) continue;
      auto statements =
          documentKeys(member(properties, "PolicyDocument"), model, component.stack, texts);
      if (statements) grant(*principals, *statements);
      continue;
    }
    auto kind = inlineKind(component.subtype);
    const Json* policies = member(properties, "Policies");
    if (kind.empty() || policies == nullptr || !policies->is_array()) continue;
    std::vector<std::string> self{selfKey(kind, component)};
    if (!anyOf(self, wanted)) continue;
    for (const auto& policy : *policies) {
      auto statements =
          documentKeys(member(&policy, "PolicyDocument"), model, component.stack, texts);
      if (statements) grant(self, *statements);
    }
  }
  return ledger;
}

// A ledger's atoms in another numbering of their texts (Texts::adopt).
void renumber(Ledger& ledger, const std::vector<std::uint32_t>& ids) {
  for (auto& [principal, atoms] : ledger) {
    std::unordered_set<Atom, AtomHash> renumbered;
    renumbered.reserve(atoms.size());
    for (const auto& atom : atoms) {
      renumbered.insert(Atom{ids[atom.rest], ids[atom.action], ids[atom.resource]});
    }
    atoms = std::move(renumbered);
  }
}

bool allHeld(const Ledger& ledger, const std::vector<std::string>& principals,
             const Atoms& statements) {
  if (principals.empty() || statements.empty()) return false;
  for (const auto& principal : principals) {
    auto it = ledger.find(principal);
    if (it == ledger.end()) return false;
    for (const auto& statement : statements) {
      if (it->second.count(statement) == 0) return false;
    }
  }
  return true;
}

// The principals a component's policies attach to: its Roles/Users/Groups, or itself.
std::optional<std::vector<std::string>> principalsOf(const InfraModel& model,
                                                     ComponentIndex index) {
  const Component& component = model.component(index);
  if (const auto* type = policyType(component.subtype)) {
    return policyPrincipals(model, index, *type, false);
  }
  auto kind = inlineKind(component.subtype);
  if (kind.empty()) return std::nullopt;
  return std::vector<std::string>{selfKey(kind, component)};
}

/// An operation that may be a grant moved between policies: what it adds or removes, on which
/// side's component, and the principals that component's policies attach to.
struct Candidate {
  bool adds = false;
  const InfraModel* model = nullptr;
  const Component* component = nullptr;
  std::vector<std::string> principals;
};

std::optional<Candidate> candidateOf(const Operation& op, const ModelDiff& diff) {
  if (op.componentType != ComponentType::Resource) return std::nullopt;
  if (!policyType(op.subtype) && inlineKind(op.subtype).empty()) return std::nullopt;
  const bool adds = op.type == OperationType::Insert ||
                    (op.property && op.property->operation == PropertyOperationType::Insert);
  const bool removes = op.type == OperationType::Remove ||
                       (op.property && op.property->operation == PropertyOperationType::Remove);
  if (!adds && !removes) return std::nullopt;
  // An addition is judged in the AFTER model against what BEFORE granted, a removal the reverse.
  const InfraModel* model = adds ? diff.after : diff.before;
  auto index = adds ? op.after : op.before;
  if (model == nullptr || !index) return std::nullopt;
  const auto& component = model->component(*index);
  if (!deployedForCertain(component)) return std::nullopt;
  auto principals = principalsOf(*model, *index);
  if (!principals) return std::nullopt;
  return Candidate{adds, model, &component, std::move(*principals)};
}

bool regrouped(const Operation& op, const Candidate& candidate, const Ledger& before,
               const Ledger& after, Texts& texts) {
  const bool adds = candidate.adds;
  const InfraModel* model = candidate.model;
  const Component& component = *candidate.component;
  const Ledger& other = adds ? before : after;
  const std::vector<std::string>& principals = candidate.principals;

  if (op.type != OperationType::Update) {  // the policy resource itself
    if (policyType(component.subtype) == nullptr) return false;
    auto statements =
        documentKeys(member(member(&component.properties, "Properties"), "PolicyDocument"), *model,
                     component.stack, texts);
    return statements && allHeld(other, principals, *statements);
  }
  const auto& change = *op.property;
  const Json* value = adds ? (change.newValue ? &*change.newValue : nullptr)
                           : (change.oldValue ? &*change.oldValue : nullptr);
  if (value == nullptr) return false;
  const auto& path = change.path;
  auto keyAt = [&](std::size_t i, std::string_view key) { return path[i] == key; };
  auto indexAt = [&](std::size_t i) {
    return !path[i].empty() &&
           std::all_of(path[i].begin(), path[i].end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  std::optional<Atoms> statements;
  bool inlineHolder = !inlineKind(component.subtype).empty();
  if (inlineHolder && path.size() == 3 && keyAt(1, "Policies") && indexAt(2)) {
    statements = documentKeys(member(value, "PolicyDocument"), *model, component.stack, texts);
  } else if (inlineHolder && path.size() == 6 && keyAt(1, "Policies") && indexAt(2) &&
             keyAt(3, "PolicyDocument") && keyAt(4, "Statement") && indexAt(5)) {
    statements = statementAtoms(*value, *model, component.stack, texts);
  } else if (!inlineHolder && path.size() == 4 && keyAt(1, "PolicyDocument") &&
             keyAt(2, "Statement") && indexAt(3)) {
    statements = statementAtoms(*value, *model, component.stack, texts);
  }
  return statements && allHeld(other, principals, *statements);
}

// Below this many components in both models a second thread costs more than it saves.
constexpr std::size_t kComponentsWorthThreads = 256;

}  // namespace

void markRegroupedGrants(ModelDiff& diff, unsigned threads) {
  if (diff.before == nullptr || diff.after == nullptr) return;
  std::vector<std::pair<Operation*, Candidate>> candidates;
  Principals wanted;
  for (auto& op : diff.operations) {
    if (op.componentType == ComponentType::Resource &&
        (policyType(op.subtype) != nullptr || !inlineKind(op.subtype).empty())) {
      op.regrouped = false;
    }
    if (auto candidate = candidateOf(op, diff)) {
      wanted.insert(candidate->principals.begin(), candidate->principals.end());
      candidates.emplace_back(&op, std::move(*candidate));
    }
  }
  if (candidates.empty()) return;  // most diffs touch no policy
  // On two threads, the sides' ledgers each on its own, AFTER's texts numbered apart and then
  // adopted: the numbers, and so every answer, are those of reading BEFORE then AFTER in one
  // numbering on one thread, as it is done otherwise (so --jobs 1 against more checks adopt).
  const auto size = diff.before->componentCount() + diff.after->componentCount();
  const bool apart = threads > 1 && size >= kComponentsWorthThreads;
  Texts texts;
  Texts afterTexts;
  Ledger before;
  Ledger after;
  forEachIndex(2, apart ? threads : 1, [&](std::size_t side, unsigned) {
    if (side == 0) {
      before = ledgerOf(*diff.before, wanted, texts);
    } else {
      after = ledgerOf(*diff.after, wanted, apart ? afterTexts : texts);
    }
  });
  if (apart) renumber(after, texts.adopt(afterTexts));
  for (auto& [op, candidate] : candidates) {
    op->regrouped = regrouped(*op, candidate, before, after, texts);
  }
}

}  // namespace c2a::diffing
