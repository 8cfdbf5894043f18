#include "rules/evaluation/world.h"

#include <algorithm>
#include <numeric>

#include "rules/evaluation/json_walk.h"
#include "rules/field_names.h"

namespace c2a::rules {
namespace {

std::size_t countOf(const InfraModel* model) {
  return model ? model->componentCount() : 0;
}

std::string typeKey(ComponentType type, std::string_view subtype) {
  std::string key(1, static_cast<char>('0' + static_cast<int>(type)));
  key += subtype;
  return key;
}

const std::vector<WorldComponentId>& lookup(
    const std::unordered_map<std::string, std::vector<WorldComponentId>>& index,
    const std::string& key) {
  static const std::vector<WorldComponentId> kNone;
  auto it = index.find(key);
  return it == index.end() ? kNone : it->second;
}

// Appends `key` to an object whose keys the caller knows are distinct: no lookup of every key
// first (operator[]), and no copy of every member through json_ref (an initializer list).
void append(Json& object, const char* key, Json value) {
  object.get_ref<Json::object_t&>().append(key, std::move(value));
}

// The construct a resource belongs to, from its `aws:cdk:path`: the last segment, or the one before
// it when the last is CDK's name for a construct's own resource (`Resource`, `Default`).
std::string constructIdOf(std::string_view path) {
  std::vector<std::string_view> segments;
  for (std::size_t start = 0; start <= path.size();) {
    auto slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    segments.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  if (segments.size() > 1 && (segments.back() == "Resource" || segments.back() == "Default")) {
    segments.pop_back();
  }
  return std::string(segments.back());
}

// Appends `id` unless the previous entry is it already: both sides of a component usually share
// a name and subtype, and a candidate must be offered once.
void addOnce(std::vector<WorldComponentId>& ids, WorldComponentId id) {
  if (ids.empty() || ids.back() != id) ids.push_back(id);
}

}  // namespace

DiffWorld::DiffWorld(const ModelDiff& diff, ResourceFacts facts, const Failures* failures)
    : diff_(diff),
      facts_(std::move(facts)),
      failureCodes_(diff.operations.size()),
      beforeIds_(countOf(diff.before)),
      afterIds_(countOf(diff.after)),
      operationComponent_(diff.operations.size()) {
  if (failures != nullptr) {
    for (const auto& failure : *failures) {
      if (failure.change && *failure.change < failureCodes_.size()) {
        failureCodes_[*failure.change].push_back(failure.code);
      }
    }
  }
  pairComponents();
  indexComponents();
  indexOperations();
  componentFields_ = LazySlots<Json>(components_.size());
  changeFields_ = LazySlots<ChangeFields>(diff.operations.size());
}

WorldComponentId DiffWorld::addComponent(ComponentRef ref) {
  auto id = components_.size();
  components_.push_back(ref);
  if (ref.before) beforeIds_[*ref.before] = id;
  if (ref.after) afterIds_[*ref.after] = id;
  return id;
}

// Operations know which BEFORE and AFTER components are one entity (a RENAME too); components no
// operation mentions are unchanged, so they pair by (stack, type, name).
void DiffWorld::pairComponents() {
  for (const auto& operation : diff_.operations) {
    if (operation.before && operation.after && !beforeIds_[*operation.before] &&
        !afterIds_[*operation.after]) {
      addComponent({operation.before, operation.after});
    }
  }
  for (const auto& operation : diff_.operations) {
    if (operation.after && !afterIds_[*operation.after])
      addComponent({std::nullopt, operation.after});
    if (operation.before && !beforeIds_[*operation.before]) {
      addComponent({operation.before, std::nullopt});
    }
  }
  for (ComponentIndex after = 0; after < afterIds_.size(); ++after) {
    if (afterIds_[after]) continue;
    const auto& component = diff_.after->component(after);
    std::optional<ComponentIndex> before;
    if (diff_.before) before = diff_.before->find(component.stack, component.type, component.name);
    if (before && beforeIds_[*before]) before.reset();
    addComponent({before, after});
  }
  for (ComponentIndex before = 0; before < beforeIds_.size(); ++before) {
    if (!beforeIds_[before]) addComponent({before, std::nullopt});
  }
}

const Component& DiffWorld::primary(WorldComponentId id) const {
  const auto& ref = components_[id];
  return ref.after ? diff_.after->component(*ref.after) : diff_.before->component(*ref.before);
}

void DiffWorld::indexComponents() {
  allComponents_.resize(components_.size());
  std::iota(allComponents_.begin(), allComponents_.end(), WorldComponentId{0});
  for (WorldComponentId id = 0; id < components_.size(); ++id) {
    const auto& ref = components_[id];
    for (const auto* component : {ref.after ? &diff_.after->component(*ref.after) : nullptr,
                                  ref.before ? &diff_.before->component(*ref.before) : nullptr}) {
      if (!component) continue;
      addOnce(byType_[static_cast<std::size_t>(component->type)], id);
      addOnce(byTypeAndSubtype_[typeKey(component->type, component->subtype)], id);
      addOnce(bySubtype_[component->subtype], id);
      addOnce(byName_[component->name], id);
    }
  }
}

void DiffWorld::indexOperations() {
  operationsByComponent_.resize(components_.size());
  allOperations_.resize(diff_.operations.size());
  std::iota(allOperations_.begin(), allOperations_.end(), std::size_t{0});
  for (std::size_t i = 0; i < diff_.operations.size(); ++i) {
    const auto& operation = diff_.operations[i];
    operationsByType_[static_cast<std::size_t>(operation.type)].push_back(i);
    std::optional<WorldComponentId> afterId, beforeId;
    if (operation.after) afterId = afterIds_[*operation.after];
    if (operation.before) beforeId = beforeIds_[*operation.before];
    operationComponent_[i] = afterId ? *afterId : beforeId.value_or(kNoComponent);
    // An operation whose two sides ended up in different world components (a diff that pairs
    // them inconsistently) is listed under both, as appliesTo would accept either.
    if (afterId) operationsByComponent_[*afterId].push_back(i);
    if (beforeId && beforeId != afterId) operationsByComponent_[*beforeId].push_back(i);
  }
}

const std::vector<WorldComponentId>& DiffWorld::componentCandidates(const Query& query) const {
  if (query.name) return lookup(byName_, *query.name);
  if (query.componentType && query.subtype) {
    return lookup(byTypeAndSubtype_, typeKey(*query.componentType, *query.subtype));
  }
  if (query.subtype) return lookup(bySubtype_, *query.subtype);
  if (query.componentType) return byType_[static_cast<std::size_t>(*query.componentType)];
  return allComponents_;
}

bool DiffWorld::selects(const Query& query, WorldComponentId id) const {
  const auto& ref = components_[id];
  auto matches = [&](const Component& component) {
    return (!query.componentType || component.type == *query.componentType) &&
           (!query.subtype || component.subtype == *query.subtype) &&
           (!query.name || component.name == *query.name);
  };
  return (ref.after && matches(diff_.after->component(*ref.after))) ||
         (ref.before && matches(diff_.before->component(*ref.before)));
}

const std::vector<std::size_t>& DiffWorld::changeCandidates(const Query& query) const {
  if (query.changeType) return operationsByType_[static_cast<std::size_t>(*query.changeType)];
  return allOperations_;
}

bool DiffWorld::selectsChange(const Query& query, std::size_t index) const {
  const auto& operation = diff_.operations[index];
  if (query.changeType && operation.type != *query.changeType) return false;
  if (query.certainty && operation.certainty != *query.certainty) return false;
  if (query.propertyOperationType &&
      (!operation.property || operation.property->operation != *query.propertyOperationType)) {
    return false;
  }
  return true;
}

void DiffWorld::dependencyNeighbours(WorldComponentId id, bool referrers,
                                     std::vector<WorldComponentId>& out) const {
  auto first = out.size();
  const auto& ref = components_[id];
  auto collect = [&](const InfraModel* model, std::optional<ComponentIndex> index,
                     const std::vector<std::optional<WorldComponentId>>& ids) {
    if (!model || !index) return;
    auto visit = [&](ComponentIndex source, ComponentIndex target, const Relationship& edge) {
      if (edge.kind != RelationshipKind::Dependency) return;
      if (auto other = ids[referrers ? source : target]) out.push_back(*other);
    };
    if (referrers) {
      model->forEachIncoming(*index, visit);
    } else {
      model->forEachOutgoing(*index, visit);
    }
  };
  collect(diff_.after, ref.after, afterIds_);
  collect(diff_.before, ref.before, beforeIds_);
  auto begin = out.begin() + static_cast<std::ptrdiff_t>(first);
  std::sort(begin, out.end());
  out.erase(std::unique(begin, out.end()), out.end());
}

const Json& DiffWorld::componentFields(WorldComponentId id) const {
  return componentFields_.get(id, [&] {
    const auto& component = primary(id);
    bool stateful = component.type == ComponentType::Resource && facts_.isStateful &&
                    facts_.isStateful(component.subtype);
    auto fields = std::make_unique<Json>(Json::object());
    fields->get_ref<Json::object_t&>().makeRoom(8);  // all of them: no regrowth
    append(*fields, "name", component.name);
    append(*fields, "type", toString(component.type));
    append(*fields, "subtype", component.subtype);
    append(*fields, "stack", component.stack);
    append(*fields, "id", component.id());
    append(*fields, "stateful", stateful);
    if (auto path = component.constructPath(); !path.empty()) {
      auto constructId = constructIdOf(path);
      append(*fields, "constructPath", std::move(path));
      append(*fields, "constructId", std::move(constructId));
    }
    return fields;
  });
}

void DiffWorld::enclosing(std::size_t index, std::vector<const Json*>& out) const {
  const auto& operation = diff_.operations[index];
  if (!operation.property || !operation.after || !diff_.after) return;
  const Json* node = &diff_.after->component(*operation.after).properties;
  const auto& path = operation.property->path;
  auto first = out.size();
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const Json* next = nullptr;
    if (node->is_object()) {
      if (auto it = node->find(path[i]); it != node->end()) next = &*it;
    } else if (node->is_array()) {
      if (auto at = arrayIndex(path[i]); at && *at < node->size()) next = &(*node)[*at];
    }
    if (next == nullptr) break;
    node = next;
    out.push_back(node);
  }
  std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

// Rules read change fields for every candidate change: keep direct pointers next to the object, so
// a lookup is one string comparison rather than a walk over the object's keys.
struct DiffWorld::ChangeFields {
  Json object;
  std::array<const Json*, kChangeFieldNames.size()> fields{};
};

DiffWorld::~DiffWorld() = default;

const DiffWorld::ChangeFields& DiffWorld::changeFieldsOf(std::size_t index) const {
  return changeFields_.get(index, [&] { return changeFieldsMade(index); });
}

std::unique_ptr<DiffWorld::ChangeFields> DiffWorld::changeFieldsMade(std::size_t index) const {
  const auto& operation = diff_.operations[index];
  auto cached = std::make_unique<ChangeFields>();
  Json& fields = cached->object;
  fields = Json::object();
  fields.get_ref<Json::object_t&>().makeRoom(16);  // all of them: no regrowth
  append(fields, "type", toString(operation.type));
  append(fields, "operation", toString(operation.type));
  if (operation.property) {
    const auto& p = *operation.property;
    append(fields, "propertyOperationType", toString(p.operation));
    append(fields, "path", toDotted(p.path));
    append(fields, "updateType", toString(p.updateType));
    // old/new are read from the operation itself (operands.cpp), never copied here.
    Json property = Json::object();
    append(property, "path", toDotted(p.path));
    append(property, "operation", toString(p.operation));
    append(property, "updateType", toString(p.updateType));
    if (!p.oldPath.empty()) append(property, "oldPath", toDotted(p.oldPath));
    append(fields, "property", std::move(property));
  }
  append(fields, "certainty", toString(operation.certainty));
  append(fields, "failures", failureCodes_[index]);
  append(fields, "propagated", operation.propagated);
  append(fields, "regrouped", operation.regrouped);
  append(fields, "id", operation.id);
  append(fields, "stack", operation.stack);
  append(fields, "name", operation.name);
  if (!operation.oldName.empty()) append(fields, "oldName", operation.oldName);
  if (operation.cause) {
    Json cause = Json::object();
    append(cause, "changeId", operation.cause->changeId);
    append(cause, "reason", operation.cause->reason);
    append(fields, "cause", std::move(cause));
  }
  // Pointers into the finished object: it is never modified again.
  for (std::size_t i = 0; i < kChangeFieldNames.size(); ++i) {
    auto it = fields.find(std::string(kChangeFieldNames[i]));
    if (it != fields.end()) cached->fields[i] = &*it;
  }
  return cached;
}

const Json& DiffWorld::changeFields(std::size_t index) const {
  return changeFieldsOf(index).object;
}

const Json* DiffWorld::changeField(std::size_t index, std::string_view key) const {
  for (std::size_t i = 0; i < kChangeFieldNames.size(); ++i) {
    if (kChangeFieldNames[i] == key) return changeFieldsOf(index).fields[i];
  }
  return nullptr;
}

}  // namespace c2a::rules
