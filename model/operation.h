#pragma once
// Operations: what a deployment will do to each component (C2A's "changes").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/component.h"
#include "model/decision.h"
#include "model/infra_model.h"
#include "model/json.h"
#include "model/path.h"
#include "model/update_type.h"

namespace c2a {

enum class OperationType { Insert, Remove, Update, Replace, Rename };
enum class PropertyOperationType { Insert, Remove, Update, Move };
enum class Certainty { Definite, Possible };

std::string_view toString(OperationType type);
std::string_view toString(PropertyOperationType type);
std::string_view toString(Certainty certainty);

/// A change of one value inside a component.
struct PropertyChange {
  Path path;     // AFTER-side path; BEFORE-side for REMOVE
  Path oldPath;  // BEFORE-side path of a MOVE, else empty
  PropertyOperationType operation = PropertyOperationType::Update;
  std::optional<Json> oldValue;
  std::optional<Json> newValue;
  UpdateType updateType =
      UpdateType::Mutable;  // effective: inside an Immutable property → Immutable
  /// The values CloudFormation will deploy, where evaluating the written ones changes them (a
  /// parameter's value given, a mapping entry, a condition known: template_evaluation.h).
  std::optional<Json> oldEvaluated;
  std::optional<Json> newEvaluated;
};

struct Cause {
  std::string changeId;
  std::string reason;
};

struct Operation {
  std::string id;  // stable: the same inputs give the same id
  std::string stack;
  ComponentType componentType = ComponentType::Resource;
  std::string subtype;
  std::string name;     // AFTER-side logical id (BEFORE side for REMOVE)
  std::string oldName;  // BEFORE-side logical id of a RENAME, else empty
  /// How the app's author names the resource: its CDK construct path within the stack
  /// (Component::constructLabel), AFTER side first; empty without one. Titles lead with it.
  std::string label;
  std::optional<ComponentIndex> before;  // the component in the BEFORE model, if any
  std::optional<ComponentIndex> after;   // the component in the AFTER model, if any
  OperationType type = OperationType::Update;
  std::optional<PropertyChange> property;  // always set for UPDATE
  Certainty certainty = Certainty::Definite;
  bool propagated = false;  // the root of its cause chain is a change of another component
  /// IAM statements added or removed that the same principals hold on the other side too (a
  /// policy split, merged or moved): no grant is gained or lost (model-diffing/grant_regrouping).
  bool regrouped = false;
  std::optional<Cause> cause;
};

}  // namespace c2a
