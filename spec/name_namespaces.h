#pragma once
// Which resource types share their physical names. Names are unique per resource type, except
// where two types make the same kind of thing: a DynamoDB table and a global table are both
// tables, so one cannot be created under the name the other holds. A maintained table, since the
// specification does not say it.
#include <string_view>

namespace c2a {

/// The namespace a resource type's custom names live in: the type itself unless it shares names
/// with another (`AWS::DynamoDB::GlobalTable` → `AWS::DynamoDB::Table`).
std::string_view nameNamespace(std::string_view resourceType);

}  // namespace c2a
