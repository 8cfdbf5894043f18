#include "rules/operators/entities.h"

#include <algorithm>
#include <vector>

namespace c2a::rules {
namespace {

bool hasDependency(const InfraModel* model, std::optional<ComponentIndex> from,
                   std::optional<ComponentIndex> to) {
  if (!model || !from || !to) return false;
  bool found = false;
  model->forEachOutgoing(*from, [&](ComponentIndex, ComponentIndex target, const Relationship& r) {
    found = found || (target == *to && r.kind == RelationshipKind::Dependency);
  });
  return found;
}

// Climbs from the inner component to its containers: a component has few of them, a stack may
// contain thousands.
bool contains(const InfraModel* model, std::optional<ComponentIndex> outer,
              std::optional<ComponentIndex> inner) {
  if (!model || !outer || !inner || *outer == *inner) return false;
  // The containers of one component are a handful (constructs, a stack, a parent stack): a short
  // list beats a bitmap the size of the model.
  std::vector<ComponentIndex> seen{*inner};
  for (std::size_t next = 0; next < seen.size(); ++next) {
    bool found = false;
    model->forEachIncoming(
        seen[next], [&](ComponentIndex source, ComponentIndex, const Relationship& relationship) {
          if (relationship.kind != RelationshipKind::Structural ||
              std::find(seen.begin(), seen.end(), source) != seen.end()) {
            return;
          }
          found = found || source == *outer;
          seen.push_back(source);
        });
    if (found) return true;
  }
  return false;
}

}  // namespace

std::optional<ComponentRef> entityComponent(const Value& value, const EvaluationContext& context) {
  switch (value.kind) {
    case Value::Kind::Component:
    case Value::Kind::Pattern: return value.component;
    case Value::Kind::Change: {
      const auto& operations = context.diff().operations;
      if (value.change >= operations.size()) return std::nullopt;
      return ComponentRef{operations[value.change].before, operations[value.change].after};
    }
    case Value::Kind::Json: return std::nullopt;
  }
  return std::nullopt;
}

bool sameComponent(const ComponentRef& a, const ComponentRef& b) {
  return (a.after && a.after == b.after) || (a.before && a.before == b.before);
}

bool dependsOn(const EvaluationContext& context, const ComponentRef& from, const ComponentRef& to) {
  return hasDependency(context.diff().after, from.after, to.after) ||
         hasDependency(context.diff().before, from.before, to.before);
}

bool encloses(const EvaluationContext& context, const ComponentRef& outer,
              const ComponentRef& inner) {
  return contains(context.diff().after, outer.after, inner.after) ||
         contains(context.diff().before, outer.before, inner.before);
}

}  // namespace c2a::rules
