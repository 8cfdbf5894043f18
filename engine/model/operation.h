#pragma once
// Operations: what a deployment will do to each component (C2A's "changes"), and the effects
// rules attach to them.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/model/component.h"
#include "engine/model/infra_model.h"
#include "engine/model/json.h"
#include "engine/model/path.h"
#include "engine/model/update_type.h"

namespace c2a {

enum class OperationType { Insert, Remove, Update, Replace, Rename };
enum class PropertyOperationType { Insert, Remove, Update, Move };
enum class Certainty { Definite, Possible };
enum class Risk { Low, Unknown, High };  // ordered: the higher wins when effects combine
enum class Action { None, Approve, Reject };

std::string_view toString(OperationType type);
std::string_view toString(PropertyOperationType type);
std::string_view toString(Certainty certainty);
std::string_view toString(Risk risk);
std::string_view toString(Action action);

/// A change of one value inside a component.
struct PropertyChange {
  Path path;     // AFTER-side path; BEFORE-side for REMOVE
  Path oldPath;  // BEFORE-side path of a MOVE, else empty
  PropertyOperationType operation = PropertyOperationType::Update;
  std::optional<Json> oldValue;
  std::optional<Json> newValue;
  UpdateType updateType =
      UpdateType::Mutable;  // effective: inside an Immutable property → Immutable
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
  std::string name;                      // AFTER-side logical id (BEFORE side for REMOVE)
  std::string oldName;                   // BEFORE-side logical id of a RENAME, else empty
  std::optional<ComponentIndex> before;  // the component in the BEFORE model, if any
  std::optional<ComponentIndex> after;   // the component in the AFTER model, if any
  OperationType type = OperationType::Update;
  std::optional<PropertyChange> property;  // always set for UPDATE
  Certainty certainty = Certainty::Definite;
  bool propagated = false;  // caused by a change of another component
  std::optional<Cause> cause;

  // Filled by rules; until a rule matches, a change needs review.
  Risk risk = Risk::Unknown;
  Action action = Action::None;
  std::vector<std::string> rules;
};

}  // namespace c2a
