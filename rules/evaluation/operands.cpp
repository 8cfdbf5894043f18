#include "rules/evaluation/operands.h"

#include <algorithm>
#include <memory>

#include "model/path.h"
#include "rules/evaluation/inside_levels.h"
#include "rules/evaluation/json_walk.h"
#include "rules/field_names.h"

namespace c2a::rules {
namespace {

Value jsonValue(const Json& json) {
  Value value;
  value.json = &json;
  return value;
}

void walk(const Json& node, std::span<const PathSegment> segments, std::vector<Value>& out) {
  walkPath(node, segments, [&](const Json& reached) {
    out.push_back(jsonValue(reached));
    return true;
  });
}

// `path`, `old`, `new` (or the JSON report's `property.path`, `property.old`, `property.new`):
// the fields a change bound at another level reads at that level. Sets `head` and `rest`.
bool levelField(std::span<const PathSegment> segments, std::string_view& head,
                std::span<const PathSegment>& rest) {
  if (segments.empty() || segments.front().kind != PathSegment::Kind::Key) return false;
  head = segments.front().key;
  rest = segments.subspan(1);
  if (head == "property" && !rest.empty() && rest.front().kind == PathSegment::Kind::Key &&
      (std::string_view(rest.front().key) == "path" ||
       std::string_view(rest.front().key) == "old" ||
       std::string_view(rest.front().key) == "new")) {
    head = rest.front().key;
    rest = rest.subspan(1);
  }
  return head == "path" || head == "old" || head == "new";
}

Value dottedPath(const Path& path) {
  auto owned = std::make_shared<Json>(toDotted(path));
  Value value;
  value.owned = owned;
  value.json = owned.get();
  return value;
}

// Component fields that are not part of the body (the body's own keys are capitalised:
// `Properties`, `DependsOn`, a parameter's `Type`).
bool isComponentField(const PathSegment& segment) {
  if (segment.kind != PathSegment::Kind::Key) return false;
  return isOneOf(kComponentFields, segment.key);
}

}  // namespace

void OperandResolver::resolve(const Operand& operand, OperandMode mode,
                              std::span<const Bound> slots, std::vector<Value>& out) const {
  if (operand.literal) {
    if (mode == OperandMode::Values) out.push_back(jsonValue(operand.literal->value));
    return;
  }
  if (!operand.path) return;
  const auto& path = *operand.path;
  if (path.slot < 0 || static_cast<std::size_t>(path.slot) >= slots.size()) return;
  const Bound& root = slots[static_cast<std::size_t>(path.slot)];
  switch (mode) {
    case OperandMode::Values: pathValues(path, root, out); return;
    case OperandMode::Entity:
    case OperandMode::Pattern: {
      if (!path.segments.empty() &&
          (mode == OperandMode::Entity || root.kind != Bound::Kind::Component)) {
        return;
      }
      Value value;
      if (root.kind == Bound::Kind::Component) {
        value.kind = mode == OperandMode::Pattern ? Value::Kind::Pattern : Value::Kind::Component;
        value.component = world_.component(root.index);
        value.pattern = path.segments;
      } else if (root.kind == Bound::Kind::Change) {
        value.kind = Value::Kind::Change;
        value.change = root.index;
        value.level = root.level;
        value.inside = root.inside;
      } else {
        return;
      }
      out.push_back(std::move(value));
      return;
    }
  }
}

// Each value once, however many `**` the path has (walkPath).
void OperandResolver::pathValues(const PathOperand& path, const Bound& root,
                                 std::vector<Value>& out) const {
  std::span<const PathSegment> segments = path.segments;
  if (root.kind == Bound::Kind::Component) componentValues(root.index, segments, out);
  if (root.kind == Bound::Kind::Change) {
    if (root.inside > 0 && insideValues(root.index, root.inside, segments, out)) {
      // read inside the intrinsic function
    } else if (root.level > 0 && enclosingValues(root.index, root.level, segments, out)) {
      // read at the enclosing level
    } else {
      changeValues(root.index, segments, out);
    }
  }
}

void OperandResolver::componentValues(WorldComponentId id, std::span<const PathSegment> segments,
                                      std::vector<Value>& out) const {
  if (id == DiffWorld::kNoComponent) return;
  if (!segments.empty() && isComponentField(segments.front())) {
    const auto& fields = world_.componentFields(id);
    if (auto it = fields.find(segments.front().key); it != fields.end()) {
      walk(*it, segments.subspan(1), out);
    }
    return;
  }
  walk(world_.primary(id).properties, segments, out);
}

bool OperandResolver::enclosingValues(std::size_t index, std::size_t level,
                                      std::span<const PathSegment> segments,
                                      std::vector<Value>& out) const {
  const auto& operation = world_.diff().operations[index];
  if (!operation.property || level >= operation.property->path.size()) return false;
  std::string_view head;
  std::span<const PathSegment> rest;
  if (!levelField(segments, head, rest)) return false;
  const auto& full = operation.property->path;
  const Path path(full.begin(), full.end() - static_cast<std::ptrdiff_t>(level));
  if (head == "path") {
    if (rest.empty()) out.push_back(dottedPath(path));
    return true;
  }
  const bool old = head == "old";
  const auto& side = old ? operation.before : operation.after;
  const auto* model = old ? world_.diff().before : world_.diff().after;
  if (!side || !model) return true;
  const Json* node = &model->component(*side).properties;
  for (const auto& key : path) {
    const Json* next = nullptr;
    if (node->is_object()) {
      if (auto it = node->find(key); it != node->end()) next = &*it;
    } else if (node->is_array()) {
      if (auto at = arrayIndex(key); at && *at < node->size()) next = &(*node)[*at];
    }
    if (next == nullptr) return true;
    node = next;
  }
  walk(*node, rest, out);
  return true;
}

bool OperandResolver::insideValues(std::size_t index, std::size_t inside,
                                   std::span<const PathSegment> segments,
                                   std::vector<Value>& out) const {
  const auto& operation = world_.diff().operations[index];
  if (!operation.property) return false;
  std::string_view head;
  std::span<const PathSegment> rest;
  if (!levelField(segments, head, rest)) return false;
  const auto& levels = context_.insideLevels(index);
  if (inside > levels.size()) return true;
  const auto& at = levels[inside - 1];
  if (head == "path") {
    if (rest.empty()) out.push_back(dottedPath(at.path));
    return true;
  }
  // The level's values are copies (normalised): each value read keeps its own.
  walkPath(head == "old" ? at.old : at.now, rest, [&](const Json& reached) {
    auto owned = std::make_shared<Json>(reached);
    Value value;
    value.owned = owned;
    value.json = owned.get();
    out.push_back(std::move(value));
    return true;
  });
  return true;
}

void OperandResolver::changeValues(std::size_t index, std::span<const PathSegment> segments,
                                   std::vector<Value>& out) const {
  if (segments.empty() || segments.front().kind != PathSegment::Kind::Key) {
    walk(world_.changeFields(index), segments, out);
    return;
  }
  const auto& head = segments.front();
  // Compared as views: a length first, not a strlen and a memcmp for each name tried.
  const std::string_view key = head.key;
  const std::string_view next = segments.size() > 1 ? std::string_view(segments[1].key) : "";
  auto rest = segments.subspan(1);
  const auto& operation = world_.diff().operations[index];
  if (key == "component") {
    componentValues(world_.componentOf(index), rest, out);
    return;
  }
  // `enclosing`: the values around the changed one (world.h), read in place rather than copied
  // into a list: `enclosing.N` is one of them, `enclosing.*` (or `enclosing` alone) each, and
  // `enclosing.**` each and everything below.
  if (key == "enclosing") {
    std::vector<const Json*> around;
    world_.enclosing(index, around);
    if (rest.empty()) {
      for (const auto* node : around) out.push_back(jsonValue(*node));
      return;
    }
    const auto& pick = rest.front();
    auto below = pick.kind == PathSegment::Kind::AnyDepth ? rest : rest.subspan(1);
    if (pick.kind == PathSegment::Kind::Key) {
      auto at = arrayIndex(pick.key);
      if (at && *at < around.size()) walk(*around[*at], below, out);
      return;
    }
    for (const auto* node : around) walk(*node, below, out);
    return;
  }
  // `property.old` / `property.new` (the JSON report's names) are `old` / `new`.
  if (key == "property" && !rest.empty() && rest.front().kind == PathSegment::Kind::Key &&
      (next == "old" || next == "new")) {
    if (!operation.property) return;
    const auto& value = next == "old" ? operation.property->oldValue : operation.property->newValue;
    if (value) walk(*value, rest.subspan(1), out);
    return;
  }
  // `old` / `new`: the property's values for a property change, as CloudFormation deploys them
  // where c2a can evaluate them (a parameter's value, a mapping entry, a condition: the values
  // rules must judge), else as written; the whole BEFORE / AFTER body of the component for a
  // component-level operation.
  if (key == "old" || key == "new") {
    bool old = key == "old";
    if (operation.property) {
      const auto& p = *operation.property;
      const auto& evaluated = old ? p.oldEvaluated : p.newEvaluated;
      const auto& value = evaluated ? evaluated : (old ? p.oldValue : p.newValue);
      if (value) walk(*value, rest, out);
      return;
    }
    // `old.name` / `new.name` of a component operation: its logical id on that side (C2A's
    // spelling; template bodies have no lowercase `name` key of their own).
    if (rest.size() == 1 && rest.front().kind == PathSegment::Kind::Key && next == "name") {
      const Json* name = old ? world_.changeField(index, "oldName") : nullptr;
      if (name == nullptr) name = world_.changeField(index, "name");
      if (name != nullptr) walk(*name, {}, out);
      return;
    }
    const auto& side = old ? operation.before : operation.after;
    const auto* model = old ? world_.diff().before : world_.diff().after;
    if (side && model) walk(model->component(*side).properties, rest, out);
    return;
  }
  if (const auto* field = world_.changeField(index, key)) walk(*field, rest, out);
}

}  // namespace c2a::rules
