#pragma once
// The rules' vocabulary: the names a rule path may start with after a binding, and the values of
// each closed set, in the order messages list them. One list each, read by both parsers (native
// and C2A), evaluation (what a name reaches) and the rule checks (what a misspelt name is near to).
#include <array>
#include <string_view>

#include "model/component.h"
#include "model/decision.h"
#include "model/operation.h"
#include "model/update_type.h"

namespace c2a::rules {

/// `bucket.name`, `bucket.subtype`...: a component's own fields. The template body's keys are
/// capitalised (`Properties`, `DependsOn`), so the two never collide.
inline constexpr std::array<std::string_view, 8> kComponentFields{
    "name", "type", "subtype", "stack", "id", "stateful", "constructPath", "constructId"};

/// `change.type`...: the fields every change carries (DiffWorld fills them). `operation` and
/// `property` are the JSON report's names for `type` and the property fields.
inline constexpr std::array<std::string_view, 15> kChangeFieldNames{
    "type",      "propertyOperationType",
    "path",      "updateType",
    "certainty", "propagated",
    "id",        "stack",
    "name",      "oldName",
    "cause",     "operation",
    "property",  "failures",
    "regrouped",
};

/// `change.component`, `change.enclosing`, `change.old`, `change.new`: read through, not stored.
inline constexpr std::array<std::string_view, 4> kChangeReadThrough{"component", "enclosing", "old",
                                                                    "new"};

/// `change.property.X` and `change.cause.X`.
inline constexpr std::array<std::string_view, 6> kPropertyFields{
    "path", "operation", "updateType", "oldPath", "old", "new"};
inline constexpr std::array<std::string_view, 2> kCauseFields{"changeId", "reason"};

inline constexpr std::array kComponentTypes{ComponentType::Resource, ComponentType::Parameter,
                                            ComponentType::Output,   ComponentType::Condition,
                                            ComponentType::Mapping,  ComponentType::Construct,
                                            ComponentType::Stack};
inline constexpr std::array kOperationTypes{OperationType::Insert, OperationType::Remove,
                                            OperationType::Update, OperationType::Replace,
                                            OperationType::Rename};
inline constexpr std::array kPropertyOperationTypes{
    PropertyOperationType::Insert, PropertyOperationType::Remove, PropertyOperationType::Update,
    PropertyOperationType::Move};
inline constexpr std::array kUpdateTypes{UpdateType::Mutable, UpdateType::Immutable,
                                         UpdateType::Conditional, UpdateType::Unknown};
inline constexpr std::array kCertainties{Certainty::Definite, Certainty::Possible};
inline constexpr std::array kRisks{Risk::High, Risk::Low, Risk::Unknown};
inline constexpr std::array kActions{Action::Approve, Action::Reject, Action::None};

template <std::size_t N>
constexpr bool isOneOf(const std::array<std::string_view, N>& names, std::string_view name) {
  for (auto candidate : names) {
    if (candidate == name) return true;
  }
  return false;
}

}  // namespace c2a::rules
