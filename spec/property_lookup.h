#pragma once
// Whether a path below a resource's Properties names properties the specification knows: what rule
// checks ask (resource_spec.h, PropertyLookup), walked over the complete table.
#include <span>
#include <string>

#include "spec/resource_spec.h"
#include "spec/spec_tables.h"

namespace c2a {

PropertyLookup lookupPropertyPath(const SpecTables& tables, const SpecResource& resource,
                                  std::span<const std::string> path);

}  // namespace c2a
