#pragma once
// The names a rule path may start with after a binding: one list, read by evaluation (what a name
// reaches) and by the rule checks (what a misspelt name is near to).
#include <array>
#include <string_view>

namespace c2a::rules {

/// `bucket.name`, `bucket.subtype`...: a component's own fields. The template body's keys are
/// capitalised (`Properties`, `DependsOn`), so the two never collide.
inline constexpr std::array<std::string_view, 8> kComponentFields{
    "name", "type", "subtype", "stack", "id", "stateful", "constructPath", "constructId"};

/// `change.type`...: the fields every change carries (DiffWorld fills them). `operation` and
/// `property` are the JSON report's names for `type` and the property fields.
inline constexpr std::array<std::string_view, 14> kChangeFieldNames{
    "type",      "propertyOperationType",
    "path",      "updateType",
    "certainty", "propagated",
    "id",        "stack",
    "name",      "oldName",
    "cause",     "operation",
    "property",  "failures",
};

/// `change.component`, `change.enclosing`, `change.old`, `change.new`: read through, not stored.
inline constexpr std::array<std::string_view, 4> kChangeReadThrough{"component", "enclosing", "old",
                                                                    "new"};

/// `change.property.X` and `change.cause.X`.
inline constexpr std::array<std::string_view, 6> kPropertyFields{
    "path", "operation", "updateType", "oldPath", "old", "new"};
inline constexpr std::array<std::string_view, 2> kCauseFields{"changeId", "reason"};

template <std::size_t N>
constexpr bool isOneOf(const std::array<std::string_view, N>& names, std::string_view name) {
  for (auto candidate : names) {
    if (candidate == name) return true;
  }
  return false;
}

}  // namespace c2a::rules
