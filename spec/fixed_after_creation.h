#pragma once
// Properties the specification calls mutable that the service fixes when the resource is created:
// CloudFormation tries the update in place, the service refuses it, and the deployment fails and
// rolls back. A small table, each entry with the fact and its source, beside the specification
// (the failure kind fixed-after-creation reads it: deployment-prediction/fixed_after_creation.cpp).
#include <string_view>

namespace c2a {

struct FixedProperty {
  std::string_view resourceType;
  std::string_view property;  // top-level, under Properties
  /// Whole elements may still be added to the list (Cognito: new custom attributes); a change
  /// inside an element that exists, or its removal, is refused.
  bool elementsMayBeAdded = false;
  std::string_view fact;  // what the service refuses, and where AWS says so
  std::string_view fix;   // what to do instead
};

/// The entry for `property` of `resourceType`, or null.
const FixedProperty* fixedAfterCreation(std::string_view resourceType, std::string_view property);

}  // namespace c2a
